import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { personalDataEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  candidateActor,
  listPersonalDataEvents,
  recordPersonalDataEvent,
  recordPersonalDataEventIn,
  verifyPersonalDataEvents,
  withPersonalDataEvent,
} from './audit-trail.js';
import { badRequest } from '../errors.js';

/** Changes the table the way only someone at the database could: with its guard turned off. */
async function asDatabaseOwner(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(
      sql`alter table personal_data_events disable trigger personal_data_events_append_only`,
    );
    await tx.execute(statement);
    await tx.execute(
      sql`alter table personal_data_events enable trigger personal_data_events_append_only`,
    );
  });
}

describe('the audit trail of personal data (issue 28 pt 5)', () => {
  let t: TestApp;
  const now = new Date('2026-11-20T02:00:00Z');
  const event = (subjectUserId: number, address = '203.0.113.25') => ({
    actor: candidateActor(subjectUserId),
    subjectUserId,
    action: 'change' as const,
    target: 'archive' as const,
    address,
  });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('chains each row to the one before by a sha-256 over its hash and content', async () => {
    const first = await recordPersonalDataEvent(t.db, event(t.demoUserId), now);
    const second = await recordPersonalDataEvent(t.db, event(t.demoUserId), now);
    expect(second.prevHash).toBe(first.hash);
    expect(second.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second.hash).not.toBe(first.hash);
    expect(await verifyPersonalDataEvents(t.db)).toMatchObject({ intact: true });
  });

  it('concurrent appends line up in one chain instead of forking it, a busy moment in one transaction', async () => {
    const transactions = vi.spyOn(t.db, 'transaction');
    const recorded = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordPersonalDataEvent(t.db, event(t.demoUserId, `10.0.0.${i}`), now),
      ),
    );
    // The first goes alone and at once; the 19 that arrive meanwhile go together after it.
    expect(transactions).toHaveBeenCalledTimes(2);
    transactions.mockRestore();
    expect(recorded.map((row) => row.address)).toEqual(
      Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`),
    );
    const rows = await t.db.select().from(personalDataEvents);
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(await verifyPersonalDataEvents(t.db)).toEqual({ intact: true, rows: rows.length });
  });

  it('an event that cannot be stored fails its own request only, not the others of its batch', async () => {
    const first = recordPersonalDataEvent(t.db, event(t.demoUserId, '10.0.1.1'), now);
    const batch = [
      recordPersonalDataEvent(t.db, event(t.demoUserId, '10.0.1.2'), now),
      // Past the column's integer range: the database refuses this row.
      recordPersonalDataEvent(t.db, event(2 ** 31, '10.0.1.3'), now),
      recordPersonalDataEvent(t.db, event(t.demoUserId, '10.0.1.4'), now),
    ];
    const settled = await Promise.allSettled([first, ...batch]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await verifyPersonalDataEvents(t.db)).toMatchObject({ intact: true });
  });

  it('appends inside a transaction and by group commit at once still make one chain', async () => {
    await Promise.all([
      t.db.transaction((tx) =>
        recordPersonalDataEventIn(tx as typeof t.db, event(t.demoUserId, '10.0.2.0'), now),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        recordPersonalDataEvent(t.db, event(t.demoUserId, `10.0.2.${i + 1}`), now),
      ),
    ]);
    const rows = await t.db.select().from(personalDataEvents);
    expect(new Set(rows.map((row) => row.prevHash)).size).toBe(rows.length);
    expect(await verifyPersonalDataEvents(t.db)).toEqual({ intact: true, rows: rows.length });
  });

  it('an event recorded in a transaction is kept only if that transaction commits', async () => {
    const subject = 454545;
    await expect(
      t.db.transaction(async (tx) => {
        await recordPersonalDataEventIn(tx as typeof t.db, event(subject), now);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction((tx) =>
      recordPersonalDataEventIn(tx as typeof t.db, event(subject), now),
    );
    const { Total } = await listPersonalDataEvents(t.db, subject, { PageIndex: 1, PageSize: 10 });
    expect(Total).toBe(1);
    expect(await verifyPersonalDataEvents(t.db)).toMatchObject({ intact: true });
  });

  it('the table refuses UPDATE and DELETE', async () => {
    await expect(
      t.db.execute(sql`update personal_data_events set result = 'failed'`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from personal_data_events`)).rejects.toThrow();
  });

  it('a row changed behind the guard shows: the chain breaks at it', async () => {
    const target = await recordPersonalDataEvent(t.db, event(t.demoUserId), now);
    await recordPersonalDataEvent(t.db, event(t.demoUserId), now);
    await asDatabaseOwner(
      t,
      sql`update personal_data_events set address = '198.51.100.7' where id = ${target.id}`,
    );
    expect(await verifyPersonalDataEvents(t.db)).toMatchObject({
      intact: false,
      brokenAt: target.id,
    });
  });

  it('a row deleted behind the guard shows too, at the row after it', async () => {
    const t2 = await createTestApp();
    try {
      await recordPersonalDataEvent(t2.db, event(t2.demoUserId), now);
      const gone = await recordPersonalDataEvent(t2.db, event(t2.demoUserId), now);
      const after = await recordPersonalDataEvent(t2.db, event(t2.demoUserId), now);
      await asDatabaseOwner(t2, sql`delete from personal_data_events where id = ${gone.id}`);
      expect(await verifyPersonalDataEvents(t2.db)).toMatchObject({
        intact: false,
        brokenAt: after.id,
      });
    } finally {
      await t2.close();
    }
  });

  it('records a refusal only when asked to, and passes the refusal on either way', async () => {
    const refusal = badRequest('姓名与身份证号码不一致');
    const refuse = async () => {
      throw refusal;
    };
    await expect(withPersonalDataEvent(t.db, event(424242), () => now, refuse)).rejects.toBe(
      refusal,
    );
    await expect(
      withPersonalDataEvent(t.db, event(424242), () => now, refuse, { recordRefusals: true }),
    ).rejects.toBe(refusal);
    const { Items } = await listPersonalDataEvents(t.db, 424242, { PageIndex: 1, PageSize: 10 });
    expect(Items.map((item) => item.Result)).toEqual(['refused']);
  });

  it('lists a person their own entries only, newest first, the address masked', async () => {
    const other = 434343;
    await recordPersonalDataEvent(t.db, event(other, '203.0.113.25'), now);
    const last = await recordPersonalDataEvent(t.db, event(other, '203.0.113.26'), now);
    const page = await listPersonalDataEvents(t.db, other, { PageIndex: 1, PageSize: 1 });
    expect(page.Total).toBe(2);
    expect(page.Items).toEqual([
      expect.objectContaining({ EventId: last.id, Address: '203.0.*.*', Target: '报名档案' }),
    ]);
  });
});
