import { describe, expect, it } from 'vitest';
import { elderModeCookie, isElderMode } from './elder-mode.js';

describe('elder mode cookie', () => {
  it('is on only when portal_elder is 1', () => {
    expect(isElderMode('a=b; portal_elder=1; c=d')).toBe(true);
    expect(isElderMode('portal_elder=1')).toBe(true);
    expect(isElderMode('portal_elder=0')).toBe(false);
    expect(isElderMode('xportal_elder=1')).toBe(false);
    expect(isElderMode('')).toBe(false);
    expect(isElderMode(undefined)).toBe(false);
  });

  it('is kept 400 days for the whole site, SameSite=Lax', () => {
    expect(elderModeCookie(true)).toMatch(
      /^portal_elder=1; Path=\/; Max-Age=34560000; SameSite=Lax$/,
    );
    expect(elderModeCookie(false)).toBe('portal_elder=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
