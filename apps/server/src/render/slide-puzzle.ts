import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** The puzzle picture, in CSS pixels: as wide as the slider's track. */
export const PUZZLE_WIDTH = 300;
export const PUZZLE_HEIGHT = 150;
/** The piece's box: a square body with a knob on top and one on the right. */
export const PIECE_SIZE = 44;
const BODY = 34;
const KNOB_RADIUS = 7;
const BORDER = 2;

/** Whether (x, y) of the piece's box is part of the piece. */
function inPiece(x: number, y: number): boolean {
  if (x >= 0 && x < BODY && y >= 10 && y < PIECE_SIZE) return true;
  const inKnob = (cx: number, cy: number) => (x - cx) ** 2 + (y - cy) ** 2 <= KNOB_RADIUS ** 2;
  return inKnob(BODY / 2, 10) || inKnob(BODY, 10 + BODY / 2);
}

/** The piece's outline: inside, but within BORDER px of the outside. */
function onOutline(x: number, y: number): boolean {
  for (let dx = -BORDER; dx <= BORDER; dx += 1)
    for (let dy = -BORDER; dy <= BORDER; dy += 1)
      if (dx * dx + dy * dy <= BORDER * BORDER && !inPiece(x + dx, y + dy)) return true;
  return false;
}

type Rgb = [number, number, number];
const randomColour = (low: number, high: number): Rgb => [
  randomInt(low, high),
  randomInt(low, high),
  randomInt(low, high),
];

/** A random picture of soft colour blobs over a gradient: smooth, so its PNG stays small. */
function paintBackground(png: PNG): void {
  const [from, to] = [randomColour(60, 200), randomColour(60, 200)];
  const blobs = Array.from({ length: 7 }, () => ({
    x: randomInt(0, PUZZLE_WIDTH),
    y: randomInt(0, PUZZLE_HEIGHT),
    r: randomInt(20, 60),
    colour: randomColour(30, 230),
  }));
  for (let y = 0; y < PUZZLE_HEIGHT; y += 1)
    for (let x = 0; x < PUZZLE_WIDTH; x += 1) {
      const along = (x + y) / (PUZZLE_WIDTH + PUZZLE_HEIGHT);
      const pixel = from.map((c, i) => c + (to[i]! - c) * along);
      for (const blob of blobs) {
        const weight = 0.8 * Math.exp(-((x - blob.x) ** 2 + (y - blob.y) ** 2) / blob.r ** 2);
        for (let i = 0; i < 3; i += 1)
          pixel[i] = pixel[i]! + (blob.colour[i]! - pixel[i]!) * weight;
      }
      const at = (y * PUZZLE_WIDTH + x) * 4;
      png.data[at] = Math.round(pixel[0]!);
      png.data[at + 1] = Math.round(pixel[1]!);
      png.data[at + 2] = Math.round(pixel[2]!);
      png.data[at + 3] = 255;
    }
}

const toDataUrl = (png: PNG) => `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
const lighten = (value: number) => Math.round(value + (255 - value) * 0.7);

export interface SlidePuzzle {
  /** The picture with the gap cut into it at (targetX, pieceY). */
  image: string;
  /** The piece, cut from the picture, transparent around it. */
  piece: string;
  pieceY: number;
}

/**
 * Draws a slide puzzle whose gap's left edge is at targetX: the answer is in the pixels only,
 * for a person's eye; the number itself stays on the server.
 */
export function drawSlidePuzzle(targetX: number): SlidePuzzle {
  const background = new PNG({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT });
  paintBackground(background);
  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  const pieceY = randomInt(4, PUZZLE_HEIGHT - PIECE_SIZE - 4);
  for (let y = 0; y < PIECE_SIZE; y += 1)
    for (let x = 0; x < PIECE_SIZE; x += 1) {
      const to = (y * PIECE_SIZE + x) * 4;
      if (!inPiece(x, y)) {
        piece.data[to + 3] = 0;
        continue;
      }
      const from = ((pieceY + y) * PUZZLE_WIDTH + targetX + x) * 4;
      const outline = onOutline(x, y);
      for (let i = 0; i < 3; i += 1) {
        const value = background.data[from + i]!;
        piece.data[to + i] = outline ? lighten(value) : value;
        background.data[from + i] = outline ? lighten(value) : Math.round(value * 0.45);
      }
      piece.data[to + 3] = 255;
    }
  return { image: toDataUrl(background), piece: toDataUrl(piece), pieceY };
}
