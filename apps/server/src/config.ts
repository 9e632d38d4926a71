import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_IDS, type ServiceId } from '@portal/contracts';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What one process can serve besides the six services. */
export const EXTRA_PARTS = ['identity', 'web'] as const;
export type ServerPart = ServiceId | (typeof EXTRA_PARTS)[number];
const ALL_PARTS: readonly ServerPart[] = [...SERVICE_IDS, ...EXTRA_PARTS];

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: optionalUrl,
  AUTHORITY_URL: optionalUrl,
  CLIENT_DOMAIN: optionalUrl,
  SERVICE_ENDPOINTS: z.string().default(''),
  SERVICES: z.string().default(ALL_PARTS.join(',')),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  REDIS_URL: optionalUrl,
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  OIDC_CLIENT_ID: z.string().min(1).default('portal-web'),
  OIDC_CLIENT_SCOPE: z.string().min(1).default('openid profile'),
  ALIYUN_NVC_APPKEY: z.string().default(''),
  ALIYUN_ACCESS_KEY_ID: z.string().default(''),
  ALIYUN_ACCESS_KEY_SECRET: z.string().default(''),
  WECHAT_APP_ID: z.string().default('wx0000000000000000'),
  WECHAT_JSAPI_TICKET: z.string().default(''),
  SHARE_TITLE: z.string().default('考试报名服务平台'),
  SHARE_DESCRIBE: z.string().default('在线报名、缴费、打印准考证、参加考试，一站办理'),
  SHARE_LOGO_URL: z.string().default(''),
  SMS_DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  DEV_TOOLS: z.enum(['on', 'off']).optional(),
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface ServerConfig {
  env: 'development' | 'production' | 'test';
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
  redisUrl: string | undefined;
  webDistDir: string;
  oidcClientId: string;
  oidcClientScope: string;
  aliyunNvcAppKey: string;
  /** Credentials that verify NVC values with Aliyun's AFS API; required with an app key. */
  aliyunAccessKey: { id: string; secret: string };
  weChat: { appId: string; jsapiTicket: string };
  share: { title: string; describe: string; logoUrl: string };
  /** Codes readable at a development-only endpoint; never in production. */
  smsDevOutbox: boolean;
  /** The development back office (review an application); never in production. */
  devTools: boolean;
  /** Believe X-Forwarded-For/-Host/-Proto: only behind a proxy that sets them. */
  trustProxy: boolean;
  chromiumPath: string;
  logLevel: string;
}

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

/** Reads and checks every setting at start-up; names the one that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings — ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && (e.SMS_DEV_OUTBOX === 'on' || e.DEV_TOOLS === 'on'))
    throw new ConfigError(
      'SMS_DEV_OUTBOX and DEV_TOOLS are development tools: they cannot be on with NODE_ENV=production',
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
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    authorityUrl: (e.AUTHORITY_URL ?? `${publicUrl}/identity`).replace(/\/$/, ''),
    clientDomain: (e.CLIENT_DOMAIN ?? publicUrl).replace(/\/$/, ''),
    parts: parseParts(e.SERVICES),
    serviceEndpoints,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcClientScope: e.OIDC_CLIENT_SCOPE,
    aliyunNvcAppKey: e.ALIYUN_NVC_APPKEY,
    aliyunAccessKey: { id: e.ALIYUN_ACCESS_KEY_ID, secret: e.ALIYUN_ACCESS_KEY_SECRET },
    weChat: { appId: e.WECHAT_APP_ID, jsapiTicket: e.WECHAT_JSAPI_TICKET },
    share: { title: e.SHARE_TITLE, describe: e.SHARE_DESCRIBE, logoUrl: e.SHARE_LOGO_URL },
    smsDevOutbox: e.SMS_DEV_OUTBOX ? e.SMS_DEV_OUTBOX === 'on' : e.NODE_ENV !== 'production',
    devTools: e.NODE_ENV !== 'production' && e.DEV_TOOLS !== 'off',
    trustProxy: e.TRUST_PROXY === 'on',
    chromiumPath: e.CHROMIUM_PATH,
    logLevel: e.LOG_LEVEL,
  };
}
