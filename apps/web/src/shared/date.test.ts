import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_FORMAT, formatDate, formatDuration } from './date';

describe('§9 date format', () => {
  it('default format is YYYY-MM-DD HH:mm:ss', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(new Date(2024, 0, 5, 7, 8, 9))).toBe('2024-01-05 07:08:09');
  });

  it('a 10-digit number is read as seconds', () => {
    const seconds = Math.floor(new Date(2023, 11, 31, 23, 59, 58).getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatDate(seconds)).toBe('2023-12-31 23:59:58');
    expect(formatDate(String(seconds))).toBe('2023-12-31 23:59:58');
  });

  it('a 13-digit number is read as milliseconds', () => {
    const ms = new Date(2023, 11, 31, 23, 59, 58).getTime();
    expect(formatDate(ms)).toBe('2023-12-31 23:59:58');
  });

  it('takes a custom format', () => {
    expect(formatDate(new Date(2024, 1, 29, 13, 0, 0), 'YYYY年MM月DD日 HH:mm')).toBe(
      '2024年02月29日 13:00',
    );
  });

  it('an empty or invalid value formats as an empty string', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('§9 duration format hh:mm:ss', () => {
  it('formats seconds as hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(90000)).toBe('25:00:00');
  });
});
