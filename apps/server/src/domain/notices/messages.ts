import type { Message, MessageSummary, Paged, PageQuery } from '@portal/contracts';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { userMessages, type UserMessageRow } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import { pageWindow } from '../paging.js';

const SUMMARY_LENGTH = 60;

/** Plain text of rich content, cut for a list line. */
export function summarize(html: string, length = SUMMARY_LENGTH): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

function toSummary(row: UserMessageRow): MessageSummary {
  return {
    MessageId: row.id,
    Title: row.title,
    Summary: summarize(row.content),
    IsRead: row.isRead,
    ProjectId: row.projectId,
    CreateTime: row.createdAt.toISOString(),
  };
}

const unreadStatement = preparedPerDatabase('unread_messages', (db, name) =>
  db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, sql.placeholder('userId')), eq(userMessages.isRead, false)))
    .prepare(name),
);

export async function countUnreadMessages(db: Database, userId: number): Promise<number> {
  const [row] = await unreadStatement(db).execute({ userId });
  return Number(row?.n ?? 0);
}

/**
 * A page of a user's messages, newest first, all and unread counted in the same statement (window
 * counts, taken before the page is cut); a page past the end counts apart.
 */
const messagePageStatement = preparedPerDatabase('message_page_counted', (db, name) =>
  db
    .select({
      ...getTableColumns(userMessages),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`count(*) filter (where not ${userMessages.isRead}) over ()`.mapWith(
        Number,
      ),
    })
    .from(userMessages)
    .where(eq(userMessages.userId, sql.placeholder('userId')))
    .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);
const messageCountsStatement = preparedPerDatabase('message_counts', (db, name) =>
  db
    .select({
      total: count(),
      unread: count(sql`case when not ${userMessages.isRead} then 1 end`),
    })
    .from(userMessages)
    .where(eq(userMessages.userId, sql.placeholder('userId')))
    .prepare(name),
);

export interface NewUserMessage {
  userId: number;
  title: string;
  /** Rich text (sanitised HTML) or plain text. */
  content: string;
  projectId?: number | null;
  /** Defaults to now; seeds set it. */
  createdAt?: Date;
}

/** Other areas (applications, payments) tell a user something through this. */
export async function createUserMessage(
  db: Database,
  message: NewUserMessage,
): Promise<{ messageId: number }> {
  const [row] = await db
    .insert(userMessages)
    .values({
      userId: message.userId,
      title: message.title,
      content: message.content,
      projectId: message.projectId ?? null,
      ...(message.createdAt ? { createdAt: message.createdAt } : {}),
    })
    .returning({ id: userMessages.id });
  return { messageId: row!.id };
}

/** MessageNotice/GetList: newest first, with the unread count. */
export async function listMessages(
  db: Database,
  userId: number,
  page: PageQuery,
): Promise<Paged<MessageSummary> & { UnreadCount: number }> {
  const window = pageWindow(page);
  const rows = await messagePageStatement(db).execute({ userId, ...window });
  let counted = rows[0] ?? { total: 0, unread: 0 };
  if (rows.length === 0 && window.offset > 0) {
    const [all] = await messageCountsStatement(db).execute({ userId });
    if (all) counted = all;
  }
  return {
    Items: rows.map(toSummary),
    Total: Number(counted.total),
    PageIndex: page.PageIndex,
    PageSize: page.PageSize,
    UnreadCount: Number(counted.unread),
  };
}

/** MessageNotice/GetNotice: reading marks it read; another user's message is not found. */
export async function readMessage(
  db: Database,
  userId: number,
  messageId: number,
  now: Date,
): Promise<Message & { UnreadCount: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.id, messageId), eq(userMessages.userId, userId)));
    if (!row) throw notFound('消息不存在或已删除');
    if (!row.isRead)
      await tx
        .update(userMessages)
        .set({ isRead: true, readAt: now })
        .where(eq(userMessages.id, row.id));
    return {
      ...toSummary({ ...row, isRead: true }),
      Content: row.content,
      UnreadCount: await countUnreadMessages(tx as unknown as Database, userId),
    };
  });
}
