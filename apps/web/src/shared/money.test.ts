import { describe, expect, it } from 'vitest';
import { formatFee } from './money';

describe('fees are shown in yuan', () => {
  it('0 fen is 免费', () => {
    expect(formatFee(0)).toBe('免费');
  });
  it('fen become yuan with two decimals', () => {
    expect(formatFee(8000)).toBe('80.00元');
    expect(formatFee(1)).toBe('0.01元');
  });
});
