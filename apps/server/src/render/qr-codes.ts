import { APP_TITLE } from '@portal/contracts';
import { imageSize } from 'image-size';
import type { Piscina } from 'piscina';
import QRCode from 'qrcode';
import { badRequest, serviceUnavailable } from '../domain/errors.js';
import type { QrScanTask } from './qr-scan-worker.js';
import { escapeHtml } from '../platform/html.js';
import { createWorkerPool } from '../platform/worker-pool.js';

/** A QR code needs far less; a larger picture is refused from its header, before decoding. */
export const QR_MAX_PIXELS = 4_000_000;
const QR_SCAN_TIME_LIMIT_MS = 5_000;

let scanPool: Piscina<QrScanTask, string | null> | undefined;
/** Decoding and scanning run off the event loop, one picture at a time, with a bounded queue. */
function qrScanPool(): Piscina<QrScanTask, string | null> {
  scanPool ??= createWorkerPool(new URL('./qr-scan-worker.js', import.meta.url), {
    minThreads: 0,
    maxThreads: 1,
    maxQueue: 8,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 },
  });
  return scanPool;
}

function headerOf(image: Buffer): { type: 'png' | 'jpg'; pixels: number } {
  let size;
  try {
    size = imageSize(image);
  } catch {
    throw badRequest('图片格式不支持，请上传 PNG 或 JPG 图片', { ImageBase64: '仅支持 PNG、JPG' });
  }
  if (size.type !== 'png' && size.type !== 'jpg')
    throw badRequest('图片格式不支持，请上传 PNG 或 JPG 图片', { ImageBase64: '仅支持 PNG、JPG' });
  return { type: size.type, pixels: size.width * size.height };
}

/** Common/QRCodeDecode: the text of the QR code in a base64 PNG or JPEG (a data: URL is fine). */
export async function decodeQrCode(imageBase64: string): Promise<string> {
  const base64 = imageBase64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64))
    throw badRequest('图片数据不是有效的 base64', { ImageBase64: '不是有效的 base64' });
  const image = Buffer.from(base64, 'base64');
  const { type, pixels } = headerOf(image);
  if (pixels > QR_MAX_PIXELS)
    throw badRequest('图片过大，请裁剪出二维码部分后再试', { ImageBase64: '图片尺寸过大' });
  const pool = qrScanPool();
  if (pool.queueSize >= pool.options.maxQueue)
    throw serviceUnavailable('二维码识别繁忙，请稍后再试');
  let text: string | null;
  try {
    text = await pool.run(
      { image, type, maxPixels: QR_MAX_PIXELS },
      { signal: AbortSignal.timeout(QR_SCAN_TIME_LIMIT_MS) },
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError')
      throw badRequest('识别超时，请裁剪出二维码部分后再试', { ImageBase64: '识别超时' });
    throw badRequest('图片无法读取，请重新选择', { ImageBase64: '图片已损坏' });
  }
  if (!text) throw badRequest('未识别到二维码', { ImageBase64: '未识别到二维码' });
  return text;
}

/** Splits a title into lines of at most `width` characters (CJK counts one each). */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < text.length && lines.length < maxLines; i += width)
    lines.push(text.slice(i, i + width));
  if (lines.length === maxLines && text.length > width * maxLines)
    lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, -1)}…`;
  return lines;
}

/** Common/GetSharePoster: an SVG poster with the title and a QR code of the share address. */
export async function sharePosterSvg(
  project: { title: string; organizer: string },
  shareUrl: string,
): Promise<string> {
  const qr = await QRCode.toString(shareUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const qrInner = qr.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const viewBox = /viewBox="([^"]+)"/.exec(qr)?.[1] ?? '0 0 33 33';
  const titleLines = wrap(project.title, 14, 3)
    .map(
      (line, i) =>
        `<text x="40" y="${150 + i * 44}" font-size="32" font-weight="bold" fill="#1f2329">${escapeHtml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="540" height="800" viewBox="0 0 540 800" font-family="PingFang SC, Microsoft YaHei, sans-serif">
<rect width="540" height="800" fill="#ffffff"/><rect width="540" height="96" fill="#1677ff"/>
<text x="40" y="60" font-size="26" fill="#ffffff">${escapeHtml(APP_TITLE)}</text>${titleLines}
<text x="40" y="310" font-size="22" fill="#646a73">${escapeHtml(project.organizer)}</text>
<svg x="150" y="380" width="240" height="240" viewBox="${viewBox}">${qrInner}</svg>
<text x="270" y="680" font-size="22" fill="#646a73" text-anchor="middle">长按识别二维码，查看报名详情</text></svg>`;
}
