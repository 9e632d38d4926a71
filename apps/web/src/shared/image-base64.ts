/** §9: JPEG quality of an image turned into base64. */
export const IMAGE_JPEG_QUALITY = 0.8;

/** §3: the image conversion payload. */
export interface ImageBase64Payload {
  ImageUrl: string;
  ImageBase64: string;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`image load failed: ${url}`));
    image.src = url;
  });
}

/** Uploaded photos are drawn no larger than this on their longest side: a phone's 12-megapixel
 * picture would otherwise stay several MB after JPEG 0.8 and exceed a form's size limit. */
export const UPLOAD_IMAGE_MAX_SIDE = 1200;

/**
 * Draws the image on a canvas and reads it as a JPEG data URL; §8: a failed load gives ''.
 * With `maxSide`, a larger image is scaled down (proportions kept) before it is encoded.
 */
export async function imageToBase64(
  url: string,
  options: { maxSide?: number } = {},
): Promise<ImageBase64Payload> {
  try {
    const image = await loadImage(url);
    const width = image.naturalWidth || image.width;
    const height = image.naturalHeight || image.height;
    const scale = options.maxSide ? Math.min(1, options.maxSide / Math.max(width, height)) : 1;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return { ImageUrl: url, ImageBase64: '' };
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { ImageUrl: url, ImageBase64: canvas.toDataURL('image/jpeg', IMAGE_JPEG_QUALITY) };
  } catch {
    return { ImageUrl: url, ImageBase64: '' };
  }
}

/** A data URL as a Blob, for multipart upload. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * §9: a chosen picture as the JPEG (quality 0.8, at most UPLOAD_IMAGE_MAX_SIDE on its longest
 * side) that is uploaded; null when it cannot be read as an image.
 */
export async function compressPhoto(file: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(file);
  try {
    const { ImageBase64 } = await imageToBase64(url, { maxSide: UPLOAD_IMAGE_MAX_SIDE });
    return ImageBase64 ? dataUrlToBlob(ImageBase64) : null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
