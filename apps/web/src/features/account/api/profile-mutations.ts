import {
  realPersonVerify,
  relieveWeChatBind,
  updateHeadPortrait,
  upload,
  type RequestOf,
  type UserProfile,
} from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, useSessionStore } from '../../../platform';

const keepProfile = (profile: UserProfile) => useSessionStore.getState().setProfile(profile);

/** Common/Upload (multipart, Purpose avatar), then User/UpdateHeadPortrait with its FileId. */
export async function changeAvatar(image: Blob): Promise<UserProfile> {
  const file = new File([image], 'avatar.jpg', { type: image.type || 'image/jpeg' });
  const uploaded = await callEndpoint(upload, { Purpose: 'avatar' }, { files: { File: file } });
  return callEndpoint(updateHeadPortrait, { HeadPortrait: uploaded.FileId });
}

export function useChangeAvatar() {
  return useMutation({ mutationFn: changeAvatar, onSuccess: keepProfile });
}

export function useRealPersonVerify() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof realPersonVerify>) =>
      callEndpoint(realPersonVerify, input),
    onSuccess: keepProfile,
  });
}

export function useRelieveWeChatBind() {
  return useMutation({
    mutationFn: () => callEndpoint(relieveWeChatBind, {}),
    onSuccess: keepProfile,
  });
}
