import { describe, expect, it } from 'vitest';
import {
  blindIndex,
  createDataKey,
  installDataKeys,
  isSealed,
  open,
  openBytes,
  seal,
  sealBytes,
  sealedUnder,
} from './sealed-values.js';

describe('sealed values', () => {
  it('seals under the newest key with a fresh IV each time, and opens under any installed key', () => {
    const old = createDataKey();
    installDataKeys([old]);
    const underOld = seal('110105199003072813');
    const newest = createDataKey();
    installDataKeys([newest, old]);
    const [first, second] = [seal('110105199003072813'), seal('110105199003072813')];
    expect(first).not.toBe(second);
    expect([sealedUnder(underOld), sealedUnder(first)]).toEqual([old.id, newest.id]);
    expect([open(underOld), open(first), open(second)]).toEqual(
      Array(3).fill('110105199003072813'),
    );
    expect(first).not.toContain('110105199003072813');
  });

  it('refuses a changed value and a key it does not hold; passes a value stored before sealing', () => {
    installDataKeys([createDataKey()]);
    const sealed = seal('{"idNumber":"110105199003072813"}');
    const body = sealed.slice(sealed.lastIndexOf(':') + 1);
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => open(sealed.replace(body, flipped))).toThrow();
    expect(() => open(`sealed:v1:nobody:${sealed.split(':').slice(3).join(':')}`)).toThrow(
      /not installed/,
    );
    expect(isSealed('{"name":"李明"}')).toBe(false);
    expect(open('{"name":"李明"}')).toBe('{"name":"李明"}');
  });

  it('seals a file: none of its bytes on disk, the original back, a file from before as it is', () => {
    installDataKeys([createDataKey()]);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const sealed = sealBytes(photo);
    expect(sealed.includes(photo.subarray(0, 64))).toBe(false);
    expect(openBytes(sealed).equals(photo)).toBe(true);
    expect(openBytes(photo).equals(photo)).toBe(true);
    sealed[sealed.length - 1]! ^= 1;
    expect(() => openBytes(sealed)).toThrow();
  });

  it('indexes a normalised value under its key: equal numbers meet, other keys do not', () => {
    const key = createDataKey().key;
    expect(blindIndex(key, '11010519491231002x ')).toBe(blindIndex(key, '11010519491231002X'));
    expect(blindIndex(key, '11010519491231002X')).not.toBe(
      blindIndex(createDataKey().key, '11010519491231002X'),
    );
    expect(blindIndex(key, '11010519491231002X')).not.toContain('1101051949');
  });
});
