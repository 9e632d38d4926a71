import type { UploadedFileValue } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useSessionStore } from './session-store';

/** The server's uploads: private, read with a signed address or with the owner's token. */
const UPLOAD_PREFIX = '/uploads/';
// A signed address this close to its expiry is not used: the image may load after it.
const EXPIRY_MARGIN_MS = 30_000;

/** Whether an address of ours carries a signature that still works. */
export function isFreshSignedUpload(address: string, now = Date.now()): boolean {
  if (!address.startsWith(UPLOAD_PREFIX)) return false;
  const query = new URLSearchParams(address.split('?')[1] ?? '');
  const expires = Number(query.get('expires'));
  return query.has('signature') && expires * 1000 > now + EXPIRY_MARGIN_MS;
}

/**
 * Where to show an uploaded file from: the signed Url an answer gave while it works, else the
 * upload's own address (read with the session's token); nothing for a value that names no upload.
 */
export function uploadAddressOf(value: Pick<UploadedFileValue, 'FileId' | 'Url'> | null): string {
  if (!value) return '';
  if (value.Url && isFreshSignedUpload(value.Url)) return value.Url;
  return value.FileId ? `${UPLOAD_PREFIX}${value.FileId}` : '';
}

/**
 * An address an <img> can show. Ours without a working signature is fetched with the session's
 * token into an object URL ('' until then, or when refused); any other address is left as it is.
 */
export function useUploadSrc(address: string): string {
  // Read again when it changes; sent as the store holds it (a drawn page hydrates with a
  // placeholder in the hook's value, while the store already holds the real token).
  const token = useSessionStore((s) => s.token);
  const needsToken = address.startsWith(UPLOAD_PREFIX) && !isFreshSignedUpload(address);
  const [loaded, setLoaded] = useState<{ address: string; url: string } | null>(null);
  useEffect(() => {
    const session = useSessionStore.getState();
    if (!needsToken || !token || !session.token) return;
    let objectUrl = '';
    let cancelled = false;
    void fetch(address, { headers: { Authorization: `${session.tokenType} ${session.token}` } })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ address, url: objectUrl });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [address, needsToken, token]);
  if (!needsToken) return address;
  return loaded?.address === address ? loaded.url : '';
}
