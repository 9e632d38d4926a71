import type { Message, MessageSummary, Paged, PageQuery } from '@portal/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { userMessages, type UserMessageRow } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import { pageOf } from '../paging.js';

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

/** A page of a user's messages, newest first, and in one more statement all and unread counted. */
const messagePageStatement = preparedPerDatabase('message_page', (db, name) =>
  db
    .select()
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
      n: count(),
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
  const counts = messageCountsStatement(db).execute({ userId });
  const list = await pageOf(
    page,
    {
      rows: (window) => messagePageStatement(db).execute({ userId, ...window }),
      count: () => counts,
    },
    (rows) => rows.map(toSummary),
  );
  const [counted] = await counts;
  return { ...list, UnreadCount: Number(counted?.unread ?? 0) };
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
