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

/** Draws the image on a canvas and reads it as a JPEG data URL; §8: a failed load gives ''. */
export async function imageToBase64(url: string): Promise<ImageBase64Payload> {
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || image.width;
    canvas.height = image.naturalHeight || image.height;
    const context = canvas.getContext('2d');
    if (!context) return { ImageUrl: url, ImageBase64: '' };
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { ImageUrl: url, ImageBase64: canvas.toDataURL('image/jpeg', IMAGE_JPEG_QUALITY) };
  } catch {
    return { ImageUrl: url, ImageBase64: '' };
  }
}
