import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session-store';
import { isFreshSignedUpload, uploadAddressOf, useUploadSrc } from './uploads';

const ID = 'PhotoPhotoPhotoPhotoPh';
const signed = (expiresMs: number) =>
  `/uploads/${ID}?expires=${Math.floor(expiresMs / 1000)}&signature=abc`;

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().resetSession();
});

describe('where an upload is shown from', () => {
  it('a signed address while it works, else the upload’s own address; never another site’s', () => {
    const now = Date.now();
    expect(isFreshSignedUpload(signed(now + 10 * 60_000), now)).toBe(true);
    expect(isFreshSignedUpload(signed(now + 10_000), now)).toBe(false);
    expect(isFreshSignedUpload(`/uploads/${ID}`, now)).toBe(false);
    const fresh = signed(now + 10 * 60_000);
    expect(uploadAddressOf({ FileId: ID, Url: fresh })).toBe(fresh);
    expect(uploadAddressOf({ FileId: ID, Url: signed(now - 1000) })).toBe(`/uploads/${ID}`);
    expect(uploadAddressOf({ FileId: ID, Url: 'https://evil.example/a.jpg' })).toBe(
      `/uploads/${ID}`,
    );
    expect(uploadAddressOf({ Url: 'https://evil.example/a.jpg' })).toBe('');
    expect(uploadAddressOf(null)).toBe('');
  });
});

describe('useUploadSrc', () => {
  it('leaves signed and outside addresses as they are, without a request', () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    const fresh = signed(Date.now() + 10 * 60_000);
    expect(renderHook(() => useUploadSrc(fresh)).result.current).toBe(fresh);
    expect(renderHook(() => useUploadSrc('https://cdn.example.com/a.png')).result.current).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads an unsigned address of ours with the session’s token, and shows nothing when refused', async () => {
    useSessionStore.getState().setToken('tok');
    const fetchSpy = vi.fn<typeof fetch>(async (input) =>
      String(input).endsWith(ID)
        ? new Response(new Blob(['jpeg'], { type: 'image/jpeg' }))
        : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const own = renderHook(() => useUploadSrc(`/uploads/${ID}`));
    await waitFor(() => expect(own.result.current).toMatch(/^blob:/));
    expect(new Headers(fetchSpy.mock.calls[0]![1]!.headers).get('Authorization')).toBe(
      'Bearer tok',
    );
    const gone = renderHook(() => useUploadSrc('/uploads/GoneGoneGoneGoneGoneGo'));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(gone.result.current).toBe('');
  });
});
