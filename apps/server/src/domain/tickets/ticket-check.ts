import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type { ServerSecrets } from '../../platform/secrets.js';

/** Where a ticket's QR code leads: a page of the server, readable in any scanner's browser. */
export const TICKET_CHECK_PATH = '/ticket/verify';

/** The signature's key is derived from the server's secret for this one purpose. */
function signatureOf(secret: string, ticketNo: string): string {
  return createHmac('sha256', secret).update(`ticket-check:${ticketNo}`).digest('base64url');
}

/** The signed address of a ticket: its number and an HMAC of it made with the server's key. */
export function ticketCheckUrl(
  publicUrl: string,
  secrets: Pick<ServerSecrets, 'cookieKeys'>,
  ticketNo: string,
): string {
  const url = new URL(TICKET_CHECK_PATH, `${publicUrl}/`);
  url.searchParams.set('No', ticketNo);
  url.searchParams.set('Sig', signatureOf(secrets.cookieKeys[0] ?? '', ticketNo));
  return url.href;
}

/** Whether the signature was made by this server (any of its current keys) for this number. */
export function isGenuineSignature(
  secrets: Pick<ServerSecrets, 'cookieKeys'>,
  ticketNo: string,
  signature: string,
): boolean {
  const given = Buffer.from(signature);
  return secrets.cookieKeys.some((key) => {
    const expected = Buffer.from(signatureOf(key, ticketNo));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** A PNG data URL of the QR code (an <img>, which the SPA's sanitiser and the PDF both keep). */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
