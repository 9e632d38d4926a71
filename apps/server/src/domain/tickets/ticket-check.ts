import QRCode from 'qrcode';
import type { ServerSecrets } from '../../platform/secrets.js';
import { isServerSignature, serverSignature } from '../../platform/server-signature.js';

const PURPOSE = 'ticket-check';

/** Where a ticket's QR code leads: a page of the server, readable in any scanner's browser. */
export const TICKET_CHECK_PATH = '/ticket/verify';

/** The signed address of a ticket: its number and an HMAC of it made with the server's key. */
export function ticketCheckUrl(
  publicUrl: string,
  secrets: Pick<ServerSecrets, 'cookieKeys'>,
  ticketNo: string,
): string {
  const url = new URL(TICKET_CHECK_PATH, `${publicUrl}/`);
  url.searchParams.set('No', ticketNo);
  url.searchParams.set('Sig', serverSignature(secrets.cookieKeys, PURPOSE, ticketNo));
  return url.href;
}

/** Whether this server signed the ticket's number. */
export const isGenuineSignature = (
  secrets: Pick<ServerSecrets, 'cookieKeys'>,
  ticketNo: string,
  signature: string,
): boolean => isServerSignature(secrets.cookieKeys, PURPOSE, ticketNo, signature);

/** A PNG data URL of the QR code (an <img>, which the SPA's sanitiser and the PDF both keep). */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
