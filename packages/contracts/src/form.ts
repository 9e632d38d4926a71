import { z } from 'zod';
import {
  boundedString,
  MAX_EMAIL_LENGTH,
  MAX_ID,
  MAX_NAME_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_URL_LENGTH,
} from './envelope.js';
import { lazySchema } from './lazy-schema.js';
import { MOBILE_PATTERN } from './patterns.js';

/** Field types an application form may contain; the web renders each, the server checks each. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'region',
  'idcard',
  'mobile',
  'email',
  'photo',
  'file',
] as const;
export const formFieldTypeSchema = lazySchema(() => z.enum(FORM_FIELD_TYPES));
export type FormFieldType = z.infer<typeof formFieldTypeSchema>;

export const fieldOptionSchema = lazySchema(() =>
  z.object({ Label: z.string(), Value: z.string() }),
);
export type FieldOption = z.infer<typeof fieldOptionSchema>;

export const formFieldSchema = lazySchema(() =>
  z.object({
    FieldId: z.string().min(1),
    Label: z.string().min(1),
    Type: formFieldTypeSchema,
    Required: z.boolean(),
    Placeholder: z.string().optional(),
    Hint: z.string().optional(),
    /** select / radio / checkbox */
    Options: z.array(fieldOptionSchema).optional(),
    /** text / textarea: length; number: value; checkbox: how many chosen */
    MinLength: z.number().int().min(0).optional(),
    MaxLength: z.number().int().min(1).optional(),
    Min: z.number().optional(),
    Max: z.number().optional(),
    /** date: inclusive bounds, YYYY-MM-DD */
    MinDate: z.string().optional(),
    MaxDate: z.string().optional(),
    /** date: the birth date of the ID number in this idcard field; the two must agree. */
    BirthDateOf: z.string().optional(),
    /** photo / file: accepted MIME types and the largest size */
    Accept: z.array(z.string()).optional(),
    MaxSizeKb: z.number().int().positive().optional(),
    /** Shown (and so checked) only when another field holds one of these values. */
    ShowWhen: z.object({ FieldId: z.string(), Values: z.array(z.string()).min(1) }).optional(),
    /**
     * Sensitive personal information (PIPL art. 28: health, disability, household registration…),
     * asked only with a consent of its own. ID numbers and photos are sensitive unless told not.
     */
    Sensitive: z.boolean().optional(),
  }),
);
export type FormField = z.infer<typeof formFieldSchema>;

export function isSensitiveField(field: Pick<FormField, 'Type' | 'Sensitive'>): boolean {
  return field.Sensitive ?? (field.Type === 'idcard' || field.Type === 'photo');
}

/** What applying with a sensitive field without its own consent is told. */
export const SENSITIVE_CONSENT_REQUIRED = '请阅读并勾选同意《敏感个人信息处理规则》后再提交';

/** What a form with sensitive fields tells before asking consent (PIPL art. 17, 30). */
export const sensitiveConsentSchema = lazySchema(() =>
  z.object({
    /** The form's version the consent is given to; stored with it. */
    Version: z.string(),
    /** The labels of the sensitive fields asked. */
    Fields: z.array(z.string()),
    /** Days after the project's exam after which those values and files are erased. */
    RetentionDays: z.number().int().positive(),
    /** Who receives them. */
    Recipient: z.string(),
    /** This application's consent is on record (a returned application need not ask again). */
    Given: z.boolean(),
  }),
);
export type SensitiveConsent = z.infer<typeof sensitiveConsentSchema>;

/** Under this age (from the ID number) a guardian consents for the candidate (PIPL art. 31). */
export const GUARDIAN_CONSENT_AGE = 14;

/** What applying for a child under 14 without a guardian's consent is told. */
export const GUARDIAN_CONSENT_REQUIRED =
  '申请人未满14周岁，须由监护人填写姓名、验证手机号并勾选同意后才能提交';

/**
 * The candidate a form's ID number names is under GUARDIAN_CONSENT_AGE on `today` (Beijing
 * calendar date, YYYY-MM-DD): the first valid ID number of the form's idcard fields decides.
 */
export function needsGuardianConsent(
  fields: readonly Pick<FormField, 'FieldId' | 'Type'>[],
  values: FormValues,
  today: string,
): boolean {
  for (const field of fields) {
    if (field.Type !== 'idcard') continue;
    const birth = birthDateOfIdNumber(values[field.FieldId]);
    if (!birth) continue;
    const [year, monthDay] = [Number(birth.slice(0, 4)), birth.slice(4)];
    return `${String(year + GUARDIAN_CONSENT_AGE).padStart(4, '0')}${monthDay}` > today;
  }
  return false;
}

/**
 * A guardian's consent: who they are, their mobile proved by a code (ShortMessage/Verify, scene
 * GuardianConsent) and the box they ticked.
 */
export const guardianConsentSchema = lazySchema(() =>
  z.object({
    Name: boundedString(MAX_NAME_LENGTH, '请填写监护人姓名').trim().min(1, '请填写监护人姓名'),
    Mobile: boundedString(MAX_NAME_LENGTH, '请填写监护人的11位手机号码')
      .trim()
      .regex(MOBILE_PATTERN, '请填写监护人的11位手机号码'),
    VerifyToken: boundedString(MAX_TOKEN_LENGTH).min(1, '请填写监护人手机收到的验证码'),
    Agreed: z.literal(true, '请由监护人勾选同意'),
  }),
);
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;

/** A form's caps: a person types far less; the caps only stop a script's oversized values. */
export const FORM_TEXT_MAX_LENGTH = 10_000;
export const FORM_MAX_FIELDS = 200;
export const FORM_MAX_CHOICES = 100;
export const FORM_FIELD_ID_MAX_LENGTH = 64;
export const FILE_NAME_MAX_LENGTH = 200;
/** A number field's value: any a form could ask for, none a script could overflow with. */
export const FORM_NUMBER_LIMIT = 1e15;

/** An upload's id: random, as Common/Upload gives it out (22 base64url characters). */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * An uploaded file as a form value. What is stored is FileId (the upload of the account that made
 * it) with its name, size and type; Url is a short-lived signed address that answers add afresh.
 */
export const uploadedFileValueSchema = lazySchema(() =>
  z.object({
    /** Absent only in a reviewer's preview, which keeps a file's name and never the file. */
    FileId: boundedString(FORM_FIELD_ID_MAX_LENGTH).regex(UPLOAD_ID_PATTERN).optional(),
    FileName: boundedString(FILE_NAME_MAX_LENGTH),
    Size: z.number().int().min(0).max(MAX_ID),
    ContentType: boundedString(MAX_NAME_LENGTH * 2),
    Url: boundedString(MAX_URL_LENGTH).optional(),
  }),
);
export type UploadedFileValue = z.infer<typeof uploadedFileValueSchema>;

/** text-like → string, number → number, checkbox and region → string[], photo/file → uploaded file. */
export const fieldValueSchema = lazySchema(() =>
  z.union([
    boundedString(FORM_TEXT_MAX_LENGTH),
    z.number().min(-FORM_NUMBER_LIMIT).max(FORM_NUMBER_LIMIT),
    z.array(boundedString(FORM_TEXT_MAX_LENGTH)).max(FORM_MAX_CHOICES),
    uploadedFileValueSchema,
    z.null(),
  ]),
);
export type FieldValue = z.infer<typeof fieldValueSchema>;
export const formValuesSchema = lazySchema(() =>
  z
    .record(boundedString(FORM_FIELD_ID_MAX_LENGTH), fieldValueSchema)
    .refine(
      (values) => Object.keys(values).length <= FORM_MAX_FIELDS,
      `表单最多${FORM_MAX_FIELDS}项`,
    ),
);
export type FormValues = z.infer<typeof formValuesSchema>;

export { MOBILE_PATTERN };
/** Dots only between the domain's labels, so no two parts of the pattern can take the same text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export function isEmail(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text);
}
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const ID_NUMBER_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_NUMBER_CHECK_CODES = '10X98765432';

/** GB 11643's ISO 7064 MOD 11-2 check digit of an ID number's first 17 digits. */
export function idNumberCheckDigit(first17: string): string {
  const sum = ID_NUMBER_WEIGHTS.reduce(
    (total, weight, i) => total + weight * Number(first17[i]),
    0,
  );
  return ID_NUMBER_CHECK_CODES[sum % 11]!;
}

/** The birth date an ID number carries (YYYY-MM-DD), or null when the number is not valid. */
export function birthDateOfIdNumber(value: unknown): string | null {
  if (typeof value !== 'string' || !isValidChineseIdNumber(value)) return null;
  const id = value.trim();
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** GB 11643: 18 characters, a real birth date, and the ISO 7064 MOD 11-2 check digit. */
export function isValidChineseIdNumber(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!isRealDate(birth) || birth < '1900-01-01') return false;
  return idNumberCheckDigit(id) === id[17];
}

function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function valueAsStrings(value: FieldValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value;
  return [];
}

export function isFieldVisible(field: FormField, values: FormValues): boolean {
  if (!field.ShowWhen) return true;
  const current = valueAsStrings(values[field.ShowWhen.FieldId]);
  return current.some((v) => field.ShowWhen!.Values.includes(v));
}

export function formatFileSize(kb: number): string {
  return kb >= 1024 ? `${(kb / 1024).toFixed(kb % 1024 === 0 ? 0 : 1)}MB` : `${kb}KB`;
}

/** What a required field left empty asks for: something typed, chosen or uploaded. */
export function missingValueMessage(field: Pick<FormField, 'Type' | 'Label'>): string {
  switch (field.Type) {
    case 'date':
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'region':
      return `请选择${field.Label}`;
    case 'photo':
    case 'file':
      return `请上传${field.Label}`;
    default:
      return `请填写${field.Label}`;
  }
}

/** Checks one field; returns the Chinese message a person can act on, or null when it is fine. */
export function validateFieldValue(field: FormField, value: FieldValue | undefined): string | null {
  if (isEmpty(value)) return field.Required ? missingValueMessage(field) : null;
  const text = typeof value === 'string' ? value.trim() : '';
  switch (field.Type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return `${field.Label}格式不正确`;
      if (field.MinLength !== undefined && text.length < field.MinLength)
        return `${field.Label}至少${field.MinLength}个字`;
      if (field.MaxLength !== undefined && text.length > field.MaxLength)
        return `${field.Label}最多${field.MaxLength}个字`;
      return null;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(text);
      if (typeof value !== 'number' && (typeof value !== 'string' || !Number.isFinite(n)))
        return `${field.Label}请填写数字`;
      if (!Number.isFinite(n)) return `${field.Label}请填写数字`;
      if (field.Min !== undefined && n < field.Min) return `${field.Label}不能小于${field.Min}`;
      if (field.Max !== undefined && n > field.Max) return `${field.Label}不能大于${field.Max}`;
      return null;
    }
    case 'date': {
      if (!isRealDate(text)) return `${field.Label}请选择有效日期`;
      if (field.MinDate && text < field.MinDate) return `${field.Label}不能早于${field.MinDate}`;
      if (field.MaxDate && text > field.MaxDate) return `${field.Label}不能晚于${field.MaxDate}`;
      return null;
    }
    case 'select':
    case 'radio': {
      const allowed = (field.Options ?? []).map((o) => o.Value);
      return typeof value === 'string' && allowed.includes(value) ? null : `请选择${field.Label}`;
    }
    case 'checkbox': {
      const allowed = (field.Options ?? []).map((o) => o.Value);
      if (!Array.isArray(value) || value.some((v) => !allowed.includes(v)))
        return `请选择${field.Label}`;
      if (field.MinLength !== undefined && value.length < field.MinLength)
        return `${field.Label}至少选择${field.MinLength}项`;
      if (field.MaxLength !== undefined && value.length > field.MaxLength)
        return `${field.Label}最多选择${field.MaxLength}项`;
      return null;
    }
    case 'region':
      return Array.isArray(value) && value.length >= 2 && value.every((v) => v.trim() !== '')
        ? null
        : `请选择完整的${field.Label}`;
    case 'idcard':
      return isValidChineseIdNumber(text) ? null : `${field.Label}不正确，请填写18位居民身份证号码`;
    case 'mobile':
      return MOBILE_PATTERN.test(text) ? null : `${field.Label}不正确，请填写11位手机号码`;
    case 'email':
      return isEmail(text) ? null : `${field.Label}格式不正确，例如 name@example.com`;
    case 'photo':
    case 'file': {
      const parsed = uploadedFileValueSchema.safeParse(value);
      if (!parsed.success) return `请上传${field.Label}`;
      if (
        field.Accept &&
        field.Accept.length > 0 &&
        !field.Accept.includes(parsed.data.ContentType)
      )
        return `${field.Label}文件类型不支持`;
      if (field.MaxSizeKb !== undefined && parsed.data.Size > field.MaxSizeKb * 1024)
        return `${field.Label}不能超过${formatFileSize(field.MaxSizeKb)}`;
      return null;
    }
  }
}

/** Checks every visible field; hidden fields are neither required nor checked. */
export function validateFormValues(
  fields: FormField[],
  values: FormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isFieldVisible(field, values)) continue;
    const message = validateFieldValue(field, values[field.FieldId]);
    if (message) errors[field.FieldId] = message;
    else if (field.BirthDateOf && values[field.FieldId]) {
      const carried = birthDateOfIdNumber(values[field.BirthDateOf]);
      if (carried && carried !== values[field.FieldId])
        errors[field.FieldId] = `出生日期与身份证号码不一致（身份证号码中为 ${carried}）`;
    }
  }
  return errors;
}

/** Account password rule, stated to the user and checked on both sides. */
export const PASSWORD_RULE_TEXT = '8-20位，须同时包含字母和数字';
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 20 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    !/\s/.test(password)
  );
}
