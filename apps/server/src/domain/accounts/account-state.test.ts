import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createRedisStore, type KeyValueStore } from '../../platform/kv-store.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { accountStateChanged, findActiveCaller } from './account-state.js';
import { reopenClosingAccount } from './closing.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the account state every signed-in call checks, kept in the shared store', () => {
  let database: TestDatabase;
  let db: Database;
  // Two instances: each its own connection to the one Redis.
  const prefix = `portal-test-${randomBytes(4).toString('hex')}:`;
  const stores: KeyValueStore[] = [];
  const instance = (store: KeyValueStore = createRedisStore(REDIS_URL, prefix)) => {
    stores.push(store);
    return { db, store };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.handle.db;
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.close();
  });

  const newAccount = async (mobile: string) => {
    const [tenant] = await db.select({ tenantId: users.tenantId }).from(users).limit(1);
    const [user] = await db
      .insert(users)
      .values({ tenantId: tenant!.tenantId, mobile, name: '状态', passwordHash: 'x' })
      .returning();
    return user!;
  };
  const close = (userId: number, mobile: string) =>
    db
      .update(users)
      .set({ status: 'closed', mobile: null, closedMobile: mobile, closedAt: new Date() })
      .where(eq(users.id, userId));

  it('an account closed on one instance is refused at once on another that kept it active', async () => {
    const account = await newAccount('13611110001');
    const [one, other] = [instance(), instance()];
    expect(await findActiveCaller(other, account.id)).toMatchObject({
      id: account.id,
      name: '状态',
    });
    await close(account.id, '13611110001');
    await accountStateChanged(one, account.id);
    expect(await findActiveCaller(other, account.id)).toBeUndefined();
  });

  it('an account reopened within its cooling-off may call again at once', async () => {
    const account = await newAccount('13611110002');
    await close(account.id, '13611110002');
    const [one, other] = [instance(), instance()];
    expect(await findActiveCaller(other, account.id)).toBeUndefined();
    const [closed] = await db.select().from(users).where(eq(users.id, account.id));
    expect(await reopenClosingAccount(db, closed!)).toBe(true);
    await accountStateChanged(one, account.id);
    expect(await findActiveCaller(other, account.id)).toMatchObject({ id: account.id });
  });

  it('a read of the database that a closing overtook never puts the active state back', async () => {
    const account = await newAccount('13611110003');
    const one = instance();
    const shared = createRedisStore(REDIS_URL, prefix);
    // The closing lands between the other instance's read of the database and its filling the key.
    const racing: KeyValueStore = Object.assign(Object.create(shared) as KeyValueStore, {
      get: (key: string) => shared.get(key),
      async setIfAbsent(key: string, value: string, ttlSeconds: number) {
        await close(account.id, '13611110003');
        await accountStateChanged(one, account.id);
        return shared.setIfAbsent(key, value, ttlSeconds);
      },
    });
    const other = instance(shared);
    expect(await findActiveCaller({ db, store: racing }, account.id)).toMatchObject({
      id: account.id,
    });
    expect(await findActiveCaller(other, account.id)).toBeUndefined();
  });

  it('an account that does not exist is not an active caller', async () => {
    expect(await findActiveCaller(instance(), 2_000_000_000)).toBeUndefined();
  });
});
