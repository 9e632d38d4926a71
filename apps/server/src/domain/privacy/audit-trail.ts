import { createHash } from 'node:crypto';
import {
  maskAddress,
  type AuditAction,
  type AuditActorKind,
  type AuditResult,
  type Paged,
  type PageQuery,
  type PersonalDataEvent,
} from '@portal/contracts';
import { asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import {
  applications,
  personalDataEvents,
  projects,
  type PersonalDataEventRow,
} from '../../db/schema/index.js';
import { groupCommitPer } from '../../platform/group-commit.js';
import { DomainError } from '../errors.js';
import { pageOf } from '../paging.js';

/**
 * How long the trail is kept at least (MLPS level 3, Cybersecurity Law art. 21: six months). Nothing
 * purges it: the table refuses UPDATE and DELETE, and erasing an account keeps it.
 */
export const AUDIT_RETENTION_DAYS = 183;

/** The hash a chain starts from. */
export const GENESIS_HASH = '0'.repeat(64);

/** Appenders take this lock in turn, so two never chain to the same last row. */
const CHAIN_LOCK = 'portal:personal-data-events';

export interface AuditActor {
  kind: AuditActorKind;
  /** The user's or reviewer's id, or the job's name. */
  id: string | number;
  /** A reviewer's or organiser's name as the candidate is to see it. */
  name?: string;
}

export const candidateActor = (userId: number): AuditActor => ({ kind: 'candidate', id: userId });

/** The candidate acting on their own data. */
export const ownEvent = (
  userId: number,
  action: AuditAction,
  target: AuditTarget,
  address: string,
): Omit<PersonalDataEventInput, 'result'> => ({
  actor: candidateActor(userId),
  subjectUserId: userId,
  action,
  target,
  address,
});

/**
 * What was touched, as stored: ids and codes only, never a value. `application:<id>` is the
 * application's form and state, `archive` the reusable archive, `profile:<Field>` one field of the
 * profile, `identity` the name and ID number of the real-name check, `all` the whole copy.
 */
export type AuditTarget =
  `application:${number}` | 'archive' | `profile:${string}` | 'identity' | 'all';

export interface PersonalDataEventInput {
  actor: AuditActor;
  subjectUserId: number;
  action: AuditAction;
  target: AuditTarget;
  /** The caller's network address (kept whole, shown masked). */
  address: string;
  result?: AuditResult;
}

type ChainedContent = Omit<PersonalDataEventRow, 'prevHash' | 'hash'>;

/** The row's content in a fixed order and form: what its hash is taken over. */
function canonical(row: ChainedContent): string {
  return JSON.stringify([
    row.id,
    row.at.toISOString(),
    row.actorKind,
    row.actorId,
    row.actorName,
    row.subjectUserId,
    row.action,
    row.target,
    row.address,
    row.result,
  ]);
}

/** sha-256 over the previous row's hash and this row's canonical content. */
export const chainHash = (prevHash: string, row: ChainedContent): string =>
  createHash('sha256').update(prevHash).update('\n').update(canonical(row)).digest('hex');

/** Events that arrive while a batch is being appended go together as the next one. */
const APPEND_GROUP_COMMIT = { maxInFlight: 1, maxBatch: 200 };

/**
 * Appends events in the order given, chained to the last row, inside the caller's transaction.
 * Under a transaction-scoped advisory lock (PostgreSQL and PGlite alike), held until that
 * transaction ends, so concurrent appends line up instead of forking the chain. The transaction
 * must be READ COMMITTED (the default), so that the read after the lock sees the previous holder's
 * rows; a REPEATABLE READ snapshot taken before the lock would fork the chain.
 */
async function appendChained(
  tx: Database,
  entries: { event: PersonalDataEventInput; now: Date }[],
): Promise<PersonalDataEventRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${CHAIN_LOCK}))`);
  // After the lock, in a statement of its own: its snapshot sees the previous holder's rows.
  const numbered = await queryRows<{ id: string | number; last_hash: string | null }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('personal_data_events', 'id')) as id,
          (select ${personalDataEvents.hash} from ${personalDataEvents}
            order by ${personalDataEvents.id} desc limit 1) as last_hash
        from generate_series(1, ${entries.length})`,
  );
  const ids = numbered.map((row) => Number(row.id)).sort((a, b) => a - b);
  let prevHash = numbered[0]?.last_hash ?? GENESIS_HASH;
  const values = entries.map(({ event, now }, i) => {
    const content: ChainedContent = {
      id: ids[i]!,
      at: now,
      actorKind: event.actor.kind,
      actorId: String(event.actor.id).slice(0, 64),
      actorName: (event.actor.name ?? '').slice(0, 64),
      subjectUserId: event.subjectUserId,
      action: event.action,
      target: event.target,
      address: event.address.slice(0, 64),
      result: event.result ?? 'ok',
    };
    const row = { ...content, prevHash, hash: chainHash(prevHash, content) };
    prevHash = row.hash;
    return row;
  });
  const rows = await tx.insert(personalDataEvents).values(values).returning();
  return rows.sort((a, b) => a.id - b.id);
}

type AppendEntry = { event: PersonalDataEventInput; now: Date };

/**
 * A batch that fails is appended again one event at a time, each answered on its own: the events
 * follow changes already made, and one bad event must not fail the requests of the others.
 */
async function appendBatch(db: Database, entries: AppendEntry[]) {
  try {
    return await db.transaction((tx) => appendChained(tx as Database, entries));
  } catch (error) {
    if (entries.length === 1) throw error;
    const results: (PersonalDataEventRow | Error)[] = [];
    for (const entry of entries)
      results.push(
        await db
          .transaction((tx) => recordPersonalDataEventIn(tx as Database, entry.event, entry.now))
          .catch((failure: unknown) =>
            failure instanceof Error ? failure : new Error(String(failure)),
          ),
      );
    return results;
  }
}

/**
 * One process's appends go by group commit (platform/group-commit.ts): at low load each alone,
 * under load the events of a busy moment in one transaction, so they take the chain's lock and
 * read its last row once instead of queueing for it one by one. Each is answered after its
 * batch's commit.
 */
const appendGroup = groupCommitPer('personal data events', appendBatch, APPEND_GROUP_COMMIT);

/** Records one event in a transaction of its own, answered once it is committed. */
export async function recordPersonalDataEvent(
  db: Database,
  event: PersonalDataEventInput,
  now: Date,
): Promise<PersonalDataEventRow> {
  const appended = await appendGroup(db).submit({ event, now });
  if (appended instanceof Error) throw appended;
  return appended;
}

/** Records one event as part of the caller's transaction: it is kept only if that commits. */
export async function recordPersonalDataEventIn(
  tx: Database,
  event: PersonalDataEventInput,
  now: Date,
): Promise<PersonalDataEventRow> {
  const [row] = await appendChained(tx, [{ event, now }]);
  return row!;
}

export type ChainVerdict =
  { intact: true; rows: number } | { intact: false; rows: number; brokenAt: number };

const VERIFY_BATCH = 1000;

/** Walks the whole chain: the first row whose link or hash does not hold is where it was changed. */
export async function verifyPersonalDataEvents(db: Database): Promise<ChainVerdict> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(personalDataEvents)
      .where(gt(personalDataEvents.id, lastId))
      .orderBy(asc(personalDataEvents.id))
      .limit(VERIFY_BATCH);
    for (const row of batch) {
      const { prevHash: linked, hash, ...content } = row;
      if (linked !== prevHash || hash !== chainHash(prevHash, content))
        return { intact: false, rows, brokenAt: row.id };
      prevHash = hash;
      lastId = row.id;
      rows += 1;
    }
    if (batch.length < VERIFY_BATCH) return { intact: true, rows };
  }
}

const TARGET_TEXT: Record<string, string> = {
  archive: '报名档案',
  identity: '实名信息（姓名、身份证号）',
  all: '全部个人信息（副本）',
  'profile:HeadPortrait': '头像',
  'profile:Mobile': '手机号',
  'profile:Password': '登录密码',
  'profile:WeChat': '微信绑定',
};

/** The stored targets in the person's words; an application is named by its project. */
async function targetTexts(db: Database, rows: PersonalDataEventRow[]): Promise<string[]> {
  const applyIds = rows
    .map((row) => /^application:(\d+)$/.exec(row.target)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
  const titles = new Map(
    applyIds.length === 0
      ? []
      : (
          await db
            .select({ id: applications.id, title: projects.title })
            .from(applications)
            .innerJoin(projects, eq(projects.id, applications.projectId))
            .where(inArray(applications.id, applyIds))
        ).map((row) => [row.id, row.title]),
  );
  return rows.map((row) => {
    const applyId = /^application:(\d+)$/.exec(row.target)?.[1];
    if (applyId) {
      const title = titles.get(Number(applyId));
      return title ? `报名信息（${title}）` : '报名信息';
    }
    return TARGET_TEXT[row.target] ?? '个人信息';
  });
}

export async function toPersonalDataEvents(
  db: Database,
  rows: PersonalDataEventRow[],
): Promise<PersonalDataEvent[]> {
  const targets = await targetTexts(db, rows);
  return rows.map((row, i) => ({
    EventId: row.id,
    Time: row.at.toISOString(),
    ActorKind: row.actorKind,
    ActorName: row.actorKind === 'reviewer' || row.actorKind === 'organiser' ? row.actorName : '',
    Action: row.action,
    Target: targets[i]!,
    Address: maskAddress(row.address),
    Result: row.result,
  }));
}

/** 谁查看了我的信息: the events about one person, newest first. */
export function listPersonalDataEvents(
  db: Database,
  userId: number,
  page: PageQuery,
): Promise<Paged<PersonalDataEvent>> {
  const about = eq(personalDataEvents.subjectUserId, userId);
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(personalDataEvents)
          .where(about)
          .orderBy(desc(personalDataEvents.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(personalDataEvents).where(about),
    },
    (rows) => toPersonalDataEvents(db, rows),
  );
}

/** Every event about one person, oldest first (the copy of their data). */
export async function allPersonalDataEvents(
  db: Database,
  userId: number,
): Promise<PersonalDataEvent[]> {
  const rows = await db
    .select()
    .from(personalDataEvents)
    .where(eq(personalDataEvents.subjectUserId, userId))
    .orderBy(asc(personalDataEvents.id));
  return toPersonalDataEvents(db, rows);
}

/**
 * Runs `work` and records the event when it is done; with `recordRefusals`, also when it is refused
 * (a 4xx) or fails, for what touched the data even so (the register asked in a real-name check).
 * The work's answer or error is passed on as it was.
 */
export async function withPersonalDataEvent<T>(
  db: Database,
  event: Omit<PersonalDataEventInput, 'result'>,
  now: () => Date,
  work: () => Promise<T>,
  { recordRefusals = false } = {},
): Promise<T> {
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    const refused = error instanceof DomainError && error.status < 500;
    if (recordRefusals)
      await recordPersonalDataEvent(
        db,
        { ...event, result: refused ? 'refused' : 'failed' },
        now(),
      );
    throw error;
  }
  await recordPersonalDataEvent(db, event, now());
  return answer;
}
