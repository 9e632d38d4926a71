import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  boundedString,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TOKEN_LENGTH,
  nullDataSchema,
  pagedSchema,
  pageQuerySchema,
  timeSchema,
} from '../envelope.js';
import {
  FORM_FIELD_ID_MAX_LENGTH,
  FORM_TEXT_MAX_LENGTH,
  formValuesSchema,
  isEmail,
  isStrongPassword,
  isValidChineseIdNumber,
  MOBILE_PATTERN,
  PASSWORD_RULE_TEXT,
} from '../form.js';
import { applyStatusSchema, applySummarySchema } from './apply.js';
import { projectSummarySchema } from './project.js';
import { lazySchema } from '../lazy-schema.js';

export const userProfileSchema = lazySchema(() =>
  z.object({
    UserId: z.number().int(),
    Name: z.string(),
    /** Masked, e.g. 138****8000 */
    Mobile: z.string(),
    HeadPortrait: z.string(),
    IsRealName: z.boolean(),
    /** Masked, e.g. 1101**********1234; null until verified. */
    IdNumber: z.string().nullable(),
    IsBindWeChat: z.boolean(),
    CreateTime: timeSchema,
  }),
);
export type UserProfile = z.infer<typeof userProfileSchema>;

export const applyArchiveSchema = lazySchema(() =>
  z.object({
    Values: formValuesSchema,
    UpdateTime: timeSchema.nullable(),
  }),
);
export type ApplyArchive = z.infer<typeof applyArchiveSchema>;

/** A person's name as the apply archive keeps it: Chinese or Latin letters, · and spaces. */
export const ARCHIVE_NAME_PATTERN = /^[\u4e00-\u9fa5·A-Za-z ]{2,30}$/;

/** The archive's well-known fields, in the order a form shows them; the apply form uses the same keys. */
export const APPLY_ARCHIVE_FIELDS = [
  { key: 'name', label: '姓名' },
  { key: 'idNumber', label: '身份证号' },
  { key: 'mobile', label: '手机号码' },
  { key: 'email', label: '电子邮箱' },
  { key: 'major', label: '所学专业' },
  { key: 'workUnit', label: '工作单位' },
] as const;
export type ApplyArchiveKey = (typeof APPLY_ARCHIVE_FIELDS)[number]['key'];

/**
 * The rule of one well-known archive field for a non-empty trimmed text: the message to show, or
 * null. The web's archive form and the server's SaveUserApplyArchive both check with it.
 */
export function archiveFieldProblem(key: string, text: string): string | null {
  if (key === 'name' && !ARCHIVE_NAME_PATTERN.test(text)) return '请填写正确的姓名';
  if (key === 'idNumber' && !isValidChineseIdNumber(text))
    return '身份证号码不正确，请填写18位居民身份证号码';
  if (key === 'mobile' && !MOBILE_PATTERN.test(text)) return '手机号码不正确，请填写11位手机号码';
  if (key === 'email' && !isEmail(text)) return '邮箱格式不正确，例如 name@example.com';
  return null;
}

const archiveText = (key: ApplyArchiveKey) =>
  boundedString(FORM_TEXT_MAX_LENGTH).superRefine((value, ctx) => {
    const text = value.trim();
    const problem = text ? archiveFieldProblem(key, text) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The archive's well-known fields as a form edits them (each may be left empty). */
export const applyArchiveBasicsSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(APPLY_ARCHIVE_FIELDS.map((f) => [f.key, archiveText(f.key)])) as Record<
      ApplyArchiveKey,
      ReturnType<typeof archiveText>
    >,
  ),
);
export type ApplyArchiveBasics = z.infer<typeof applyArchiveBasicsSchema>;

export const personalCenterNumberSchema = lazySchema(() =>
  z.object({
    ApplyCount: z.number().int().min(0),
    RunProjectCount: z.number().int().min(0),
    OrderCount: z.number().int().min(0),
    BrowseCount: z.number().int().min(0),
    CollectCount: z.number().int().min(0),
    UnreadMessageCount: z.number().int().min(0),
  }),
);
export type PersonalCenterNumber = z.infer<typeof personalCenterNumberSchema>;

export const browsedProjectSchema = lazySchema(() =>
  projectSummarySchema.extend({ BrowseTime: timeSchema }),
);
export const collectedProjectSchema = lazySchema(() =>
  projectSummarySchema.extend({ CollectTime: timeSchema }),
);

export const mobileSchema = lazySchema(() =>
  boundedString(MAX_NAME_LENGTH, '请填写正确的11位手机号码')
    .trim()
    .regex(MOBILE_PATTERN, '请填写正确的11位手机号码'),
);
export const passwordSchema = lazySchema(() =>
  boundedString(MAX_PASSWORD_LENGTH, `密码须${PASSWORD_RULE_TEXT}`).refine(
    isStrongPassword,
    `密码须${PASSWORD_RULE_TEXT}`,
  ),
);

export const getUser = defineEndpoint('User/GetUser', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => userProfileSchema,
});

export const getUserApplyArchive = defineEndpoint('User/GetUserApplyArchive', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => applyArchiveSchema,
});

export const getPersonalCenterNumber = defineEndpoint('User/GetPersonalCenterNumber', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => personalCenterNumberSchema,
});

export const getUserRunProject = defineEndpoint('User/GetUserRunProject', {
  method: 'GET',
  client: 'exam-account',
  request: () => pageQuerySchema,
  response: () => pagedSchema(applySummarySchema),
});

/** Whether the home page shows the "in progress" strip, and its first few entries. */
export const getUserRunProjectDisplay = defineEndpoint('User/GetUserRunProjectDisplay', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => z.object({ Display: z.boolean(), Items: z.array(applySummarySchema) }),
});

export const getUserBrowseProject = defineEndpoint('User/GetUserBrowseProject', {
  method: 'GET',
  client: 'exam-account',
  request: () => pageQuerySchema,
  response: () => pagedSchema(browsedProjectSchema),
});

export const getUserProject = defineEndpoint('User/GetUserProject', {
  method: 'GET',
  client: 'exam-account',
  request: () => pageQuerySchema.extend({ Status: applyStatusSchema.optional() }),
  response: () => pagedSchema(applySummarySchema),
});

export const getUserCollectProject = defineEndpoint('User/GetUserCollectProject', {
  method: 'GET',
  client: 'exam-account',
  request: () => pageQuerySchema,
  response: () => pagedSchema(collectedProjectSchema),
});

export const PLATFORM_POWERS = ['apply', 'pay', 'online-exam', 'wechat-bind', 'cooperate'] as const;
export const getPlatformPower = defineEndpoint('User/GetPlatformPower', {
  method: 'GET',
  client: 'exam-account',
  auth: 'optional',
  path: '/PlatformService/v1/User/GetPlatformPower',
  request: () => z.object({}),
  response: () => z.object({ Powers: z.array(z.enum(PLATFORM_POWERS)) }),
});

export const saveUserApplyArchive = defineEndpoint('User/SaveUserApplyArchive', {
  method: 'POST',
  client: 'exam-account',
  request: () => z.object({ Values: formValuesSchema }),
  response: () => applyArchiveSchema,
});

export const realPersonVerify = defineEndpoint('User/RealPersonVerify', {
  method: 'POST',
  client: 'exam-account',
  request: () =>
    z.object({
      Name: boundedString(MAX_NAME_LENGTH, '请填写身份证上的中文姓名')
        .trim()
        .regex(/^[\u4e00-\u9fa5·]{2,20}$/, '请填写身份证上的中文姓名'),
      IdNumber: boundedString(MAX_NAME_LENGTH, '身份证号码不正确，请填写18位居民身份证号码')
        .trim()
        .toUpperCase()
        .refine(isValidChineseIdNumber, '身份证号码不正确，请填写18位居民身份证号码'),
    }),
  response: () => userProfileSchema,
});

export const updateHeadPortrait = defineEndpoint('User/UpdateHeadPortrait', {
  method: 'POST',
  client: 'exam-account',
  /** HeadPortrait: the FileId Common/Upload answered; the profile then shows the picture's address. */
  request: () =>
    z.object({ HeadPortrait: boundedString(FORM_FIELD_ID_MAX_LENGTH).min(1, '请先上传头像') }),
  response: () => userProfileSchema,
});

export const updateLoginPwd = defineEndpoint('User/UpdateLoginPwd', {
  method: 'POST',
  client: 'exam-account',
  request: () =>
    z.object({
      OldPassword: boundedString(MAX_PASSWORD_LENGTH).min(1, '请填写原密码'),
      NewPassword: passwordSchema,
    }),
  response: () => nullDataSchema,
});

export const relieveWeChatBind = defineEndpoint('User/RelieveWeChatBind', {
  method: 'POST',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => userProfileSchema,
});

/**
 * VerifyToken comes from ShortMessage/Verify for the new number (scene ChangeMobile); Password is
 * the account's current one (not shown in the spec: a signed-in token alone must not move the
 * account to another phone).
 */
export const changeMobile = defineEndpoint('User/ChangeMobile', {
  method: 'POST',
  client: 'exam-account',
  request: () =>
    z.object({
      Mobile: mobileSchema,
      VerifyToken: boundedString(MAX_TOKEN_LENGTH).min(1),
      Password: boundedString(MAX_PASSWORD_LENGTH).min(1, '请填写登录密码'),
    }),
  response: () => userProfileSchema,
});

/** VerifyToken comes from ShortMessage/Verify for the account's own number (scene CloseAccount). */
/**
 * What closing the account today means, told before it is confirmed: its personal data is erased
 * CoolingOffDays later (EraseTime), and signing in before then cancels the closing.
 */
export const getAccountClosing = defineEndpoint('User/GetAccountClosing', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () =>
    z.object({
      CoolingOffDays: z.number().int().min(0),
      EraseTime: timeSchema,
    }),
});

export const closeAccount = defineEndpoint('User/CloseAccount', {
  method: 'POST',
  client: 'exam-account',
  request: () => z.object({ VerifyToken: boundedString(MAX_TOKEN_LENGTH).min(1) }),
  response: () => nullDataSchema,
});

/**
 * The text messages a candidate may stop (issue 30, point 16): the reminders — a fee about to
 * lapse, the exam the day and the hour before. Review decisions are always sent.
 */
export const notifySettingSchema = lazySchema(() => z.object({ RemindersOn: z.boolean() }));
export type NotifySetting = z.infer<typeof notifySettingSchema>;

export const getNotifySetting = defineEndpoint('User/GetNotifySetting', {
  method: 'GET',
  client: 'exam-account',
  request: () => z.object({}),
  response: () => notifySettingSchema,
});

export const saveNotifySetting = defineEndpoint('User/SaveNotifySetting', {
  method: 'POST',
  client: 'exam-account',
  request: () => notifySettingSchema,
  response: () => notifySettingSchema,
});

/** Who acted on a person's data, in the audit trail (GB/T 35273 11.3). */
export const AUDIT_ACTOR_KINDS = ['candidate', 'reviewer', 'organiser', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTIONS = [
  'read',
  'export',
  'change',
  'erase',
  'real-name-check',
  'consent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_RESULTS = ['ok', 'refused', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

export const AUDIT_ACTOR_TEXT: Record<AuditActorKind, string> = {
  candidate: '您本人',
  reviewer: '审核老师',
  organiser: '主办方',
  system: '系统',
};
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  read: '查看',
  export: '下载',
  change: '修改',
  erase: '删除',
  'real-name-check': '实名核验',
  consent: '同意授权',
};
export const AUDIT_RESULT_TEXT: Record<AuditResult, string> = {
  ok: '成功',
  refused: '未通过',
  failed: '失败',
};

export const personalDataEventSchema = lazySchema(() =>
  z.object({
    EventId: z.number().int(),
    Time: timeSchema,
    ActorKind: z.enum(AUDIT_ACTOR_KINDS),
    /** A reviewer's or organiser's name (陈老师); empty for the person and the system. */
    ActorName: z.string(),
    Action: z.enum(AUDIT_ACTIONS),
    /** What was touched, in Chinese (报名信息《…》, 报名档案, 头像). */
    Target: z.string(),
    /** Masked, e.g. 203.0.*.* */
    Address: z.string(),
    Result: z.enum(AUDIT_RESULTS),
  }),
);
export type PersonalDataEvent = z.infer<typeof personalDataEventSchema>;

/** 谁查看了我的信息: the audit entries about the signed-in person, newest first. */
export const getPersonalDataEvents = defineEndpoint('User/GetPersonalDataEvents', {
  method: 'GET',
  client: 'exam-account',
  request: () => pageQuerySchema,
  response: () => pagedSchema(personalDataEventSchema),
});

/** Copies one person may download in a day: each reads and renders everything kept about them. */
export const PERSONAL_DATA_EXPORTS_PER_DAY = 3;

/** 下载我的个人信息: a ZIP of a JSON and a PDF of everything kept about the person (PIPL art. 45). */
export const exportPersonalData = defineEndpoint('User/ExportPersonalData', {
  method: 'POST',
  client: 'exam-account',
  request: () => z.object({}),
  response: () =>
    z.object({
      FileName: z.string(),
      ContentType: z.literal('application/zip'),
      Base64: z.string(),
    }),
});
