import { z } from 'zod';
import { SERVICE_IDS } from './services.js';
import { lazySchema } from './lazy-schema.js';

/**
 * §1: the site's one name ("a safe, efficient, intelligent integrated SaaS platform for the user
 * side"): the portal's titles, the identity provider's pages, SMS texts and posters all say it.
 */
export const APP_TITLE = '安全高效智能一体化SaaS平台用户端';

/** The global the SPA defines from the host page's config (§3), for tools that read it. */
export const RUNTIME_CONFIG_GLOBAL = '__PORTAL_CONFIG__';
/** The host page's JSON data island holding the §3 config object (no inline script runs). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'portal-config';
/** The host page's data island with the site's PageConfig/GetPageConfig answer, when it has one. */
export const PAGE_CONFIG_ELEMENT_ID = 'portal-page-config';
/** Where the host serves RegionData when the config object does not carry it (§3). */
export const REGION_DATA_PATH = '/region-data.json';

export interface Region {
  Code: string;
  Name: string;
  Children?: Region[];
}
export const regionSchema: z.ZodType<Region> = lazySchema(() =>
  z.lazy(() =>
    z.object({ Code: z.string(), Name: z.string(), Children: z.array(regionSchema).optional() }),
  ),
);

/** §3 runtime configuration. Field names (PageUel included) are the spec's. */
export const runtimeConfigSchema = lazySchema(() =>
  z.object({
    Auth: z.object({ Authority: z.string().url() }),
    WebSite: z.object({
      UserClient: z.object({
        ClientID: z.string().min(1),
        ClientScope: z.string().min(1),
        ClientDomain: z.string().url(),
        DefaultGlobalWeChatShare: z.object({
          Title: z.string(),
          Describe: z.string(),
          PageUel: z.string(),
          LogoUrl: z.string(),
        }),
      }),
    }),
    Aliyun: z.object({
      /** An empty Appkey selects the local proof-of-work check (ALTCHA). */
      NVC: z.object({ Appkey: z.string() }),
    }),
    MicroServices: z
      .array(z.object({ ServiceID: z.string().min(1), ServiceEndpoint: z.string().url() }))
      .min(1),
    /** Optional: the host serves it at REGION_DATA_PATH, fetched only by the forms that need it. */
    RegionData: z.array(regionSchema).optional(),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Every ServiceID the portal calls must be configured. */
export function missingServiceIds(config: RuntimeConfig): string[] {
  const configured = new Set(config.MicroServices.map((s) => s.ServiceID));
  return SERVICE_IDS.filter((id) => !configured.has(id));
}
