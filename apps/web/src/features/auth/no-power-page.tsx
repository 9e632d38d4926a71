import { FALLBACK_ROUTE } from '@portal/contracts';
import { Link } from 'react-router';
import { StatusPage } from '../../shared/ui/status-page';

export default function NoPowerPage() {
  return (
    <StatusPage
      tone="error"
      heading="没有访问权限"
      detail="您的账号无权访问该页面，如有疑问请联系管理员。"
      actions={
        <Link className="status-page__button" to={FALLBACK_ROUTE} replace>
          返回首页
        </Link>
      }
    />
  );
}
