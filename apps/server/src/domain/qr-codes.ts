import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { badRequest } from './errors.js';
import { sniffType } from './uploads.js';
import { escapeHtml } from '../platform/html.js';

const MAX_PIXELS = 16_000_000;

function decodePixels(data: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  const type = sniffType(data);
  try {
    if (type === 'image/png') {
      const png = PNG.sync.read(data);
      if (png.width * png.height > MAX_PIXELS) throw badRequest('图片过大，请裁剪后再试');
      return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
    }
    if (type === 'image/jpeg') {
      const image = jpeg.decode(data, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: 16,
        maxMemoryUsageInMB: 256,
      });
      return { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height };
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    throw badRequest('图片无法读取，请重新选择', { ImageBase64: '图片已损坏' });
  }
  throw badRequest('图片格式不支持，请上传 PNG 或 JPG 图片', { ImageBase64: '仅支持 PNG、JPG' });
}

/** Common/QRCodeDecode: the text of the QR code in a base64 PNG or JPEG (a data: URL is fine). */
export function decodeQrCode(imageBase64: string): string {
  const base64 = imageBase64.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64))
    throw badRequest('图片数据不是有效的 base64', { ImageBase64: '不是有效的 base64' });
  const pixels = decodePixels(Buffer.from(base64, 'base64'));
  const found = jsQR(pixels.data, pixels.width, pixels.height);
  if (!found || !found.data) throw badRequest('未识别到二维码', { ImageBase64: '未识别到二维码' });
  return found.data;
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
<text x="40" y="60" font-size="26" fill="#ffffff">考试报名服务平台</text>${titleLines}
<text x="40" y="310" font-size="22" fill="#646a73">${escapeHtml(project.organizer)}</text>
<svg x="150" y="380" width="240" height="240" viewBox="${viewBox}">${qrInner}</svg>
<text x="270" y="680" font-size="22" fill="#646a73" text-anchor="middle">长按识别二维码，查看报名详情</text></svg>`;
}
