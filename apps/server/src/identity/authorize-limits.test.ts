import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../db/schema/index.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { createDatabaseAdapterFactory, deleteExpiredPayloads } from './adapter.js';
import { AUTHORIZE_PER_ADDRESS_PER_MINUTE, authorizeCounter } from './index.js';
import { callbackUrlOf, useIdentityTestServer } from './test-server.js';

describe('anonymous sign-in requests cannot pile up rows', () => {
  const server = useIdentityTestServer();

  const authorize = () => {
    const url = new URL(`${server.issuer}/connect/authorize`);
    url.search = new URLSearchParams({
      client_id: 'portal-web',
      redirect_uri: callbackUrlOf(server),
      response_type: 'token id_token',
      scope: 'openid profile',
      state: 's'.repeat(32),
      nonce: 'n'.repeat(32),
    }).toString();
    return fetch(url, { redirect: 'manual' });
  };
  const interactionRows = async () =>
    (await server.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'Interaction')))
      .length;

  it(`refuses more than ${AUTHORIZE_PER_ADDRESS_PER_MINUTE} a minute from one address with 429, storing nothing`, async () => {
    expect((await authorize()).status).toBe(303);
    // The address's budget for this minute used up.
    await authorizeCounter(server.deps.store).penalty(
      '127.0.0.1',
      AUTHORIZE_PER_ADDRESS_PER_MINUTE,
    );
    const rows = await interactionRows();
    const refused = await authorize();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('请一分钟后再试');
    expect(await interactionRows()).toBe(rows);
  });
});

describe('the identity adapter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('the identity sweep deletes expired rows of every model and keeps the live ones', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const adapterOf = createDatabaseAdapterFactory(database.handle.db, () => now);
    await adapterOf('Interaction').upsert('old', { uid: 'old' }, 60);
    await adapterOf('Session').upsert('old-session', {}, 120);
    now = new Date('2026-01-01T00:05:00Z');
    await adapterOf('Interaction').upsert('new', { uid: 'new' }, 60);
    expect(await deleteExpiredPayloads(database.handle.db, now)).toBe(2);
    const ids = (await database.handle.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map(
      (row) => row.id,
    );
    expect(ids).toContain('new');
    expect(ids).not.toContain('old');
    expect(ids).not.toContain('old-session');
  });
});
