/** A fee in fen (1/100 yuan) as a person reads it: 免费 when 0, else yuan with two decimals. */
export function formatFee(fen: number): string {
  if (fen <= 0) return '免费';
  return `${(fen / 100).toFixed(2)}元`;
}
