/**
 * Beijing time (China Standard Time), as candidates, providers and the exam rules read it: UTC+8
 * all year, no daylight saving, so plain arithmetic is exact and no time-zone data is needed.
 */
export const BEIJING_TIME_ZONE = 'Asia/Shanghai';
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** "2027-02-04 14:00:05": the moment's Beijing date and time. */
export function beijingDateTime(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "2027-02-04": the moment's Beijing calendar date. */
export const beijingDate = (at: Date): string => beijingDateTime(at).slice(0, 10);

/** "2027-02-04 14:00", as a page or a ticket shows a time. */
export const beijingMinute = (at: Date): string => beijingDateTime(at).slice(0, 16);

/** The moment a Beijing date and time without a zone names ("2026-11-23 10:00:00"). */
export const fromBeijingDateTime = (text: string): Date =>
  new Date(`${text.replace(' ', 'T')}+08:00`);
