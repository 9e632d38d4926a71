import { useState } from 'react';
import { compressPhoto } from '../../shared/image-base64';
import { useChangeAvatar } from './api/profile-mutations';

/** What became of a chosen picture. */
export type AvatarOutcome = 'changed' | 'not-image' | 'unreadable' | 'failed' | 'busy';

export const AVATAR_PROBLEM_TEXT: Record<Exclude<AvatarOutcome, 'changed' | 'busy'>, string> = {
  'not-image': '请选择图片文件',
  unreadable: '图片读取失败，请换一张图片',
  // The HTTP layer has said why.
  failed: '',
};

/**
 * 更换头像 without its looks: the picture is redrawn as a JPEG (§9), uploaded (Common/Upload,
 * Purpose avatar) and set (User/UpdateHeadPortrait); one picture at a time.
 */
export function useAvatarChange() {
  const change = useChangeAvatar();
  const [converting, setConverting] = useState(false);
  const busy = converting || change.isPending;

  const choose = async (file: File | undefined): Promise<AvatarOutcome> => {
    if (!file || busy) return 'busy';
    if (!file.type.startsWith('image/')) return 'not-image';
    setConverting(true);
    const image = await compressPhoto(file);
    setConverting(false);
    if (!image) return 'unreadable';
    try {
      await change.mutateAsync(image);
      return 'changed';
    } catch {
      return 'failed';
    }
  };
  return { choose, busy };
}
