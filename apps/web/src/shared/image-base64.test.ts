import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataUrlToBlob, IMAGE_JPEG_QUALITY, imageToBase64 } from './image-base64';

// The edge: happy-dom neither loads images nor paints canvases, so both are stood in for.
class FakeImage {
  static fail = false;
  static size = { width: 4, height: 3 };
  crossOrigin = '';
  naturalWidth = FakeImage.size.width;
  naturalHeight = FakeImage.size.height;
  width = FakeImage.size.width;
  height = FakeImage.size.height;
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
    FakeImage.size = { width: 4, height: 3 };
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

  it('keeps the natural size unless told a largest side', async () => {
    const drawn: HTMLCanvasElement[] = [];
    toDataURL.mockImplementation(function (this: HTMLCanvasElement) {
      drawn.push(this);
      return 'data:image/jpeg;base64,AAAA';
    });
    FakeImage.size = { width: 4000, height: 3000 };
    await imageToBase64('blob:photo');
    await imageToBase64('blob:photo', { maxSide: 1200 });
    expect(drawn.map((c) => [c.width, c.height])).toEqual([
      [4000, 3000],
      [1200, 900],
    ]);
  });

  it('never scales a small image up', async () => {
    const drawn: HTMLCanvasElement[] = [];
    toDataURL.mockImplementation(function (this: HTMLCanvasElement) {
      drawn.push(this);
      return 'data:image/jpeg;base64,AAAA';
    });
    await imageToBase64('blob:small', { maxSide: 1200 });
    expect([drawn[0]?.width, drawn[0]?.height]).toEqual([4, 3]);
  });

  it('turns a data URL into a typed Blob for upload', async () => {
    const blob = dataUrlToBlob('data:image/jpeg;base64,AAEC');
    expect(blob.type).toBe('image/jpeg');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0, 1, 2]);
  });
});
