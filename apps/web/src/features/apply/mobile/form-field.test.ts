import { describe, expect, it } from 'vitest';
import { regionText } from './form-field';

const REGIONS = [
  {
    Code: '110000',
    Name: '北京市',
    Children: [{ Code: '110101', Name: '东城区' }],
  },
];

describe('region field', () => {
  it('keeps codes (what the server checks) and shows the names', () => {
    expect(regionText(REGIONS, ['110000', '110101'])).toBe('北京市 东城区');
    expect(regionText(REGIONS, [])).toBe('');
  });
});
