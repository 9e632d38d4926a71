import {
  missingServiceIds,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_GLOBAL,
  runtimeConfigSchema,
  type RuntimeConfig,
  type ServiceId,
} from '@portal/contracts';
import type { z } from 'zod';

export type RuntimeConfigResult =
  { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

function settingName(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : String(key))).join('.');
}

function problemText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_format' && issue.format === 'url')
    return '应为完整的网址（如 https://…）';
  if (issue.code === 'too_small') return issue.origin === 'array' ? '至少需要一项' : '不能为空';
  if (issue.code === 'invalid_type') return `类型应为 ${issue.expected}`;
  return issue.message;
}

/** §3: validates the host page's config object; each problem names the setting at fault, in Chinese. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfigResult {
  if (raw === undefined || raw === null) {
    return {
      ok: false,
      problems: [
        `宿主页面没有提供运行配置（没有 #${RUNTIME_CONFIG_ELEMENT_ID}，window.${RUNTIME_CONFIG_GLOBAL} 也未定义）`,
      ],
    };
  }
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const name = settingName(issue.path) || '（整个配置）';
        if (issue.code === 'invalid_type' && /undefined/.test(issue.message)) {
          return `缺少配置项 ${name}`;
        }
        return `配置项 ${name} 的值不正确：${problemText(issue)}`;
      }),
    };
  }
  const missing = missingServiceIds(parsed.data);
  if (missing.length > 0) {
    return {
      ok: false,
      problems: missing.map((id) => `MicroServices 中缺少服务 ${id} 的 ServiceEndpoint`),
    };
  }
  return { ok: true, config: parsed.data };
}

/** §3: an endpoint is looked up by ServiceID, its trailing slash removed. */
export function serviceEndpointOf(config: RuntimeConfig, serviceId: ServiceId): string {
  const service = config.MicroServices.find((s) => s.ServiceID === serviceId);
  if (!service) throw new Error(`MicroServices 中缺少服务 ${serviceId}`);
  return service.ServiceEndpoint.replace(/\/+$/, '');
}

/** The Authority without its trailing slash, so paths can be appended. */
export function authorityOf(config: RuntimeConfig): string {
  return config.Auth.Authority.replace(/\/+$/, '');
}

let current: RuntimeConfig | null = null;

/**
 * The JSON of a host page data island (<script type="application/json" id=…>), or undefined when
 * the page has none; a malformed one reads as null.
 */
export function readDataIsland(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (text === undefined || text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Reads the host page's config once (§3): its data island, or the global a host page may define
 * instead; the global is then set, for tools that read it. The entry renders the problems when it
 * is not usable.
 */
export function loadRuntimeConfig(
  source: Record<string, unknown> = window as unknown as Record<string, unknown>,
  island: unknown = readDataIsland(RUNTIME_CONFIG_ELEMENT_ID),
): RuntimeConfigResult {
  const result = parseRuntimeConfig(island === undefined ? source[RUNTIME_CONFIG_GLOBAL] : island);
  current = result.ok ? result.config : null;
  if (result.ok) source[RUNTIME_CONFIG_GLOBAL] = result.config;
  return result;
}

/** The validated config; only callable after a successful loadRuntimeConfig. */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config read before loadRuntimeConfig succeeded');
  return current;
}
