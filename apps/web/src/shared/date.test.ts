import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDateForPicker,
  DEFAULT_DATE_FORMAT,
  DISPLAY_TIME_ZONE,
  formatDate,
  formatDuration,
  pickedCalendarDate,
} from './date';

const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('§9 date format', () => {
  it('default format is YYYY-MM-DD HH:mm:ss', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(new Date('2024-01-05T07:08:09+08:00'))).toBe('2024-01-05 07:08:09');
  });

  it('a 10-digit number is read as seconds', () => {
    const seconds = Math.floor(new Date('2023-12-31T23:59:58+08:00').getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatDate(seconds)).toBe('2023-12-31 23:59:58');
    expect(formatDate(String(seconds))).toBe('2023-12-31 23:59:58');
  });

  it('a 13-digit number is read as milliseconds', () => {
    const ms = new Date('2023-12-31T23:59:58+08:00').getTime();
    expect(formatDate(ms)).toBe('2023-12-31 23:59:58');
  });

  it('takes a custom format', () => {
    expect(formatDate('2024-02-29T13:00:00+08:00', 'YYYY年MM月DD日 HH:mm')).toBe(
      '2024年02月29日 13:00',
    );
  });

  it('an empty or invalid value formats as an empty string', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('dates are shown in Beijing time on every device', () => {
  it('the display time zone is Asia/Shanghai', () => {
    expect(DISPLAY_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('a UTC instant is shown as Beijing time, the day rolling over at 16:00 UTC', () => {
    expect(formatDate('2026-06-30T16:30:00Z')).toBe('2026-07-01 00:30:00');
    expect(formatDate('2026-06-30T15:59:59Z', 'YYYY-MM-DD')).toBe('2026-06-30');
  });

  it('a device in another time zone shows the same exam time as one in China', () => {
    const exam = '2026-07-01T09:00:00+08:00';
    process.env.TZ = 'America/Los_Angeles';
    const inCalifornia = formatDate(exam);
    process.env.TZ = 'Asia/Shanghai';
    const inBeijing = formatDate(exam);
    expect(inCalifornia).toBe('2026-07-01 09:00:00');
    expect(inBeijing).toBe(inCalifornia);
  });

  it('midnight of a day under 1988’s summer time stays on its own day', () => {
    // 1988-07-01 00:00 Beijing summer time (UTC+9), as a stored birth date would be.
    expect(formatDate('1988-06-30T15:00:00Z', 'YYYY-MM-DD')).toBe('1988-07-01');
  });

  it('agrees with the time-zone database before and after 1992, where it stops asking it', () => {
    const zone = new Intl.DateTimeFormat('sv-SE', {
      timeZone: DISPLAY_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Every 37 h 13 min 7 s from 1986 to 2060: all hours of the day, every month, leap days.
    const step = ((37 * 60 + 13) * 60 + 7) * 1000;
    for (let t = Date.UTC(1986, 0, 1); t < Date.UTC(2060, 0, 1); t += step)
      expect(formatDate(t)).toBe(zone.format(t));
    expect(formatDate(Date.UTC(1991, 11, 31, 15, 59, 59))).toBe('1991-12-31 23:59:59');
    expect(formatDate(Date.UTC(1991, 11, 31, 16))).toBe('1992-01-01 00:00:00');
  });
});

describe('a date picked in a calendar is the day it showed, on every device', () => {
  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'])(
    'keeps 1990-03-07 in %s, both ways',
    (zone) => {
      process.env.TZ = zone;
      const picked = calendarDateForPicker('1990-03-07');
      expect([picked.getFullYear(), picked.getMonth(), picked.getDate()]).toEqual([1990, 2, 7]);
      expect(pickedCalendarDate(picked)).toBe('1990-03-07');
      // The instant read in Beijing time moves the day east of UTC+8: what the picker must not do.
      if (zone === 'Asia/Tokyo') expect(formatDate(picked, 'YYYY-MM-DD')).toBe('1990-03-06');
    },
  );
});

describe('§9 duration format hh:mm:ss', () => {
  it('formats seconds as hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(90000)).toBe('25:00:00');
  });
});
