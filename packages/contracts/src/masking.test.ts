import { describe, expect, it } from 'vitest';
import { maskAddress, maskIdNumber, maskMobile, maskName } from './masking.js';

describe('masking', () => {
  it('masks a mobile number to its first 3 and last 4 digits', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile(' 13800138000 ')).toBe('138****8000');
    expect(maskMobile('12345')).toBe('12345');
  });

  it('masks an ID number to its first 4 and last 4 characters', () => {
    expect(maskIdNumber('110105199001010012')).toBe('1101**********0012');
    expect(maskIdNumber('12345678')).toBe('********');
  });

  it('masks a name to its first character', () => {
    expect(maskName('王芳')).toBe('王*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('')).toBe('匿名');
  });

  it('masks a network address to its first half', () => {
    expect(maskAddress('203.0.113.25')).toBe('203.0.*.*');
    expect(maskAddress('::ffff:203.0.113.25')).toBe('203.0.*.*');
    expect(maskAddress('2001:db8:1:2::5')).toBe('2001:db8:*');
    expect(maskAddress('not an address')).toBe('*');
  });
});
