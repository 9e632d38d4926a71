import { eq } from 'drizzle-orm';
import { hashPassword } from '../domain/accounts/passwords.js';
import { sandboxUser } from '../gateways/wechat/sandbox-identity.js';
import { acceptPolicies } from '../domain/privacy/consents.js';
import type { Database } from '../db/client.js';
import { reviewers, tenants, users } from '../db/schema/index.js';

/** The documented demo account (README). */
export const DEMO_MOBILE = '13800138000';
export const DEMO_PASSWORD = 'Demo@123456';
/** The documented demo reviewer (README): signs in at /views/flowPreview/login. */
/** The documented candidate with extra time (README): +30% on the paid exam's paper. */
export const ACCOMMODATED_MOBILE = '13600136000';
export const ACCOMMODATED_PASSWORD = 'Demo@136136';
/** 赵静's WeChat, bound in the seed: 微信登录 in the sandbox with this nickname signs her in. */
export const ACCOMMODATED_WECHAT_NICKNAME = '赵静';
/** The development 公众号 (WECHAT_APP_ID's default); another app id finds her by the unionid. */
const DEVELOPMENT_WECHAT_APP_ID = 'wx0000000000000000';
export const DEMO_REVIEWER_LOGIN = 'reviewer';
export const DEMO_REVIEWER_PASSWORD = 'Review@123456';

export async function seed(db: Database): Promise<void> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (!tenant) throw new Error('seed: tenants first');
  const created = await db
    .insert(users)
    .values([
      {
        tenantId: tenant.id,
        mobile: DEMO_MOBILE,
        name: '李明',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      },
      {
        tenantId: tenant.id,
        mobile: '13900139000',
        name: '王芳',
        passwordHash: await hashPassword('Demo@654321'),
      },
      {
        tenantId: tenant.id,
        mobile: ACCOMMODATED_MOBILE,
        name: '赵静',
        passwordHash: await hashPassword(ACCOMMODATED_PASSWORD),
      },
    ])
    .returning({ id: users.id });
  // They signed up as anyone does: the agreement and the policy are on record.
  for (const { id } of created)
    await acceptPolicies(db, {
      userId: id,
      kinds: ['user-agreement', 'privacy-policy'],
      address: null,
      at: new Date(),
    });
  // 赵静 bound her WeChat inside WeChat (the sandbox's identity for her nickname).
  const weChat = sandboxUser(
    { app: 'official', appId: DEVELOPMENT_WECHAT_APP_ID },
    ACCOMMODATED_WECHAT_NICKNAME,
  );
  await db
    .update(users)
    .set({
      weChatOpenId: weChat.openId,
      weChatUnionId: weChat.unionId,
      weChatNickName: weChat.nickName,
      weChatHeadImgUrl: '',
      weChatBindAt: new Date(),
    })
    .where(eq(users.mobile, ACCOMMODATED_MOBILE));
  await db.insert(reviewers).values({
    tenantId: tenant.id,
    loginName: DEMO_REVIEWER_LOGIN,
    name: '陈老师（项目审核）',
    passwordHash: await hashPassword(DEMO_REVIEWER_PASSWORD),
  });
}
