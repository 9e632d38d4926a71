import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomString } from './random';

describe('randomString', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has exactly the asked length, in letters and digits', () => {
    for (let i = 0; i < 50; i += 1) expect(randomString(32)).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('comes from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    randomString(32);
    expect(spy).toHaveBeenCalled();
  });

  it('differs between calls', () => {
    expect(randomString(32)).not.toBe(randomString(32));
  });
});
