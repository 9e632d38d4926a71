import { ERROR_CODES, type PdfFile } from '@portal/contracts';
import type { PdfGateway, WeChatGateway, WeChatJsSignature } from '../ports.js';
import { badRequest, DomainError } from '../errors.js';
import { ownAddress } from '../../platform/own-addresses.js';

/** Common/CreateWebWeChat: only this deployment's pages; the gateway signs without fragment. */
export async function signWebPage(
  weChat: WeChatGateway,
  pageUrl: string,
  origins: ReadonlySet<string>,
): Promise<WeChatJsSignature> {
  if (!ownAddress(pageUrl, origins))
    throw badRequest('页面地址须为本站 http(s) 页面地址', { PageUrl: '须为本站页面地址' });
  try {
    return await weChat.signJsApi(pageUrl);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // WeChat's API is down or refuses the account: sharing waits (§7: only logged in the page).
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, '微信签名暂时不可用，请稍后再试');
  }
}

type PdfAsker = { userId: number } | { reviewerId: number };
const pdfOwnerOf = (asker: PdfAsker) =>
  'userId' in asker ? `user:${asker.userId}` : `reviewer:${asker.reviewerId}`;

/** The PDF gateway as one person asks it: their renders take turns with everyone else's. */
export function pdfGatewayOf(pdf: PdfGateway, asker: PdfAsker): PdfGateway {
  const owner = pdfOwnerOf(asker);
  return {
    htmlToPdf: (html) => pdf.htmlToPdf(html, owner),
    checkRoomFor: () => pdf.checkRoomFor(owner),
  };
}

/** Refuses a signed-in asker's render past their share before their HTML is read. */
export function checkPdfRoomFor(pdf: PdfGateway, user: { userId: number } | null): void {
  if (user) pdf.checkRoomFor(pdfOwnerOf(user));
}

/** Common/HtmlToPdf through the PDF gateway. */
export async function htmlToPdfFile(
  pdf: PdfGateway,
  html: string,
  fileName: string | undefined,
): Promise<PdfFile> {
  let buffer: Buffer;
  try {
    buffer = await pdf.htmlToPdf(html);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, '暂时无法生成 PDF，请稍后再试');
  }
  const base = (fileName ?? '').replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 90) || 'document';
  return {
    FileName: base.toLowerCase().endsWith('.pdf') ? base : `${base}.pdf`,
    ContentType: 'application/pdf',
    Base64: buffer.toString('base64'),
  };
}
