import { PNG } from 'pngjs';

const decode = (dataUrl: string) => PNG.sync.read(Buffer.from(dataUrl.split(',')[1]!, 'base64'));

/**
 * Tests only: finds the gap the way an eye does, from the pixels — the place in the piece's row
 * where the picture looks most like the piece in shadow. The server never says where it is.
 */
export function solveSlidePuzzle(challenge: { Image: string; Piece: string; PieceY: number }) {
  const image = decode(challenge.Image);
  const piece = decode(challenge.Piece);
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < piece.width && y < piece.height
      ? piece.data[(y * piece.width + x) * 4 + 3]! > 0
      : false;
  // The piece's inside, off its light outline: there it is the picture, in the gap its shadow.
  const inside = (x: number, y: number) =>
    opaque(x - 3, y) && opaque(x + 3, y) && opaque(x, y - 3) && opaque(x, y + 3);
  let best = { x: 0, score: Infinity };
  for (let x = 0; x + piece.width <= image.width; x += 1) {
    let score = 0;
    for (let y = 0; y < piece.height; y += 1)
      for (let px = 0; px < piece.width; px += 1) {
        if (!inside(px, y)) continue;
        const at = (y * piece.width + px) * 4;
        const bg = ((challenge.PieceY + y) * image.width + x + px) * 4;
        for (let i = 0; i < 3; i += 1)
          score += Math.abs(image.data[bg + i]! - piece.data[at + i]! * 0.45);
      }
    if (score < best.score) best = { x, score };
  }
  return best.x;
}

/** A drag a person would make: quick at first, slowing near the gap, over about half a second. */
export function humanTrail(x: number): { X: number; T: number }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const progress = i / 11;
    return { X: Math.round(x * (1 - (1 - progress) ** 2)), T: Math.round(i * 45 + i * i * 2) };
  });
}
