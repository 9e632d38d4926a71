import './draft-saved.css';
import { formatDate } from '../../shared/date';

/**
 * Said under the form once its draft reached the server: when, and that it travels. Plain text,
 * not a live region: a screen reader is not interrupted at every pause in typing.
 */
export function DraftSaved({ savedAt }: { savedAt: string | null }) {
  if (!savedAt) return null;
  return (
    <p className="apply-draft-saved">
      草稿已于 {formatDate(savedAt, 'HH:mm')} 自动保存，换一台设备登录也能接着填写
    </p>
  );
}
