import { getMessageList, getMessageNotice } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { countUnreadMessages, createUserMessage } from '../../domain/notices/messages.js';
import { sweepReminders } from '../../domain/notices/outbox.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('MessageNotice', () => {
  let t: TestApp;
  let otherUserId: number;
  beforeAll(async () => {
    t = await createTestApp();
    // The notification job's first sweep (every 15 s) writes the reminders already due (the demo
    // candidate's fee) as messages: run it now, so it adds none while the counts are compared.
    await sweepReminders(t.db, t.deps.now());
    const [other] = await t.db
      .insert(users)
      .values({ tenantId: 1, mobile: '13700137000', name: '赵六', passwordHash: 'x' })
      .returning({ id: users.id });
    otherUserId = other!.id;
  });
  afterAll(() => t.close());

  it('lists the demo user’s messages newest first with the unread counted', async () => {
    const { status, body } = await t.call(getMessageList, {}, { as: t.demoUserId });
    expect(status).toBe(200);
    // The seed's three unread, and the reminders the sweep wrote.
    expect(body.Data.UnreadCount).toBeGreaterThanOrEqual(3);
    expect(body.Data.UnreadCount).toBe(await countUnreadMessages(t.db, t.demoUserId));
    expect(body.Data.Total).toBeGreaterThanOrEqual(4);
    const times = body.Data.Items.map((m) => m.CreateTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.Data.Items[0]!.Summary).not.toMatch(/</);
  });

  it('pages the list', async () => {
    const { body } = await t.call(
      getMessageList,
      { PageIndex: 2, PageSize: 2 },
      { as: t.demoUserId },
    );
    expect(body.Data.Items).toHaveLength(2);
    expect(body.Data.PageIndex).toBe(2);
    // Every page counts all the messages and the unread ones, a page past the end too.
    const first = await t.call(getMessageList, { PageSize: 2 }, { as: t.demoUserId });
    const past = await t.call(getMessageList, { PageIndex: 99, PageSize: 2 }, { as: t.demoUserId });
    expect(past.body.Data.Items).toEqual([]);
    for (const page of [body, past.body])
      expect(page.Data).toMatchObject({
        Total: first.body.Data.Total,
        UnreadCount: first.body.Data.UnreadCount,
      });
  });

  it('refuses a page size over the limit with a Chinese message', async () => {
    const { status, body } = await t.call(getMessageList, { PageSize: 500 }, { as: t.demoUserId });
    expect(status).toBe(400);
    expect(body.ErrMsg).toMatch(/^参数不正确/);
  });

  it('needs a sign-in', async () => {
    expect((await t.call(getMessageList, {})).status).toBe(401);
    expect((await t.call(getMessageNotice, { MessageId: 1 })).status).toBe(401);
  });

  it('reading a message marks it read and returns the new unread count', async () => {
    const before = await countUnreadMessages(t.db, t.demoUserId);
    const { body: list } = await t.call(getMessageList, {}, { as: t.demoUserId });
    const unread = list.Data.Items.find((m) => !m.IsRead)!;
    const { status, body } = await t.call(
      getMessageNotice,
      { MessageId: unread.MessageId },
      { as: t.demoUserId },
    );
    expect(status).toBe(200);
    expect(body.Data.IsRead).toBe(true);
    expect(body.Data.Content).toContain('<p>');
    expect(body.Data.UnreadCount).toBe(before - 1);
    // Reading it again changes nothing.
    const again = await t.call(
      getMessageNotice,
      { MessageId: unread.MessageId },
      { as: t.demoUserId },
    );
    expect(again.body.Data.UnreadCount).toBe(before - 1);
  });

  it('answers 404 for another user’s message and for an unknown one', async () => {
    const { body: list } = await t.call(getMessageList, {}, { as: t.demoUserId });
    const mine = list.Data.Items[0]!.MessageId;
    const theirs = await t.call(getMessageNotice, { MessageId: mine }, { as: otherUserId });
    expect(theirs.status).toBe(404);
    expect(theirs.body.ErrMsg).toBe('消息不存在或已删除');
    expect(
      (await t.call(getMessageNotice, { MessageId: 999999 }, { as: t.demoUserId })).status,
    ).toBe(404);
    expect(
      (await t.call(getMessageNotice, { MessageId: 'abc' }, { as: t.demoUserId })).status,
    ).toBe(400);
  });

  it('createUserMessage adds an unread message other areas can send', async () => {
    await createUserMessage(t.db, {
      userId: otherUserId,
      title: '报名提交成功',
      content: '您的报名已提交，请等待审核。',
      projectId: 3,
    });
    expect(await countUnreadMessages(t.db, otherUserId)).toBe(1);
    const { body } = await t.call(getMessageList, {}, { as: otherUserId });
    expect(body.Data.Items[0]).toMatchObject({
      Title: '报名提交成功',
      ProjectId: 3,
      IsRead: false,
    });
  });
});
