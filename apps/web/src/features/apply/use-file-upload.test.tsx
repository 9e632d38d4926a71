import { upload, type FormField } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useFileUpload } from './use-file-upload';

vi.mock('../../shared/image-base64', () => ({
  compressPhoto: async () => new Blob(['j'.repeat(2048)], { type: 'image/jpeg' }),
}));

setUpScreenTests();

const PHOTO: FormField = {
  FieldId: 'photo',
  Label: '证件照',
  Type: 'photo',
  Required: true,
  Accept: ['image/jpeg'],
  MaxSizeKb: 1,
};
const file = (type: string, name = 'me.png') => new File(['x'], name, { type });

describe('useFileUpload: a photo or file field, whatever view shows it', () => {
  it('refuses a non-image as a photo, and a photo larger than the field allows', async () => {
    signIn();
    const server = fakeServer();
    const onUploaded = vi.fn();
    const { result } = renderFeatureHook(() => useFileUpload(PHOTO, onUploaded));
    await act(() => result.current.choose(file('application/pdf', 'a.pdf')));
    expect(result.current.problem).toBe('证件照须为图片');
    await act(() => result.current.choose(file('image/png')));
    expect(result.current.problem).toBe('证件照不能超过1KB');
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the compressed photo as a JPEG and hands back the stored file', async () => {
    signIn();
    const stored = {
      FileId: 'PhotoPhotoPhotoPhotoPh',
      Url: '/uploads/PhotoPhotoPhotoPhotoPh?expires=1&signature=x',
      FileName: 'me.jpg',
      Size: 2048,
      ContentType: 'image/jpeg',
    };
    const server = fakeServer().on(upload, stored);
    const onUploaded = vi.fn();
    const { result } = renderFeatureHook(() =>
      useFileUpload({ ...PHOTO, MaxSizeKb: 100 }, onUploaded),
    );
    await act(() => result.current.choose(file('image/png')));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored));
    const sent = server.calls(upload)[0]!;
    expect(sent.input).toEqual({ Purpose: 'photo' });
    expect((sent.form?.get('File') as File).name).toBe('me.jpg');
    expect((sent.form?.get('File') as File).type).toBe('image/jpeg');
  });
});
