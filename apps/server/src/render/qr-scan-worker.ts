import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { lowerThisThreadsPriority } from '../platform/worker-pool.js';

lowerThisThreadsPriority();

export interface QrScanTask {
  image: Uint8Array;
  type: 'png' | 'jpg';
  maxPixels: number;
}

/** Runs in a worker thread (qr-codes.ts): decodes the image and finds the QR code, or null. */
export default function scanQrCode({ image, type, maxPixels }: QrScanTask): string | null {
  const data = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  const pixels =
    type === 'png'
      ? PNG.sync.read(data)
      : jpeg.decode(data, {
          useTArray: true,
          formatAsRGBA: true,
          maxResolutionInMP: maxPixels / 1_000_000,
          maxMemoryUsageInMB: 64,
        });
  if (pixels.width * pixels.height > maxPixels)
    throw new Error('image larger than its header said');
  const found = jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height);
  return found?.data || null;
}
