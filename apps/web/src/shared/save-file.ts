/** Base64 text (as a JSON answer carries a file) to a Blob of that type. */
export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** How long the object URL lives after the click: long enough for a slow phone to start saving. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file the way phones and desktops both accept: an <a download> pointing at an object
 * URL, clicked once. Returns the URL (revoked later) so a caller can also offer to open it.
 */
export function saveBase64File(base64: string, fileName: string, type: string): string {
  const url = URL.createObjectURL(base64ToBlob(base64, type));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return url;
}
