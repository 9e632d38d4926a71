import { maskIdNumber, maskMobile, type NotifySetting } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import {
  archiveFieldProblem,
  MAX_UPLOAD_BYTES,
  PLATFORM_POWERS,
  UPLOAD_CONTENT_TYPES,
  type ApplyArchive,
  type FormValues,
  type UserProfile,
  type WeChatBindUser,
} from '@portal/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { userApplyArchives, users, type UserRow } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { WeChatAuthWay, WeChatUser } from '../ports.js';
import { blindIndex } from '../../platform/sealed-values.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../errors.js';
import { counterFor, countOrRefuse } from '../../platform/rate-limits.js';
import { ownAddress, ownOrigins } from '../../platform/own-addresses.js';
import { hashPassword, passwordLine, verifyPassword } from './passwords.js';
import { consumeVerifyToken } from './sms.js';
import {
  attachOwnUploads,
  fileIdOf,
  keptFileValue,
  UPLOAD_URL_PREFIX,
  uploadSignerOf,
  withUploadUrls,
} from '../uploads/uploads.js';

/**
 * The identity an account claims: verified, or held for support because its ID number is verified
 * on another active account (isRealName false, idNumber set). The two are never told apart to the
 * account, so no one learns from it whether an ID number is in use here.
 */
const claimedIdNumber = (row: UserRow): string | null =>
  row.isRealName || row.idNumber ? row.idNumber : null;

export function toProfile(row: UserRow): UserProfile {
  const idNumber = claimedIdNumber(row);
  return {
    UserId: row.id,
    Name: row.name,
    Mobile: row.mobile ? maskMobile(row.mobile) : '',
    HeadPortrait: row.headPortrait,
    IsRealName: row.isRealName || idNumber !== null,
    IdNumber: idNumber ? maskIdNumber(idNumber) : null,
    IsBindWeChat: isWeChatBound(row),
    CreateTime: row.createdAt.toISOString(),
  };
}

/** Who counts as a user at all: an account not closed. Every query of "a user" says it so. */
export const isActiveUser = eq(users.status, 'active');

/** An active account; a closed one is gone as far as the services are concerned. */
const activeUserStatement = preparedPerDatabase('active_user', (db, name) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isActiveUser))
    .prepare(name),
);

async function activeUser(db: Database, userId: number): Promise<UserRow> {
  const [row] = await activeUserStatement(db).execute({ userId });
  if (!row) throw notFound('账号不存在或已注销');
  return row;
}

async function update(db: Database, userId: number, values: Partial<UserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('账号不存在或已注销');
  return row;
}

export async function getProfile(db: Database, userId: number): Promise<UserProfile> {
  return toProfile(await activeUser(db, userId));
}

// ---- apply archive ----

const ARCHIVE_MAX_FIELDS = 100;
const ARCHIVE_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const ARCHIVE_TEXT_MAX = 2000;

type ArchiveDeps = Pick<AppDeps, 'db' | 'secrets' | 'now'>;

/** The archive as its owner sees it: files with fresh signed addresses. */
const archiveAnswer = async (
  deps: ArchiveDeps,
  userId: number,
  row: { values: FormValues; updatedAt: Date } | undefined,
): Promise<ApplyArchive> => ({
  Values: row
    ? await withUploadUrls(deps.db, uploadSignerOf(deps.secrets, deps.now()), userId, row.values)
    : {},
  UpdateTime: row ? row.updatedAt.toISOString() : null,
});

export async function getApplyArchive(deps: ArchiveDeps, userId: number): Promise<ApplyArchive> {
  const [row] = await deps.db
    .select()
    .from(userApplyArchives)
    .where(eq(userApplyArchives.userId, userId));
  return archiveAnswer(deps, userId, row);
}

/** The archive's shape: sane keys and sizes, the well-known fields valid, files our own uploads. */
export function validateArchiveValues(values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const keys = Object.keys(values);
  if (keys.length > ARCHIVE_MAX_FIELDS) errors._ = `档案最多保存${ARCHIVE_MAX_FIELDS}项`;
  for (const key of keys) {
    const value = values[key];
    if (!ARCHIVE_KEY.test(key)) {
      errors[key] = '字段名不正确';
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const text = value.trim();
      const problem = text === '' ? null : archiveFieldProblem(key, text);
      if (value.length > ARCHIVE_TEXT_MAX) errors[key] = `内容过长，最多${ARCHIVE_TEXT_MAX}个字`;
      else if (problem) errors[key] = problem;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) errors[key] = '请填写数字';
    } else if (Array.isArray(value)) {
      if (value.length > 50 || value.some((v) => v.length > 200)) errors[key] = '选项过多或过长';
    } else {
      if (!value.FileId) errors[key] = '文件须通过上传获得，请重新上传';
      else if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(value.ContentType))
        errors[key] = '文件类型不支持';
      else if (value.Size > MAX_UPLOAD_BYTES) errors[key] = '文件过大';
    }
  }
  return errors;
}

export async function saveApplyArchive(
  deps: ArchiveDeps,
  userId: number,
  values: FormValues,
  now: Date,
): Promise<ApplyArchive> {
  const errors = validateArchiveValues(values);
  const [first] = Object.values(errors);
  if (first) throw badRequest(`报名档案有误：${first}`, errors);
  await activeUser(deps.db, userId);
  const row = await deps.db.transaction(async (tx) => {
    const ids = Object.values(values)
      .map(fileIdOf)
      .filter((id): id is string => id !== null);
    const own = new Map(
      (await attachOwnUploads(tx as Database, userId, ids, now)).map((r) => [r.id, r]),
    );
    const kept: FormValues = {};
    for (const [key, value] of Object.entries(values)) {
      const id = fileIdOf(value);
      const upload = id === null ? undefined : own.get(id);
      if (id !== null && !upload) errors[key] = '文件须为您本人上传且未过期，请重新上传';
      kept[key] = upload ? keptFileValue(upload) : value;
    }
    const [fault] = Object.values(errors);
    if (fault) throw badRequest(`报名档案有误：${fault}`, errors);
    const [saved] = await tx
      .insert(userApplyArchives)
      .values({ userId, values: kept, updatedAt: now })
      .onConflictDoUpdate({
        target: userApplyArchives.userId,
        set: { values: kept, updatedAt: now },
      })
      .returning();
    return saved!;
  });
  return archiveAnswer(deps, userId, row);
}

// ---- profile ----

/** Real-name checks an account may ask for in a day: each is a paid call to the register. */
export const IDENTITY_CHECKS_PER_ACCOUNT_PER_DAY = 5;
export const NAME_AND_NUMBER_DIFFER = '姓名与身份证号码不一致，请核对后重新填写';

/**
 * Name and ID number (check digit checked by the contract), checked against the register
 * (the IdentityVerifier: 身份证二要素核验); one ID number, one verified active account (the
 * database's unique index on its blind index). A number already verified on another active account is
 * answered exactly like any other claim — same answer, same work — and the claim is held: stored
 * unverified for support to settle, so the answer never tells whether the number is in use here.
 * An account keeps its first claim.
 */
export async function realPersonVerify(
  { db, secrets, store, gateways }: Pick<AppDeps, 'db' | 'secrets' | 'store' | 'gateways'>,
  userId: number,
  name: string,
  idNumber: string,
): Promise<UserProfile> {
  const user = await activeUser(db, userId);
  if (claimedIdNumber(user) !== null) {
    if (user.idNumber === idNumber && user.realName === name) return toProfile(user);
    throw conflict('账号已完成实名认证，不能更换身份信息');
  }
  const checks = counterFor(store, {
    name: 'identity:checks',
    points: IDENTITY_CHECKS_PER_ACCOUNT_PER_DAY,
    durationSeconds: 24 * 60 * 60,
  });
  await countOrRefuse(checks, String(userId), () =>
    tooManyRequests('今日实名认证次数已用完，请明天再试；如需帮助请联系客服'),
  );
  if ((await gateways.identity.verify({ name, idNumber })) === 'mismatch')
    throw badRequest(NAME_AND_NUMBER_DIFFER, { IdNumber: NAME_AND_NUMBER_DIFFER });
  const idNumberIndex = blindIndex(secrets.blindIndexKey, idNumber);
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.idNumberIndex, idNumberIndex), eq(users.isRealName, true), isActiveUser));
  const claim = { realName: name, idNumber, idNumberIndex };
  try {
    return toProfile(await update(db, userId, { ...claim, isRealName: !holder }));
  } catch (error) {
    // Two accounts claiming one number at once: the index lets one through, the other is held.
    if (!isUniqueViolation(error)) throw error;
    return toProfile(await update(db, userId, { ...claim, isRealName: false }));
  }
}

/** The avatar: an image the account uploaded, shown at its address (to the owner's token). */
export async function updateHeadPortrait(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  fileId: string,
): Promise<UserProfile> {
  await activeUser(deps.db, userId);
  return deps.db.transaction(async (tx) => {
    const [upload] = await attachOwnUploads(tx as Database, userId, [fileId], deps.now());
    if (!upload?.contentType.startsWith('image/'))
      throw badRequest('头像须为您已上传的图片，请重新上传', { HeadPortrait: '请先上传图片' });
    return toProfile(
      await update(tx as Database, userId, { headPortrait: `${UPLOAD_URL_PREFIX}${upload.id}` }),
    );
  });
}

/** Counts tries of an account's password, shared with sign-in (the identity's attempt limiter). */
export interface PasswordTries {
  /** Counts this try of the number's password; throws (429) when it must wait instead. */
  start(mobile: string): Promise<void>;
  succeeded(mobile: string): Promise<void>;
}

/** The account's current password, its tries counted like sign-in's; a wrong one marks `field`. */
async function provePassword(
  user: UserRow,
  password: string,
  tries: PasswordTries,
  field: string,
  message: string,
): Promise<void> {
  const counted = user.mobile ?? `user:${user.id}`;
  // The waiting line before the try is counted, when the line of password checks is full.
  passwordLine.admit();
  await tries.start(counted);
  if (!(await verifyPassword(password, user.passwordHash)))
    throw badRequest(message, { [field]: message });
  await tries.succeeded(counted);
}

export async function updateLoginPassword(
  db: Database,
  userId: number,
  oldPassword: string,
  newPassword: string,
  tries: PasswordTries,
): Promise<void> {
  const user = await activeUser(db, userId);
  await provePassword(user, oldPassword, tries, 'OldPassword', '原密码不正确');
  if (oldPassword === newPassword)
    throw badRequest('新密码不能与原密码相同', { NewPassword: '新密码不能与原密码相同' });
  await update(db, userId, { passwordHash: await hashPassword(newPassword) });
}

// ---- mobile and closing ----

/**
 * The account's password proves its owner (a token alone is not enough to move the account to
 * another phone); then the SMS proof for the new number: "taken" is told only to someone who holds
 * that phone, so the call tells nobody else whether a number is registered.
 */
export async function changeMobile(
  deps: Pick<AppDeps, 'db' | 'store'>,
  userId: number,
  change: { mobile: string; verifyToken: string; password: string },
  tries: PasswordTries,
): Promise<UserProfile> {
  const { mobile, verifyToken } = change;
  const user = await activeUser(deps.db, userId);
  if (user.mobile === mobile)
    throw badRequest('新手机号与当前手机号相同', { Mobile: '新手机号与当前手机号相同' });
  await provePassword(user, change.password, tries, 'Password', '登录密码不正确');
  await consumeVerifyToken(deps, { token: verifyToken, mobile, scene: 'ChangeMobile' });
  try {
    return await deps.db.transaction(async (txDb) => {
      const tx = txDb as Database;
      const changed = await update(tx, userId, { mobile });
      // The archive's mobile was the old number: new forms are pre-filled with the new one.
      const [archive] = await tx
        .select({ values: userApplyArchives.values })
        .from(userApplyArchives)
        .where(eq(userApplyArchives.userId, userId));
      if (archive && archive.values.mobile === user.mobile)
        await tx
          .update(userApplyArchives)
          .set({ values: { ...archive.values, mobile } })
          .where(eq(userApplyArchives.userId, userId));
      return toProfile(changed);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('该手机号已被其他账号使用');
    throw error;
  }
}

/** Closed: the number is freed (kept as closedMobile), WeChat unbound; tokens and sign-in stop. */
export async function closeAccount(
  deps: Pick<AppDeps, 'db' | 'store'>,
  userId: number,
  verifyToken: string,
  now: Date,
): Promise<void> {
  const user = await activeUser(deps.db, userId);
  if (!user.mobile) throw conflict('账号未绑定手机号，无法通过短信验证注销');
  await consumeVerifyToken(deps, {
    token: verifyToken,
    mobile: user.mobile,
    scene: 'CloseAccount',
  });
  await update(deps.db, userId, {
    status: 'closed',
    closedMobile: user.mobile,
    mobile: null,
    ...WECHAT_UNBOUND,
    closedAt: now,
  });
}

export function platformPowers(signedIn: boolean): (typeof PLATFORM_POWERS)[number][] {
  return signedIn ? [...PLATFORM_POWERS] : ['cooperate'];
}

// ---- WeChat binding ----

const STATE_TTL_SECONDS = 600;

/** Bound through either app: the 公众号 inside WeChat or the website app on a PC. */
export const isWeChatBound = (row: UserRow): boolean =>
  row.weChatOpenId !== null || row.weChatWebOpenId !== null;

/** No WeChat bound: closing, unbinding and erasure all set it. */
export const WECHAT_UNBOUND = {
  weChatOpenId: null,
  weChatWebOpenId: null,
  weChatUnionId: null,
  weChatNickName: null,
  weChatHeadImgUrl: null,
  weChatBindAt: null,
} as const;

function toBindUser(row: UserRow): WeChatBindUser {
  return {
    IsBind: isWeChatBound(row),
    NickName: row.weChatNickName ?? '',
    HeadImgUrl: row.weChatHeadImgUrl ?? '',
    BindTime: row.weChatBindAt ? row.weChatBindAt.toISOString() : null,
  };
}

/**
 * What a WeChat authorisation is for, kept server-side under its state until WeChat returns (10
 * minutes, spent once): binding this user's account, signing in in this identity-provider
 * interaction, or proving this user's payer openid.
 */
export type WeChatPurpose =
  | { for: 'bind'; userId: number }
  | { for: 'sign-in'; interaction: string }
  | { for: 'payer'; userId: number };
interface StateRecord {
  purpose: WeChatPurpose;
  way: WeChatAuthWay;
}
const stateKey = (state: string) => `wechat:state:${state}`;

/** The authorisation address for a purpose; its state remembers the purpose and the way. */
export async function startWeChatAuthorisation(
  deps: Pick<AppDeps, 'store' | 'gateways'>,
  purpose: WeChatPurpose,
  returnUrl: string,
  way: WeChatAuthWay,
): Promise<string> {
  const state = randomBytes(16).toString('base64url');
  const url = deps.gateways.weChat.authorizeUrl(returnUrl, state, way);
  const record: StateRecord = { purpose, way };
  await deps.store.set(stateKey(state), JSON.stringify(record), STATE_TTL_SECONDS);
  return url;
}

const samePurpose = (a: WeChatPurpose, b: WeChatPurpose) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Who WeChat says authorised: the state must be one we gave for this very purpose (spent here,
 * whatever follows), and the code is exchanged server-side — the openid never comes from the
 * browser. Throws the refusal the visitor reads.
 */
export async function finishWeChatAuthorisation(
  deps: Pick<AppDeps, 'store' | 'gateways'>,
  purpose: WeChatPurpose,
  authorisation: { code: string; state: string },
  refusal: string,
): Promise<WeChatUser> {
  const stored = await deps.store.take(stateKey(authorisation.state));
  const record = stored ? (JSON.parse(stored) as StateRecord) : null;
  if (!record || !samePurpose(record.purpose, purpose))
    throw badRequest(refusal, { State: refusal });
  return deps.gateways.weChat.exchangeCode(authorisation.code, record.way);
}

/** The account a WeChat identity is bound to: the unionid when WeChat gives one, else that app's openid. */
export async function findUserByWeChat(db: Database, weChat: WeChatUser): Promise<UserRow | null> {
  const openIdColumn = weChat.app === 'website' ? users.weChatWebOpenId : users.weChatOpenId;
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        isActiveUser,
        weChat.unionId
          ? or(eq(users.weChatUnionId, weChat.unionId), eq(openIdColumn, weChat.openId))
          : eq(openIdColumn, weChat.openId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * What an account learns of a WeChat identity it is bound to: this app's openid and the unionid
 * (signing in inside WeChat on an account bound on a PC gives it the 公众号's openid, the payer's).
 */
async function recordWeChat(db: Database, row: UserRow, weChat: WeChatUser): Promise<UserRow> {
  const openIdField = weChat.app === 'website' ? 'weChatWebOpenId' : 'weChatOpenId';
  if (row[openIdField] === weChat.openId && (row.weChatUnionId || !weChat.unionId)) return row;
  try {
    return await update(db, row.id, {
      [openIdField]: weChat.openId,
      weChatUnionId: row.weChatUnionId ?? weChat.unionId,
    });
  } catch (error) {
    // Another account holds that openid (bound before unionids were known): leave this one as is.
    if (isUniqueViolation(error)) return row;
    throw error;
  }
}

export async function weChatAuthorizeConfig(
  deps: Pick<AppDeps, 'config' | 'store' | 'gateways'>,
  userId: number,
  returnUrl: string,
  where: 'inside' | 'qr' = 'qr',
): Promise<{ AppId: string; AuthorizeUrl: string }> {
  // Only back to this deployment's own pages.
  if (!ownAddress(returnUrl, ownOrigins(deps.config)))
    throw badRequest('回调地址不属于本站', { ReturnUrl: '回调地址不属于本站' });
  const way = where === 'inside' ? 'userinfo' : 'qr';
  return {
    AppId: way === 'qr' ? deps.config.weChat.web.appId : deps.config.weChat.appId,
    AuthorizeUrl: await startWeChatAuthorisation(deps, { for: 'bind', userId }, returnUrl, way),
  };
}

export async function getWeChatBindUser(db: Database, userId: number): Promise<WeChatBindUser> {
  return toBindUser(await activeUser(db, userId));
}

/**
 * The openid WeChat Pay JSAPI charges: the 公众号's openid of the candidate's WeChat (bound inside
 * WeChat, or learnt when they signed in with 微信登录 there). An account bound only on a PC has
 * none yet: silent snsapi_base authorisation (purpose `payer`) is the way to prove one.
 */
export async function payerOpenIdOf(db: Database, userId: number): Promise<string | null> {
  return (await activeUser(db, userId)).weChatOpenId;
}

export async function bindWeChat(
  deps: Pick<AppDeps, 'db' | 'gateways' | 'store'>,
  userId: number,
  authorisation: { code: string; state: string },
  now: Date,
): Promise<WeChatBindUser> {
  // The state GetWeChatConfig gave this user, spent once: no one else's authorisation binds here.
  const user = await activeUser(deps.db, userId);
  const weChatUser = await finishWeChatAuthorisation(
    deps,
    { for: 'bind', userId },
    authorisation,
    '微信授权校验未通过，请重新绑定',
  );
  if (isWeChatBound(user)) throw conflict('当前账号已绑定微信，请先解除绑定');
  const other = await findUserByWeChat(deps.db, weChatUser);
  if (other) throw conflict('该微信已绑定其他账号，请先在原账号解除绑定');
  try {
    return toBindUser(
      await update(deps.db, userId, {
        [weChatUser.app === 'website' ? 'weChatWebOpenId' : 'weChatOpenId']: weChatUser.openId,
        weChatUnionId: weChatUser.unionId,
        weChatNickName: weChatUser.nickName,
        weChatHeadImgUrl: weChatUser.headImgUrl,
        weChatBindAt: now,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('该微信已绑定其他账号，请先在原账号解除绑定');
    throw error;
  }
}

/**
 * 微信登录 inside WeChat: the account bound to the WeChat that authorised, the 公众号's openid
 * recorded on it; null when that WeChat is bound to no account (nothing is created or guessed).
 */
export async function signInWithWeChat(
  deps: Pick<AppDeps, 'db' | 'gateways' | 'store'>,
  interaction: string,
  authorisation: { code: string; state: string },
): Promise<number | null> {
  const weChatUser = await finishWeChatAuthorisation(
    deps,
    { for: 'sign-in', interaction },
    authorisation,
    '微信授权已失效，请重新点击微信登录',
  );
  const user = await findUserByWeChat(deps.db, weChatUser);
  if (!user) return null;
  await recordWeChat(deps.db, user, weChatUser);
  return user.id;
}

/** User/GetNotifySetting: whether the optional text messages (reminders) are sent. */
export async function getNotifySetting(db: Database, userId: number): Promise<NotifySetting> {
  return { RemindersOn: (await activeUser(db, userId)).remindersOn };
}

/** User/SaveNotifySetting: stops or resumes the reminders; review decisions go regardless. */
export async function saveNotifySetting(
  db: Database,
  userId: number,
  setting: NotifySetting,
): Promise<NotifySetting> {
  await activeUser(db, userId);
  const row = await update(db, userId, { remindersOn: setting.RemindersOn });
  return { RemindersOn: row.remindersOn };
}

export async function relieveWeChatBind(db: Database, userId: number): Promise<UserProfile> {
  const user = await activeUser(db, userId);
  if (!isWeChatBound(user)) throw conflict('当前账号未绑定微信');
  return toProfile(await update(db, userId, WECHAT_UNBOUND));
}
