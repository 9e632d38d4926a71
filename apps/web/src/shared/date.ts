/** §9: the default date format. */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | number | string): Date | null {
  // §9: a 10-digit number is a Unix time in seconds, not milliseconds.
  if (typeof value === 'number' || /^\d+$/.test(String(value))) {
    const n = Number(value);
    return new Date(String(Math.trunc(n)).length === 10 ? n * 1000 : n);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Every date and time is shown in Beijing time, whatever the device's own time zone. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** Since 1992 Beijing time is UTC+8 all year; before, Asia/Shanghai had summer time (1986–1991). */
const FIXED_OFFSET_SINCE = Date.UTC(1991, 11, 31, 16);
const BEIJING_OFFSET_MS = 8 * 3600_000;

// Built on the first date before 1992 (a birth date): a time-zone formatter costs a phone's first
// screen tens of milliseconds, and the lists on it show only recent dates.
let historicalFormat: Intl.DateTimeFormat | undefined;
const historicalBeijing = () =>
  (historicalFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DISPLAY_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

function beijingParts(date: Date): Record<string, string> {
  if (date.getTime() >= FIXED_OFFSET_SINCE) {
    const shifted = new Date(date.getTime() + BEIJING_OFFSET_MS);
    return {
      YYYY: String(shifted.getUTCFullYear()).padStart(4, '0'),
      MM: pad(shifted.getUTCMonth() + 1),
      DD: pad(shifted.getUTCDate()),
      HH: pad(shifted.getUTCHours()),
      mm: pad(shifted.getUTCMinutes()),
      ss: pad(shifted.getUTCSeconds()),
    };
  }
  const part: Record<string, string> = {};
  for (const { type, value } of historicalBeijing().formatToParts(date)) part[type] = value;
  return {
    YYYY: String(part.year).padStart(4, '0'),
    MM: pad(Number(part.month)),
    DD: pad(Number(part.day)),
    HH: pad(Number(part.hour)),
    mm: pad(Number(part.minute)),
    ss: pad(Number(part.second)),
  };
}

/**
 * Formats in Beijing time (DISPLAY_TIME_ZONE) with the tokens YYYY, MM, DD, HH, mm, ss;
 * '' for an empty or invalid value.
 */
export function formatDate(
  value: Date | number | string | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const parts = beijingParts(date);
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/**
 * A day picked in a calendar (the picker's local midnight on the device) as the date it showed,
 * YYYY-MM-DD: a calendar date, not an instant, so it is read in the device's own calendar — in
 * Beijing time a Tokyo midnight is the day before.
 */
export function pickedCalendarDate(picked: Date): string {
  return `${String(picked.getFullYear()).padStart(4, '0')}-${pad(picked.getMonth() + 1)}-${pad(picked.getDate())}`;
}

/** A YYYY-MM-DD calendar date as a picker's day: local midnight on the device. */
export function calendarDateForPicker(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** §9: a duration in seconds as hh:mm:ss (hours keep counting past 24). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}
