import type { ProjectState, ProjectSummary } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '../../db/client.js';
import { badRequest } from '../errors.js';
import { deriveProjectState } from './project-state.js';
import { processCache } from '../../platform/process-cache.js';

/**
 * The project list's one statement (docs/decisions.md, "The project list"): the page is found on the
 * index projects_list_idx (by offset for PageIndex, by cursor for the infinite list) reading only
 * its keys, the page's summaries — category, labels, application count — are joined, and it says
 * whether any stored state order is out of date (then those rows are recomputed and it runs again).
 */

/** List order of a state: applying first, then not started, closed, finished. */
export const STATE_RANK: Record<ProjectState, number> = {
  Applying: 0,
  NotStarted: 1,
  Closed: 2,
  Finished: 3,
};

/** Where a data: cover is served; the list carries this address instead of the image. */
export const projectCoverPath = (projectId: number) =>
  `/services/exam-flow/project-covers/${projectId}`;

/** The text the keyword search looks in: the trigram index of migration 0004 is on it. */
const SEARCH_TEXT = sql`lower(p.title || ' ' || p.organizer)`;

/**
 * A 1-2 character keyword is looked up among the stored unigrams and bigrams (search_grams, a
 * GIN index), a longer one by trigrams (pg_trgm's GIN index answers LIKE '%…%').
 */
export function keywordWhere(keyword: string): SQL {
  const term = keyword.toLowerCase();
  if ([...term].length <= 2) return sql`p.search_grams @> array[${term}]::text[]`;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${SEARCH_TEXT} like ${pattern}`;
}

/** Recomputes the stored order of every row outside its window (new and changed rows too). */
const refreshRanks = (now: Date) => sql`update projects as u
  set (list_rank, rank_from, rank_until) = (
    select r.list_rank, r.rank_from, r.rank_until
    from portal_project_rank(u.apply_start_at, u.apply_end_at, u.exam_end_at, u.closed_at,
      u.finished_at, ${now.toISOString()}::timestamptz) as r)
  where u.rank_until <= ${now.toISOString()}::timestamptz
     or u.rank_from > ${now.toISOString()}::timestamptz`;

/** The summary columns of project p (categories c joined). */
const SUMMARY_COLUMNS = sql`p.id, p.title, p.organizer, p.category_id,
  case when left(p.cover_url, 5) = 'data:' then null else p.cover_url end as cover_url,
  coalesce(c.name, '') as category_name,
  coalesce((select json_agg(json_build_object('LableId', l.id, 'Name', l.name)
      order by l.sort, l.id)
    from project_labels pl join labels l on l.id = pl.label_id
    where pl.project_id = p.id), '[]'::json) as lables,
  p.apply_start_at, p.apply_end_at, p.exam_end_at, p.closed_at, p.finished_at,
  p.fee_in_fen, p.has_online_exam,
  (select count(*)::int from applications a
    where a.project_id = p.id and a.status not in ('Draft', 'Withdrawn')) as apply_count`;

export interface SummaryRow {
  id: number;
  title: string;
  organizer: string;
  category_id: number;
  cover_url: string | null;
  category_name: string;
  lables: { LableId: number; Name: string }[] | string;
  apply_start_at: Date | string;
  apply_end_at: Date | string;
  exam_end_at: Date | string | null;
  closed_at: Date | string | null;
  finished_at: Date | string | null;
  fee_in_fen: number;
  has_online_exam: boolean;
  apply_count: number;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value));

export function toSummary(row: SummaryRow, now: Date): ProjectSummary {
  const times = {
    applyStartAt: toDate(row.apply_start_at),
    applyEndAt: toDate(row.apply_end_at),
    examEndAt: toDateOrNull(row.exam_end_at),
    closedAt: toDateOrNull(row.closed_at),
    finishedAt: toDateOrNull(row.finished_at),
  };
  return {
    ProjectId: row.id,
    Title: row.title,
    Organizer: row.organizer,
    CoverUrl: row.cover_url ?? projectCoverPath(row.id),
    CategoryId: row.category_id,
    CategoryName: row.category_name,
    Lables: typeof row.lables === 'string' ? JSON.parse(row.lables) : row.lables,
    ApplyStartTime: times.applyStartAt.toISOString(),
    ApplyEndTime: times.applyEndAt.toISOString(),
    ...(times.closedAt && times.closedAt < times.applyEndAt && times.closedAt <= now
      ? { ClosedEarlyTime: times.closedAt.toISOString() }
      : {}),
    FeeInFen: row.fee_in_fen,
    State: deriveProjectState(times, now),
    HasOnlineExam: row.has_online_exam,
    ApplyCount: Number(row.apply_count),
  };
}

/** Summaries of the given projects in the given order: one statement. */
export async function summariesByIds(
  db: Database,
  ids: number[],
  now: Date,
): Promise<ProjectSummary[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from projects p left join categories c on c.id = p.category_id
      where p.id = any(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, toSummary(r, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface DetailRow extends SummaryRow {
  introduction: string;
  contact_phone: string;
  exam_start_at: Date | string | null;
  position_count: number;
}

/** Project/GetProject's row: the summary, the detail columns and the number of positions, at once. */
export async function detailRow(
  db: Database,
  projectId: number,
  tenantId: number,
): Promise<DetailRow | undefined> {
  const [row] = await queryRows<DetailRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}, p.introduction, p.contact_phone, p.exam_start_at,
      (select count(*)::int from positions po where po.project_id = p.id) as position_count
      from projects p left join categories c on c.id = p.category_id
      where p.id = ${projectId} and p.tenant_id = ${tenantId}`,
  );
  return row;
}

/** Where the previous page of the infinite list ended: its last row's order keys. */
const cursorSchema = z.tuple([
  z.number().int().min(0).max(9),
  z.number().int(),
  z.string().min(1).max(64),
  z.number().int().min(1),
]);
type Cursor = z.infer<typeof cursorSchema>;

export const BAD_CURSOR = '列表位置已失效，请下拉刷新后重试';

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
}

export interface ListFilter {
  tenantId: number;
  keyword?: string | undefined;
  labelId?: number | undefined;
  categoryId?: number | undefined;
  state?: ProjectState | undefined;
}

function filterWhere(filter: ListFilter): SQL {
  const conditions: SQL[] = [sql`p.tenant_id = ${filter.tenantId}`];
  if (filter.keyword) conditions.push(keywordWhere(filter.keyword));
  if (filter.categoryId) conditions.push(sql`p.category_id = ${filter.categoryId}`);
  if (filter.labelId)
    // A parent label of the find tree matches its children's projects too.
    conditions.push(sql`exists (select 1 from project_labels pl where pl.project_id = p.id
      and (pl.label_id = ${filter.labelId}
        or pl.label_id in (select l.id from labels l where l.parent_id = ${filter.labelId})))`);
  if (filter.state) conditions.push(sql`p.list_rank = ${STATE_RANK[filter.state]}`);
  return sql.join(conditions, sql` and `);
}

const ORDER = sql`list_rank, sort, apply_start_at desc nulls last, id desc nulls last`;
const KEYS = sql`p.id, p.list_rank, p.sort, p.apply_start_at, p.apply_start_at::text as start_key`;

/** The page's keys: by offset, or after a cursor as two index ranges (ties within, then beyond). */
function pageKeys(where: SQL, size: number, at: { offset: number } | { after: Cursor }): SQL {
  if ('offset' in at)
    return sql`select ${KEYS} from projects p where ${where}
      order by ${ORDER} limit ${size} offset ${at.offset}`;
  const [rank, sort, start, id] = at.after;
  return sql`(select ${KEYS} from projects p where ${where}
      and p.list_rank = ${rank} and p.sort = ${sort}
      and (p.apply_start_at, p.id) < (${start}::timestamptz, ${id})
      order by ${ORDER} limit ${size})
    union all
    (select ${KEYS} from projects p where ${where} and (p.list_rank, p.sort) > (${rank}, ${sort})
      order by ${ORDER} limit ${size})`;
}

interface PageRow extends SummaryRow {
  stale: boolean;
  list_rank: number;
  sort: number;
  start_key: string;
}

export interface ListPage {
  items: ProjectSummary[];
  /** The cursor of the next page; null at the end. */
  nextCursor: string | null;
  /** Whether stored orders were recomputed first (new or changed rows, or a window passed). */
  refreshed: boolean;
}

/**
 * One statement: the page's keys on the index, its summaries joined, and whether any stored order
 * is out of date (two index end probes). Only then are the stale rows recomputed — a statement of
 * its own, planned for its moment so it finds them on the rank_from/rank_until indexes — and the
 * page read again. (In one prepared statement its generic plan would scan the table.)
 */
export async function listPage(
  db: Database,
  filter: ListFilter,
  size: number,
  at: { offset: number } | { after: Cursor },
  now: Date,
): Promise<ListPage> {
  const moment = now.toISOString();
  const run = () =>
    queryRows<PageRow>(
      db,
      sql`with page as (${pageKeys(filterWhere(filter), size, at)})
      select coalesce((select min(rank_until) from projects) <= ${moment}::timestamptz
          or (select max(rank_from) from projects) > ${moment}::timestamptz, false) as stale,
        s.*
      from (select 1) as one
      left join lateral (
        select ${SUMMARY_COLUMNS}, page.list_rank, page.sort, page.start_key
        from page join projects p on p.id = page.id
        left join categories c on c.id = p.category_id
        order by page.list_rank, page.sort, page.apply_start_at desc, page.id desc
        limit ${size}
      ) s on true`,
    );
  let rows = await run();
  const refreshed = rows[0]?.stale === true;
  if (refreshed) {
    await db.execute(refreshRanks(now));
    rows = await run();
  }
  const found = rows.filter((r) => r.id !== null && r.id !== undefined);
  const last = found.at(-1);
  return {
    items: found.map((r) => toSummary(r, now)),
    nextCursor:
      found.length === size && last
        ? encodeCursor([Number(last.list_rank), Number(last.sort), last.start_key, last.id])
        : null,
    refreshed,
  };
}

/** Counts per tenant and filter, kept a short while (docs/decisions.md): the count is not a page's cost. */
export const COUNT_TTL_MS = 10_000;
const counts = (db: Database) =>
  processCache<string, number>(db, 'project counts', { max: 1_000, ttlMs: COUNT_TTL_MS });

export function forgetCounts(db: Database): void {
  counts(db).clear();
}

export async function countProjects(db: Database, filter: ListFilter): Promise<number> {
  const key = JSON.stringify([
    filter.tenantId,
    filter.keyword?.toLowerCase() ?? '',
    filter.labelId ?? 0,
    filter.categoryId ?? 0,
    filter.state ?? '',
  ]);
  const hit = counts(db).get(key);
  if (hit !== undefined) return hit;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from projects p where ${filterWhere(filter)}`,
  );
  const n = Number(row?.n ?? 0);
  counts(db).set(key, n);
  return n;
}
