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

/** Formats in local time with the tokens YYYY, MM, DD, HH, mm, ss; '' for an empty or invalid value. */
export function formatDate(
  value: Date | number | string | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** §9: a duration in seconds as hh:mm:ss (hours keep counting past 24). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}
