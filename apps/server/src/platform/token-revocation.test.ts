import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore } from './kv-store.js';
import { isRevoked, revokeAccountBefore, revokeSessions } from './token-revocation.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const T = Date.UTC(2025, 0, 1, 8);
const seconds = (ms: number) => Math.floor(ms / 1000);

describe('the revocation list of access tokens', () => {
  it('refuses the tokens of an ended session and no other, until its TTL passes', async () => {
    let now = T;
    const store = createMemoryStore(() => now);
    await revokeSessions(store, ['phone'], 60);
    const issued = (sessionId: string) => ({
      userId: 1,
      issuedAt: seconds(T),
      sessionIds: [sessionId],
    });
    expect(await isRevoked(store, issued('phone'))).toBe(true);
    expect(await isRevoked(store, issued('desktop'))).toBe(false);
    now += 61_000;
    expect(await isRevoked(store, issued('phone'))).toBe(false);
  });

  it('voids what the account was issued before the cut, except in the session that made it', async () => {
    const store = createMemoryStore(() => T);
    await revokeAccountBefore(store, 7, new Date(T), { keep: 'phone', ttlSeconds: 60 });
    const at = (issuedAt: number, sessionIds: string[], userId = 7) => ({
      userId,
      issuedAt,
      sessionIds,
    });
    expect(await isRevoked(store, at(seconds(T) - 1, ['desktop']))).toBe(true);
    expect(await isRevoked(store, at(seconds(T) - 1, []))).toBe(true);
    expect(await isRevoked(store, at(seconds(T) - 1, ['phone']))).toBe(false);
    expect(await isRevoked(store, at(seconds(T), ['desktop']))).toBe(false);
    expect(await isRevoked(store, at(seconds(T) - 1, ['desktop'], 8))).toBe(false);
  });

  it('a cut without a kept session voids every earlier session', async () => {
    const store = createMemoryStore(() => T);
    await revokeAccountBefore(store, 7, new Date(T), { ttlSeconds: 60 });
    expect(
      await isRevoked(store, { userId: 7, issuedAt: seconds(T) - 1, sessionIds: ['phone'] }),
    ).toBe(true);
  });

  it('is shared by every instance through Redis: one signs out, another refuses the token', async () => {
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [one, other] = [createRedisStore(REDIS_URL, prefix), createRedisStore(REDIS_URL, prefix)];
    try {
      await revokeSessions(one, ['phone'], 60);
      await revokeAccountBefore(one, 7, new Date(T), { keep: 'phone', ttlSeconds: 60 });
      expect(
        await isRevoked(other, { userId: 1, issuedAt: seconds(T), sessionIds: ['phone'] }),
      ).toBe(true);
      expect(await isRevoked(other, { userId: 7, issuedAt: seconds(T) - 1, sessionIds: [] })).toBe(
        true,
      );
      expect(await isRevoked(other, { userId: 7, issuedAt: seconds(T), sessionIds: [] })).toBe(
        false,
      );
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });
});
