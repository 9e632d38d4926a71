import { APP_TITLE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { createUserMessage } from '../domain/notices/messages.js';
import type { Database } from '../db/client.js';
import { userApplyArchives, userMessages, users } from '../db/schema/index.js';
import { DEMO_MOBILE } from './20-users.js';

/** A valid ID number (GB 11643 check digit) for the demo user 李明. */
export const DEMO_ID_NUMBER = '110105199003072813';

const DAY = 24 * 60 * 60 * 1000;

export async function seed(db: Database): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, DEMO_MOBILE));
  if (!demo) throw new Error('seed: users first');
  const now = Date.now();
  await db.insert(userApplyArchives).values({
    userId: demo.id,
    values: {
      name: '李明',
      gender: 'male',
      idNumber: DEMO_ID_NUMBER,
      birthDate: '1990-03-07',
      mobile: DEMO_MOBILE,
      email: 'liming@example.com',
      education: 'bachelor',
      school: '北京师范大学',
      major: '汉语言文学',
      region: ['110000', '110100'],
      address: '北京市朝阳区安立路66号院3号楼',
    },
    updatedAt: new Date(now - 20 * DAY),
  });
  const messages = [
    {
      title: `欢迎使用${APP_TITLE}`,
      content: `<p>李明，您好！欢迎注册${APP_TITLE}。</p><p>您可以在“我的”中完善报名档案，报名时将自动带出常用信息；如需帮助，请拨打客服电话 400-810-1234。</p>`,
      days: 30,
      read: true,
    },
    {
      title: '实名认证提醒',
      content:
        '<p>为保障报名信息真实有效，请尽快在“我的—账号与资料”中完成实名认证。未实名的账号将无法提交部分考试的报名。</p>',
      days: 21,
      read: true,
    },
    {
      title: '报名资料审核通过',
      content:
        '<p>您提交的报名资料已通过审核，请在缴费截止时间前完成缴费，逾期未缴费视为自动放弃。</p>',
      days: 6,
      read: false,
    },
    {
      title: '缴费成功通知',
      content:
        '<p>您已成功缴纳报名费 <strong>¥120.00</strong>，订单已生成，可在“我的订单”中查看详情。</p>',
      days: 3,
      read: false,
    },
    {
      title: '准考证打印提醒',
      content:
        '<p>准考证打印通道已开放，请于考试前登录平台下载并打印准考证，考试当天须携带准考证和有效身份证件入场。</p>',
      days: 1,
      read: false,
    },
  ];
  for (const message of messages) {
    const createdAt = new Date(now - message.days * DAY);
    const { messageId } = await createUserMessage(db, {
      userId: demo.id,
      title: message.title,
      content: message.content,
      createdAt,
    });
    if (message.read) await markSeedRead(db, messageId, createdAt);
  }
}

async function markSeedRead(db: Database, messageId: number, at: Date): Promise<void> {
  await db
    .update(userMessages)
    .set({ isRead: true, readAt: new Date(at.getTime() + 3600_000) })
    .where(eq(userMessages.id, messageId));
}
