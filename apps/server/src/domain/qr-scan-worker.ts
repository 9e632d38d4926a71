import os from 'node:os';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// On Linux this lowers only this worker thread: a long scan must not take a core from the server.
try {
  os.setPriority(10);
} catch {
  // a platform that refuses it scans at the usual priority
}

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
