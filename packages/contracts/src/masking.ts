/**
 * The one way personal data is masked wherever it is shown without being asked for: screens,
 * tickets, logs and the ticket check page all agree.
 */

/** 13800138000 → 138****8000; anything that is not an 11-digit number is returned as it is. */
export const maskMobile = (mobile: string): string =>
  mobile.trim().replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** 110101199003071234 → 1101**********1234 (first 4, last 4); shorter than 9 characters: all masked. */
export function maskIdNumber(id: string): string {
  const value = id.trim();
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** 张三 → 张*, 欧阳娜娜 → 欧***; nothing → 匿名. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '匿名';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/**
 * 203.0.113.25 → 203.0.*.*, 2001:db8:1:2::5 → 2001:db8:*; what is neither an IPv4 nor an IPv6
 * address is hidden whole.
 */
export function maskAddress(address: string): string {
  const value = address.trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(value);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (/^[0-9a-f:]+$/i.test(value) && value.includes(':')) {
    const groups = value.split(':').filter(Boolean).slice(0, 2);
    return groups.length > 0 ? `${groups.join(':')}:*` : '*';
  }
  return '*';
}
