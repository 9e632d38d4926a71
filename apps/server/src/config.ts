import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_TITLE,
  DEFAULT_UPLOAD_QUOTA_MB,
  PAY_PROVIDERS,
  SERVICE_IDS,
  type PayProvider,
  type ServiceId,
} from '@portal/contracts';
import { z } from 'zod';
import { defaultPasswordLineLimits } from './domain/accounts/passwords.js';
import type { WorkLineLimits } from './platform/work-line.js';
import { NOTIFICATION_KINDS, type NotificationKind } from './db/schema/messages.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What one process can serve besides the six services. */
export const EXTRA_PARTS = ['identity', 'web'] as const;
export type ServerPart = ServiceId | (typeof EXTRA_PARTS)[number];
export const ALL_PARTS: readonly ServerPart[] = [...SERVICE_IDS, ...EXTRA_PARTS];

/** Demo gateways (sandbox cashier, SMS outbox) first; production accepts only the others. */
export const PAYMENT_PROVIDERS = ['sandbox', 'wechatpay', 'alipay'] as const;
export const SMS_PROVIDERS = ['outbox', 'aliyun'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/**
 * demo: asked for with PORTAL_MODE=demo (npm start) — demo data, sandbox gateways, SMS outbox,
 * development review. test: the test suite's apps (NODE_ENV=test, never a started server).
 * production: every other start; real providers and keys or no start at all.
 */
export type PortalMode = 'demo' | 'production' | 'test';

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** One template setting per notification kind: `<prefix>REVIEW_DECIDED`, `<prefix>FEE_DUE`, … */
const templateSettingName = <P extends string>(prefix: P, kind: NotificationKind) =>
  `${prefix}${kind.toUpperCase()}` as `${P}${Uppercase<NotificationKind>}`;
function templateSettings<P extends string>(prefix: P) {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [templateSettingName(prefix, kind), z.string().default('')]),
  ) as Record<`${P}${Uppercase<NotificationKind>}`, z.ZodDefault<z.ZodString>>;
}
export const ALIYUN_SMS_TEMPLATE_PREFIX = 'ALIYUN_SMS_TEMPLATE_';
export const WECHAT_TEMPLATE_PREFIX = 'WECHAT_TEMPLATE_';

const envSchema = z.object({
  PORTAL_MODE: z.enum(['demo', 'production']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  SECRETS_FILE: z.string().default(''),
  /** The providers offered side by side, in the order offered: sandbox, or wechatpay and/or alipay. */
  PAYMENT_PROVIDERS: z.string().default(''),
  /** The one-provider spelling of PAYMENT_PROVIDERS, kept as its alias. */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  /** The mini-program page that pays an order for its web-view (wx.miniProgram.navigateTo). */
  WECHAT_MINIPROGRAM_PAY_PATH: z
    .string()
    .regex(/^(\/[\w-]+)+$/, 'a mini-program page path such as /pages/pay/index')
    .or(z.literal(''))
    .default('/pages/pay/index'),
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
  /** Who checks a name against an ID number (身份证二要素): the demo's sandbox, or Aliyun's. */
  IDENTITY_VERIFIER: z.enum(['sandbox', 'aliyun']).optional(),
  ALIYUN_CLOUDAUTH_ENDPOINT: z.string().url().default('https://cloudauth.aliyuncs.com/'),
  ALIYUN_SMS_SIGN_NAME: z.string().default(''),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().default(''),
  /** The notifications' approved templates, one per kind (docs/configuration.md, "Notifications"). */
  ...templateSettings(ALIYUN_SMS_TEMPLATE_PREFIX),
  /** 公众号 template messages to bound candidates: on by default in demo (the sandbox), off in production. */
  WECHAT_TEMPLATE_MESSAGES: z.enum(['on', 'off']).optional(),
  ...templateSettings(WECHAT_TEMPLATE_PREFIX),
  WECHATPAY_MCH_ID: z.string().default(''),
  WECHATPAY_APP_ID: z.string().default(''),
  WECHATPAY_MERCHANT_SERIAL_NO: z.string().default(''),
  WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: z.string().default(''),
  WECHATPAY_API_V3_KEY: z.string().default(''),
  WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: z.string().default(''),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: z.string().default(''),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().default(''),
  ALIPAY_APP_PRIVATE_KEY_FILE: z.string().default(''),
  ALIPAY_PUBLIC_KEY_FILE: z.string().default(''),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: optionalUrl,
  AUTHORITY_URL: optionalUrl,
  CLIENT_DOMAIN: optionalUrl,
  SERVICE_ENDPOINTS: z.string().default(''),
  SERVICES: z.string().default(ALL_PARTS.join(',')),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** Where uploaded files lie: DATA_DIR/uploads, or PostgreSQL (shared by instances on several machines). */
  FILE_STORE: z.enum(['disk', 'postgres']).default('disk'),
  REDIS_URL: optionalUrl,
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  OIDC_CLIENT_ID: z.string().min(1).default('portal-web'),
  OIDC_CLIENT_SCOPE: z.string().min(1).default('openid profile'),
  ALIYUN_NVC_APPKEY: z.string().default(''),
  ALIYUN_ACCESS_KEY_ID: z.string().default(''),
  /** The proof of work's PBKDF2 iterations per try (docs/security.md, "Human check"). */
  CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** The most tries a challenge asks at each risk level, lowest first, comma-separated. */
  CAPTCHA_LEVELS: z
    .string()
    .regex(
      /^\d+(,\d+)*$/,
      'CAPTCHA_LEVELS: whole numbers, comma-separated (e.g. 600,3000,12000,40000)',
    )
    .optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().default(''),
  WECHAT_APP_ID: z.string().default('wx0000000000000000'),
  WECHAT_APP_SECRET: z.string().default(''),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /** WeChat sign-in and binding (网页授权): on by default in demo (the sandbox), off in production. */
  WECHAT_OAUTH: z.enum(['on', 'off']).optional(),
  /** The website app (网站应用) of WeChat's open platform: QR sign-in on a PC. */
  WECHAT_WEB_APP_ID: z.string().default(''),
  WECHAT_WEB_APP_SECRET: z.string().default(''),
  WECHAT_OPEN_BASE: z.string().url().default('https://open.weixin.qq.com'),
  SHARE_TITLE: z.string().default(APP_TITLE),
  SHARE_DESCRIBE: z.string().default('在线报名、缴费、打印准考证、参加考试，一站办理'),
  SHARE_LOGO_URL: z.string().default(''),
  SMS_DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  DEV_TOOLS: z.enum(['on', 'off']).optional(),
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** The PDF renderer's CPU priority, as nice (0–19): 19 yields to everything the server answers. */
  PDF_RENDERER_NICE: z.coerce.number().int().min(0).max(19).default(19),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Service calls a minute per signed-in user / per anonymous address (docs/operations.md, "Limits"). */
  RATE_LIMIT_USER_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(() => RATE_LIMITS.perUserPerMinute),
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(() => RATE_LIMITS.perAddressPerMinute),
  /** Past capacity new calls wait in line (docs/operations.md, "Past capacity"): calls in flight… */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(300),
  /** …or the event loop's delay in ms (0: not checked)… */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** …and the caller is told to come back in this many seconds. */
  WAITING_LINE_RETRY_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** Password hashes (scrypt) one process does at once (default: its cores)… */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** …and how many may wait for a turn; past them a sign-in gets the waiting line (503). */
  PASSWORD_HASH_WAITING: z.coerce.number().int().min(0).max(100_000).optional(),
  /** How long a public read's answer is shared among anonymous callers (docs/operations.md, "Limits"); 0: never. */
  ANONYMOUS_ANSWER_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Days after a project's exam after which its applications' sensitive values and files are erased. */
  APPLICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** SMS codes one address may ask for in an hour (one NAT'd exam room shares an address). */
  SMS_HOURLY_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Demo only: the reminder sweep reads the clock this many minutes ahead (0: the real time). */
  NOTIFY_CLOCK_OFFSET_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60)
    .default(0),
  /** Days a closed account waits before its personal data is erased; a sign-in in them cancels. */
  ACCOUNT_ERASURE_COOLING_OFF_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** What one account's uploads may weigh together, in MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_UPLOAD_QUOTA_MB),
  /** Who may read /metrics: the bearer of this token; without it, this machine only. */
  METRICS_TOKEN: z
    .string()
    .refine((token) => token === '' || token.length >= 32, 'METRICS_TOKEN: 32 characters or more')
    .default(''),
});

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The approved template (SMS_…) of the verification code and of each notification kind. */
  templateCodes: Record<'verification_code' | NotificationKind, string>;
  endpoint: string;
}

/** Key material is named by file; createGateways reads it. */
export interface WeChatPayConfig {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPrivateKeyFile: string;
  apiV3Key: string;
  platformPublicKeyFile: string;
  platformPublicKeyId: string;
  baseUrl: string;
}

export interface AlipayConfig {
  appId: string;
  appPrivateKeyFile: string;
  alipayPublicKeyFile: string;
  gateway: string;
}

/**
 * The providers offered, in order. The sandbox plays both WeChat Pay and Alipay with real-shaped
 * answers; otherwise each listed provider has its settings.
 */
export interface PaymentConfig {
  sandbox: boolean;
  providers: readonly PayProvider[];
  wechatpay?: WeChatPayConfig;
  alipay?: AlipayConfig;
  /** The mini-program's payment page; empty: not offered inside a mini-program. */
  miniProgramPayPath: string;
}

export interface ServerConfig {
  mode: PortalMode;
  /** The identity provider's keys and the other secrets: a file in production, generated otherwise. */
  secretsFile: string | undefined;
  payment: PaymentConfig;
  sms: { provider: 'outbox' } | ({ provider: 'aliyun' } & AliyunSmsSettings);
  identityVerifier:
    | { provider: 'sandbox' }
    | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; endpoint: string };
  host: string;
  port: number;
  /** The origin visitors reach this deployment at. */
  publicUrl: string;
  authorityUrl: string;
  clientDomain: string;
  parts: ReadonlySet<ServerPart>;
  /** ServiceID → public endpoint, for the host page's MicroServices. */
  serviceEndpoints: Record<ServiceId, string>;
  databaseUrl: string | undefined;
  dataDir: string;
  /** disk: DATA_DIR/uploads; postgres: the stored_files table (needs DATABASE_URL). */
  fileStore: 'disk' | 'postgres';
  redisUrl: string | undefined;
  webDistDir: string;
  oidcClientId: string;
  oidcClientScope: string;
  aliyunNvcAppKey: string;
  /** The local proof of work (ALTCHA): PBKDF2 iterations per try, and most tries per risk level. */
  captcha: CaptchaSettings;
  /** Credentials that verify NVC values with Aliyun's AFS API; required with an app key. */
  aliyunAccessKey: { id: string; secret: string };
  /**
   * With appSecret the JS-SDK ticket is fetched from WeChat; without, a development ticket.
   * oauth: WeChat's web authorisation (binding, 微信登录, the payer's openid) — off, the sandbox, or
   * WeChat itself (the 公众号 inside WeChat, the website app `web` on a PC, pages at openBase).
   */
  weChat: {
    appId: string;
    appSecret: string;
    apiBase: string;
    oauth: 'off' | 'sandbox' | 'wechat';
    web: { appId: string; appSecret: string };
    openBase: string;
    /** 公众号 template messages (模板消息): off, the sandbox, or WeChat's with a template per kind. */
    templateMessages:
      | { provider: 'off' }
      | { provider: 'sandbox' }
      | { provider: 'wechat'; templateIds: Record<NotificationKind, string> };
  };
  share: { title: string; describe: string; logoUrl: string };
  /** Codes readable at a development-only endpoint; never in production. */
  smsDevOutbox: boolean;
  /** The development back office (review an application); never in production. */
  devTools: boolean;
  /** Believe X-Forwarded-For/-Host/-Proto: only behind a proxy that sets them. */
  trustProxy: boolean;
  chromiumPath: string;
  pdfRendererNice: number;
  logLevel: string;
  rateLimits: RateLimits;
  loadLimits: LoadLimits;
  /** Password hashes at once and waiting (domain/accounts/passwords.ts's line). */
  passwordLine: WorkLineLimits;
  anonymousAnswerTtlMs: number;
  uploadQuotaBytes: number;
  /** Days after a project's exam after which its applications' sensitive values are erased. */
  applicationRetentionDays: number;
  /** SMS codes one address may ask for in an hour. */
  smsHourlyLimitPerAddress: number;
  /** Days a closed account waits before its personal data is erased; a sign-in in them cancels. */
  accountErasureCoolingOffDays: number;
  /** Demo only (refused in production): the reminder sweep's clock is this far ahead, in ms. */
  notifyClockOffsetMs: number;
  /** Bearer token for /metrics; empty: readable from this machine only. */
  metricsToken: string;
}

/**
 * Calls a minute per service (docs/operations.md, "Limits"): a signed-in caller is counted as a user, so an
 * exam room of 500 behind one address is 500 callers; an anonymous caller by address, sized for
 * those 500 opening the public pages at once. A load test raises them with the two settings.
 */
/** Capacity past which new calls are turned away to the waiting line (platform/load-shedding.ts). */
export interface LoadLimits {
  /** Calls of the contract being answered at once. */
  maxInFlight: number;
  /** Event-loop delay in ms, sampled by @fastify/under-pressure; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** What a turned-away caller is told to wait before sending the same call again. */
  retryAfterSeconds: number;
}

export interface RateLimits {
  perUserPerMinute: number;
  perAddressPerMinute: number;
}
export interface CaptchaSettings {
  cost: number;
  /** Ascending: level 0 is a person's, the last a script's under suspicion. */
  levels: number[];
}
/** About a second on a phone at level 0 (docs/security.md); tests solve in a few milliseconds. */
export const CAPTCHA_SETTINGS: CaptchaSettings = {
  cost: 1_000,
  levels: [600, 3_000, 12_000, 40_000],
};
const TEST_CAPTCHA_SETTINGS: CaptchaSettings = { cost: 1, levels: [4, 8, 16, 32] };

function captchaSettingsOf(e: z.infer<typeof envSchema>, mode: PortalMode): CaptchaSettings {
  const defaults = mode === 'test' ? TEST_CAPTCHA_SETTINGS : CAPTCHA_SETTINGS;
  const levels = e.CAPTCHA_LEVELS?.split(',').map(Number) ?? defaults.levels;
  if (levels.some((most, i) => most < 2 || (i > 0 && most < levels[i - 1]!)))
    throw new ConfigError('CAPTCHA_LEVELS: each level 2 or more, none below the one before');
  return { cost: e.CAPTCHA_COST ?? defaults.cost, levels };
}

export const RATE_LIMITS: RateLimits = { perUserPerMinute: 300, perAddressPerMinute: 3_000 };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseParts(list: string): Set<ServerPart> {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(ALL_PARTS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new ConfigError(
      `SERVICES: unknown part(s) ${unknown.join(', ')}; known: ${ALL_PARTS.join(', ')}`,
    );
  if (names.length === 0) throw new ConfigError('SERVICES: name at least one part');
  return new Set(names as ServerPart[]);
}

function parseEndpointOverrides(text: string): Partial<Record<ServiceId, string>> {
  const overrides: Partial<Record<ServiceId, string>> = {};
  for (const pair of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [id, url] = pair.split('=');
    if (!id || !url || !(SERVICE_IDS as readonly string[]).includes(id) || !URL.canParse(url))
      throw new ConfigError(`SERVICE_ENDPOINTS: "${pair}" is not <ServiceID>=<absolute URL>`);
    overrides[id as ServiceId] = url.replace(/\/$/, '');
  }
  return overrides;
}

type Env = z.infer<typeof envSchema>;

function modeOf(e: Env): PortalMode {
  if (e.PORTAL_MODE === 'demo') {
    if (e.NODE_ENV === 'production')
      throw new ConfigError('PORTAL_MODE=demo and NODE_ENV=production contradict each other');
    return 'demo';
  }
  if (e.PORTAL_MODE === undefined && e.NODE_ENV === 'test') return 'test';
  return 'production';
}

/** Every setting production cannot start without, named together; demo conveniences refused. */
function checkProductionSettings(e: Env): void {
  const missing: string[] = [];
  const refused: string[] = [];
  if (!e.PUBLIC_URL) missing.push('PUBLIC_URL');
  if (!e.SECRETS_FILE) missing.push('SECRETS_FILE');
  const providers = paymentProvidersOf(e);
  if (providers.length === 0) missing.push('PAYMENT_PROVIDERS (wechatpay, alipay or both)');
  else if (providers.includes('sandbox')) refused.push('PAYMENT_PROVIDERS=sandbox');
  if (!e.SMS_PROVIDER) missing.push('SMS_PROVIDER (aliyun)');
  else if (e.SMS_PROVIDER === 'outbox') refused.push('SMS_PROVIDER=outbox');
  if (e.SMS_PROVIDER === 'aliyun') missing.push(...missingAliyunSmsSettings(e));
  if (!e.IDENTITY_VERIFIER) missing.push('IDENTITY_VERIFIER (aliyun)');
  else if (e.IDENTITY_VERIFIER === 'sandbox') refused.push('IDENTITY_VERIFIER=sandbox');
  if (providers.includes('wechatpay')) missing.push(...missingWeChatPaySettings(e));
  if (providers.includes('alipay')) missing.push(...missingAlipaySettings(e));
  if (e.WECHAT_OAUTH === 'on') missing.push(...missingWeChatOAuthSettings(e));
  if (e.WECHAT_TEMPLATE_MESSAGES === 'on') missing.push(...missingWeChatTemplateSettings(e));
  if (e.SMS_DEV_OUTBOX === 'on') refused.push('SMS_DEV_OUTBOX=on');
  if (e.DEV_TOOLS === 'on') refused.push('DEV_TOOLS=on');
  if (e.NOTIFY_CLOCK_OFFSET_MINUTES > 0)
    refused.push(`NOTIFY_CLOCK_OFFSET_MINUTES=${e.NOTIFY_CLOCK_OFFSET_MINUTES}`);
  const insecure = (['PUBLIC_URL', 'AUTHORITY_URL', 'CLIENT_DOMAIN'] as const)
    .filter((name) => isPlainHttpElsewhere(e[name]))
    .map((name) => `${name}=${e[name]}`);
  const problems = [
    ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
    ...(refused.length > 0 ? [`demo-only ${refused.join(', ')}`] : []),
    ...(insecure.length > 0
      ? [
          `http:// address ${insecure.join(', ')}: sign-in needs https:// (secure cookies, OIDC implicit flow); ` +
            'give the https:// address visitors reach (TLS at the proxy, TRUST_PROXY=on)',
        ]
      : []),
  ];
  if (problems.length > 0)
    throw new ConfigError(
      `Production start refused (run the demo with PORTAL_MODE=demo): ${problems.join('; ')}`,
    );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An http:// address other than this machine's own (a local production trial may use http). */
function isPlainHttpElsewhere(url: string | undefined): boolean {
  if (!url) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && !LOOPBACK_HOSTS.has(hostname);
}

function missingAliyunSmsSettings(e: Env): string[] {
  const required = {
    ALIYUN_ACCESS_KEY_ID: e.ALIYUN_ACCESS_KEY_ID,
    ALIYUN_ACCESS_KEY_SECRET: e.ALIYUN_ACCESS_KEY_SECRET,
    ALIYUN_SMS_SIGN_NAME: e.ALIYUN_SMS_SIGN_NAME,
    ALIYUN_SMS_TEMPLATE_CODE: e.ALIYUN_SMS_TEMPLATE_CODE,
    ...templatesOf(e, ALIYUN_SMS_TEMPLATE_PREFIX),
  };
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/** The template settings of one provider, by setting name. */
function templatesOf(
  e: Env,
  prefix: typeof ALIYUN_SMS_TEMPLATE_PREFIX | typeof WECHAT_TEMPLATE_PREFIX,
) {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      templateSettingName(prefix, kind),
      e[templateSettingName(prefix, kind)],
    ]),
  );
}

const templatesByKind = (
  e: Env,
  prefix: typeof ALIYUN_SMS_TEMPLATE_PREFIX | typeof WECHAT_TEMPLATE_PREFIX,
) =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, e[templateSettingName(prefix, kind)]]),
  ) as Record<NotificationKind, string>;

/** WeChat's template messages need the 公众号's credentials and a template for every kind. */
function missingWeChatTemplateSettings(e: Env): string[] {
  const required = {
    WECHAT_APP_ID: e.WECHAT_APP_ID !== DEVELOPMENT_WECHAT_APP_ID,
    WECHAT_APP_SECRET: e.WECHAT_APP_SECRET,
    ...templatesOf(e, WECHAT_TEMPLATE_PREFIX),
  };
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => `${name} (WECHAT_TEMPLATE_MESSAGES=on)`);
}

/**
 * Production: WeChat's when WECHAT_TEMPLATE_MESSAGES=on (every template required), else off.
 * Elsewhere WeChat's once the secret and every template are given, else the sandbox (off with =off).
 */
function weChatTemplateMessagesOf(
  e: Env,
  mode: PortalMode,
): ServerConfig['weChat']['templateMessages'] {
  if (e.WECHAT_TEMPLATE_MESSAGES === 'off') return { provider: 'off' };
  const missing = missingWeChatTemplateSettings(e);
  if (mode === 'production' && e.WECHAT_TEMPLATE_MESSAGES !== 'on') return { provider: 'off' };
  if (missing.length > 0) {
    if (mode === 'production')
      throw new ConfigError(`WECHAT_TEMPLATE_MESSAGES=on: missing ${missing.join(', ')}`);
    return { provider: 'sandbox' };
  }
  return { provider: 'wechat', templateIds: templatesByKind(e, WECHAT_TEMPLATE_PREFIX) };
}

const DEVELOPMENT_WECHAT_APP_ID = 'wx0000000000000000';

/** WeChat's web authorisation needs both apps: the 公众号 inside WeChat, the website app on a PC. */
function missingWeChatOAuthSettings(e: Env): string[] {
  const required = {
    WECHAT_APP_ID: e.WECHAT_APP_ID !== DEVELOPMENT_WECHAT_APP_ID,
    WECHAT_APP_SECRET: e.WECHAT_APP_SECRET,
    WECHAT_WEB_APP_ID: e.WECHAT_WEB_APP_ID,
    WECHAT_WEB_APP_SECRET: e.WECHAT_WEB_APP_SECRET,
  };
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => `${name} (WECHAT_OAUTH=on)`);
}

/**
 * Production: WeChat itself when WECHAT_OAUTH=on (its settings required), else off. Elsewhere
 * WeChat itself once both apps' secrets are given, else the sandbox (off with WECHAT_OAUTH=off).
 */
function weChatOAuthOf(e: Env, mode: PortalMode): ServerConfig['weChat']['oauth'] {
  if (e.WECHAT_OAUTH === 'off') return 'off';
  if (mode === 'production') return e.WECHAT_OAUTH === 'on' ? 'wechat' : 'off';
  return e.WECHAT_APP_SECRET && e.WECHAT_WEB_APP_ID && e.WECHAT_WEB_APP_SECRET
    ? 'wechat'
    : 'sandbox';
}

const WECHATPAY_REQUIRED = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_MERCHANT_SERIAL_NO',
  'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
] as const;

function missingWeChatPaySettings(e: Env): string[] {
  const missing: string[] = WECHATPAY_REQUIRED.filter((name) => !e[name]);
  if (e.WECHATPAY_API_V3_KEY && Buffer.byteLength(e.WECHATPAY_API_V3_KEY) !== 32)
    missing.push('WECHATPAY_API_V3_KEY (32 characters)');
  return missing;
}

const ALIPAY_REQUIRED = [
  'ALIPAY_APP_ID',
  'ALIPAY_APP_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
] as const;

function missingAlipaySettings(e: Env): string[] {
  return ALIPAY_REQUIRED.filter((name) => !e[name]);
}

/** PAYMENT_PROVIDERS as listed; PAYMENT_PROVIDER alone is its one-item alias. */
function paymentProvidersOf(e: Env): PaymentProvider[] {
  const names = e.PAYMENT_PROVIDERS.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(PAYMENT_PROVIDERS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new ConfigError(
      `PAYMENT_PROVIDERS: unknown provider(s) ${unknown.join(', ')}; known: ${PAYMENT_PROVIDERS.join(', ')}`,
    );
  if (names.length > 0 && e.PAYMENT_PROVIDER && names.join() !== e.PAYMENT_PROVIDER)
    throw new ConfigError(
      `PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER} and PAYMENT_PROVIDERS=${names.join(',')} disagree: set PAYMENT_PROVIDERS only`,
    );
  if (names.length === 0 && e.PAYMENT_PROVIDER) names.push(e.PAYMENT_PROVIDER);
  if (names.includes('sandbox') && names.length > 1)
    throw new ConfigError(
      'PAYMENT_PROVIDERS: sandbox plays both WeChat Pay and Alipay; list it alone',
    );
  return [...new Set(names)] as PaymentProvider[];
}

function paymentSettingsOf(e: Env): PaymentConfig {
  const names = paymentProvidersOf(e);
  const miniProgramPayPath = e.WECHAT_MINIPROGRAM_PAY_PATH;
  if (names.length === 0 || names[0] === 'sandbox')
    return { sandbox: true, providers: PAY_PROVIDERS, miniProgramPayPath };
  const config: PaymentConfig = {
    sandbox: false,
    providers: names as PayProvider[],
    miniProgramPayPath,
  };
  const requireAll = (provider: PayProvider, missing: string[]) => {
    if (missing.length > 0)
      throw new ConfigError(`PAYMENT_PROVIDERS has ${provider}: missing ${missing.join(', ')}`);
  };
  if (names.includes('alipay')) {
    requireAll('alipay', missingAlipaySettings(e));
    config.alipay = {
      appId: e.ALIPAY_APP_ID,
      appPrivateKeyFile: e.ALIPAY_APP_PRIVATE_KEY_FILE,
      alipayPublicKeyFile: e.ALIPAY_PUBLIC_KEY_FILE,
      gateway: e.ALIPAY_GATEWAY,
    };
  }
  if (names.includes('wechatpay')) {
    requireAll('wechatpay', missingWeChatPaySettings(e));
    config.wechatpay = {
      mchId: e.WECHATPAY_MCH_ID,
      appId: e.WECHATPAY_APP_ID,
      merchantSerialNo: e.WECHATPAY_MERCHANT_SERIAL_NO,
      merchantPrivateKeyFile: e.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE,
      apiV3Key: e.WECHATPAY_API_V3_KEY,
      platformPublicKeyFile: e.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE,
      platformPublicKeyId: e.WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
      baseUrl: e.WECHATPAY_BASE_URL.replace(/\/$/, ''),
    };
  }
  return config;
}

function smsSettingsOf(e: Env): ServerConfig['sms'] {
  if (e.SMS_PROVIDER !== 'aliyun') return { provider: 'outbox' };
  const missing = missingAliyunSmsSettings(e);
  if (missing.length > 0)
    throw new ConfigError(`SMS_PROVIDER=aliyun: missing ${missing.join(', ')}`);
  return {
    provider: 'aliyun',
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID,
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
    signName: e.ALIYUN_SMS_SIGN_NAME,
    templateCodes: {
      verification_code: e.ALIYUN_SMS_TEMPLATE_CODE,
      ...templatesByKind(e, ALIYUN_SMS_TEMPLATE_PREFIX),
    },
    endpoint: e.ALIYUN_SMS_ENDPOINT,
  };
}

function identityVerifierOf(e: Env): ServerConfig['identityVerifier'] {
  if (e.IDENTITY_VERIFIER !== 'aliyun') return { provider: 'sandbox' };
  if (!e.ALIYUN_ACCESS_KEY_ID || !e.ALIYUN_ACCESS_KEY_SECRET)
    throw new ConfigError(
      'IDENTITY_VERIFIER=aliyun: missing ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET',
    );
  return {
    provider: 'aliyun',
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID,
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
    endpoint: e.ALIYUN_CLOUDAUTH_ENDPOINT,
  };
}

/** Reads and checks every setting at start-up; names the one that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings — ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const mode = modeOf(e);
  if (mode === 'production') checkProductionSettings(e);
  if (e.FILE_STORE === 'postgres' && !e.DATABASE_URL)
    throw new ConfigError(
      'FILE_STORE=postgres needs DATABASE_URL: the embedded database belongs to one process',
    );
  if (e.ALIYUN_NVC_APPKEY && (!e.ALIYUN_ACCESS_KEY_ID || !e.ALIYUN_ACCESS_KEY_SECRET))
    throw new ConfigError(
      'ALIYUN_NVC_APPKEY is set: ALIYUN_ACCESS_KEY_ID and ALIYUN_ACCESS_KEY_SECRET are needed to verify NVC values',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const overrides = parseEndpointOverrides(e.SERVICE_ENDPOINTS);
  const serviceEndpoints = Object.fromEntries(
    SERVICE_IDS.map((id) => [id, overrides[id] ?? `${publicUrl}/services/${id}`]),
  ) as Record<ServiceId, string>;
  return {
    mode,
    secretsFile: e.SECRETS_FILE || undefined,
    payment: paymentSettingsOf(e),
    sms: smsSettingsOf(e),
    identityVerifier: identityVerifierOf(e),
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    authorityUrl: (e.AUTHORITY_URL ?? `${publicUrl}/identity`).replace(/\/$/, ''),
    clientDomain: (e.CLIENT_DOMAIN ?? publicUrl).replace(/\/$/, ''),
    parts: parseParts(e.SERVICES),
    serviceEndpoints,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    fileStore: e.FILE_STORE,
    redisUrl: e.REDIS_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcClientScope: e.OIDC_CLIENT_SCOPE,
    aliyunNvcAppKey: e.ALIYUN_NVC_APPKEY,
    captcha: captchaSettingsOf(e, mode),
    aliyunAccessKey: { id: e.ALIYUN_ACCESS_KEY_ID, secret: e.ALIYUN_ACCESS_KEY_SECRET },
    weChat: {
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      apiBase: e.WECHAT_API_BASE.replace(/\/$/, ''),
      oauth: weChatOAuthOf(e, mode),
      web: { appId: e.WECHAT_WEB_APP_ID, appSecret: e.WECHAT_WEB_APP_SECRET },
      openBase: e.WECHAT_OPEN_BASE.replace(/\/$/, ''),
      templateMessages: weChatTemplateMessagesOf(e, mode),
    },
    share: { title: e.SHARE_TITLE, describe: e.SHARE_DESCRIBE, logoUrl: e.SHARE_LOGO_URL },
    smsDevOutbox:
      mode !== 'production' && e.SMS_PROVIDER !== 'aliyun' && e.SMS_DEV_OUTBOX !== 'off',
    devTools: mode !== 'production' && e.DEV_TOOLS !== 'off',
    trustProxy: e.TRUST_PROXY === 'on',
    chromiumPath: e.CHROMIUM_PATH,
    pdfRendererNice: e.PDF_RENDERER_NICE,
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      perUserPerMinute: e.RATE_LIMIT_USER_PER_MINUTE,
      perAddressPerMinute: e.RATE_LIMIT_ADDRESS_PER_MINUTE,
    },
    loadLimits: {
      maxInFlight: e.MAX_IN_FLIGHT_REQUESTS,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: e.WAITING_LINE_RETRY_SECONDS,
    },
    passwordLine: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY ?? defaultPasswordLineLimits().concurrency,
      waiting: e.PASSWORD_HASH_WAITING ?? defaultPasswordLineLimits().waiting,
    },
    anonymousAnswerTtlMs: e.ANONYMOUS_ANSWER_TTL_MS,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    applicationRetentionDays: e.APPLICATION_RETENTION_DAYS,
    smsHourlyLimitPerAddress: e.SMS_HOURLY_LIMIT_PER_ADDRESS,
    accountErasureCoolingOffDays: e.ACCOUNT_ERASURE_COOLING_OFF_DAYS,
    notifyClockOffsetMs: mode === 'production' ? 0 : e.NOTIFY_CLOCK_OFFSET_MINUTES * 60_000,
    metricsToken: e.METRICS_TOKEN,
  };
}
