import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_JPEG_QUALITY, imageToBase64 } from './image-base64';

// The edge: happy-dom neither loads images nor paints canvases, so both are stood in for.
class FakeImage {
  static fail = false;
  crossOrigin = '';
  naturalWidth = 4;
  naturalHeight = 3;
  width = 4;
  height = 3;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    queueMicrotask(() => (FakeImage.fail ? this.onerror?.() : this.onload?.()));
  }
}

describe('§9 image → base64', () => {
  const toDataURL = vi.fn((_type?: string, _quality?: unknown) => 'data:image/jpeg;base64,AAAA');

  beforeEach(() => {
    FakeImage.fail = false;
    vi.stubGlobal('Image', FakeImage);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(toDataURL);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    toDataURL.mockClear();
  });

  it('encodes as JPEG with quality 0.8 into { ImageUrl, ImageBase64 }', async () => {
    expect(IMAGE_JPEG_QUALITY).toBe(0.8);
    await expect(imageToBase64('https://cdn.example.com/a.png')).resolves.toEqual({
      ImageUrl: 'https://cdn.example.com/a.png',
      ImageBase64: 'data:image/jpeg;base64,AAAA',
    });
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.8);
  });

  it('a failed image load gives an empty base64 string', async () => {
    FakeImage.fail = true;
    await expect(imageToBase64('https://cdn.example.com/missing.png')).resolves.toEqual({
      ImageUrl: 'https://cdn.example.com/missing.png',
      ImageBase64: '',
    });
    expect(toDataURL).not.toHaveBeenCalled();
  });
});
