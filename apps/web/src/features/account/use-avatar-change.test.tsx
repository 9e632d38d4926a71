import { updateHeadPortrait, upload } from '@portal/contracts';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../platform';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useAvatarChange } from './use-avatar-change';

const compressed = vi.hoisted(() => ({ image: null as Blob | null }));
vi.mock('../../shared/image-base64', () => ({ compressPhoto: async () => compressed.image }));

setUpScreenTests();

const picture = (type = 'image/png') => new File(['x'], 'me.png', { type });

describe('useAvatarChange: 更换头像, whatever view shows it', () => {
  it('refuses what is not a picture, or a picture that cannot be read, without uploading', async () => {
    signIn();
    const server = fakeServer();
    const { result } = renderFeatureHook(() => useAvatarChange());
    await expect(result.current.choose(picture('application/pdf'))).resolves.toBe('not-image');
    compressed.image = null;
    await act(async () => {
      await expect(result.current.choose(picture())).resolves.toBe('unreadable');
    });
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the compressed JPEG as the avatar and keeps the new profile', async () => {
    signIn();
    compressed.image = new Blob(['jpeg'], { type: 'image/jpeg' });
    const server = fakeServer()
      .on(upload, {
        FileId: 'AvatarAvatarAvatarAvat',
        Url: '/uploads/AvatarAvatarAvatarAvat?expires=1&signature=x',
        FileName: 'avatar.jpg',
        Size: 4,
        ContentType: 'image/jpeg',
      })
      .on(updateHeadPortrait, {
        UserId: 7,
        Name: '张三',
        Mobile: '138****8000',
        HeadPortrait: '/uploads/AvatarAvatarAvatarAvat',
        IsRealName: false,
        IdNumber: null,
        IsBindWeChat: false,
        CreateTime: '2024-01-01T08:00:00+08:00',
      });
    const { result } = renderFeatureHook(() => useAvatarChange());
    await act(async () => {
      await expect(result.current.choose(picture())).resolves.toBe('changed');
    });
    expect(server.calls(upload)[0]?.form?.get('File')).toBeInstanceOf(File);
    expect(server.calls(updateHeadPortrait)[0]?.input).toEqual({
      HeadPortrait: 'AvatarAvatarAvatarAvat',
    });
    expect(useSessionStore.getState().userData?.HeadPortrait).toBe(
      '/uploads/AvatarAvatarAvatarAvat',
    );
  });
});
