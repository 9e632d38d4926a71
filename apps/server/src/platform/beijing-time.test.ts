import { describe, expect, it } from 'vitest';
import { beijingDateTime, beijingMinute, fromBeijingDateTime } from './beijing-time.js';

describe('Beijing time', () => {
  it('is UTC+8 across midnight, the year and any zone the process runs in', () => {
    expect(beijingDateTime(new Date('2026-12-31T16:30:05Z'))).toBe('2027-01-01 00:30:05');
    expect(beijingMinute(new Date('2027-02-08T14:42:00Z'))).toBe('2027-02-08 22:42');
    // Midnight is 00:00, not the 24:00 some Intl formats give.
    expect(beijingMinute(new Date('2027-02-08T16:00:00Z'))).toBe('2027-02-09 00:00');
  });

  it('reads a provider’s zoneless Beijing time back to the same moment', () => {
    const moment = new Date('2026-11-23T02:00:00Z');
    expect(fromBeijingDateTime('2026-11-23 10:00:00').getTime()).toBe(moment.getTime());
    expect(fromBeijingDateTime(beijingDateTime(moment)).getTime()).toBe(moment.getTime());
  });
});
