import type { Page } from 'playwright-core';

/** Where the parts of a slide check are: the picture with the gap, the piece, the slider. */
export interface SlideParts {
  image: string;
  piece: string;
  slider: string;
}

/** The portal's slider (both layouts) and the identity provider's page. */
export const PORTAL_SLIDE: SlideParts = {
  image: '.captcha__image',
  piece: '.captcha__piece',
  slider: '.captcha__slider',
};
export const PROVIDER_SLIDE: SlideParts = {
  image: '#captcha .puzzle img:not(.piece)',
  piece: '#captcha-piece',
  slider: '#captcha-slider',
};

/**
 * Finds the gap as an eye does, from the pixels the page shows: in the piece's row, the place
 * where the picture looks most like the piece in shadow. The server never says where it is.
 */
async function findGap(page: Page, parts: SlideParts): Promise<number> {
  await page.locator(parts.piece).waitFor();
  return page.evaluate(async ({ image: imageSelector, piece: pieceSelector }) => {
    const pixelsOf = async (selector: string) => {
      const img = document.querySelector<HTMLImageElement>(selector)!;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return {
        img,
        width: canvas.width,
        height: canvas.height,
        data: context.getImageData(0, 0, canvas.width, canvas.height).data,
      };
    };
    const image = await pixelsOf(imageSelector);
    const piece = await pixelsOf(pieceSelector);
    const top = Math.round((parseFloat(piece.img.style.top) * image.height) / 100);
    const opaque = (x: number, y: number) =>
      x >= 0 &&
      y >= 0 &&
      x < piece.width &&
      y < piece.height &&
      piece.data[(y * piece.width + x) * 4 + 3]! > 0;
    let best = { x: 0, score: Infinity };
    for (let x = 0; x + piece.width <= image.width; x += 1) {
      let score = 0;
      for (let y = 0; y < piece.height; y += 1)
        for (let px = 0; px < piece.width; px += 1) {
          if (!(opaque(px - 3, y) && opaque(px + 3, y) && opaque(px, y - 3) && opaque(px, y + 3)))
            continue;
          const at = (y * piece.width + px) * 4;
          const bg = ((top + y) * image.width + x + px) * 4;
          for (let i = 0; i < 3; i += 1)
            score += Math.abs(image.data[bg + i]! - piece.data[at + i]! * 0.45);
        }
      if (score < best.score) best = { x, score };
    }
    return best.x;
  }, parts);
}

/**
 * Does a slide check as a person would: looks for the gap, drags the slider there — fast at
 * first, slowing near the gap, over more than 300 ms — and lets go with Enter. The native setter
 * makes a React controlled input see each step.
 */
export async function solveSlideCheck(page: Page, parts: SlideParts = PORTAL_SLIDE): Promise<void> {
  const target = await findGap(page, parts);
  await page.evaluate(
    async ({ selector, target }) => {
      const slider = document.querySelector<HTMLInputElement>(selector)!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      slider.focus();
      const steps = 12;
      for (let step = 1; step <= steps; step += 1) {
        const progress = step / steps;
        setValue.call(slider, String(Math.round(target * (1 - (1 - progress) ** 2))));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 35 + step * 6));
      }
    },
    { selector: parts.slider, target },
  );
  await page.locator(parts.slider).press('Enter');
}
