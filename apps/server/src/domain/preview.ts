import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { unauthorized } from './errors.js';

export const PREVIEW_LOGIN_INVALID = '预览账号无效，请重新登录';

export interface Previewer {
  userId: number;
  tenantId: number;
  name: string;
}

/**
 * §6 flow preview: the reviewer is named by LoginName, without a token. Our rule: LoginName is
 * the mobile number of an active user; they preview any project of their own tenant.
 */
export async function resolvePreviewer(db: Database, loginName: string): Promise<Previewer> {
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, name: users.name })
    .from(users)
    .where(and(eq(users.mobile, loginName.trim()), eq(users.status, 'active')));
  if (!user) throw unauthorized(PREVIEW_LOGIN_INVALID);
  return { userId: user.id, tenantId: user.tenantId, name: user.name };
}
