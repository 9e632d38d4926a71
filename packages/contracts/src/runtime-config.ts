import { z } from 'zod';
import { SERVICE_IDS } from './services.js';

/** The global the host page defines before the SPA loads (§3). */
export const RUNTIME_CONFIG_GLOBAL = '__PORTAL_CONFIG__';

export interface Region {
  Code: string;
  Name: string;
  Children?: Region[];
}
export const regionSchema: z.ZodType<Region> = z.lazy(() =>
  z.object({ Code: z.string(), Name: z.string(), Children: z.array(regionSchema).optional() }),
);

/** §3 runtime configuration. Field names (PageUel included) are the spec's. */
export const runtimeConfigSchema = z.object({
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
    /** An empty Appkey selects the local slide-to-verify captcha. */
    NVC: z.object({ Appkey: z.string() }),
  }),
  MicroServices: z
    .array(z.object({ ServiceID: z.string().min(1), ServiceEndpoint: z.string().url() }))
    .min(1),
  RegionData: z.array(regionSchema),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Every ServiceID the portal calls must be configured. */
export function missingServiceIds(config: RuntimeConfig): string[] {
  const configured = new Set(config.MicroServices.map((s) => s.ServiceID));
  return SERVICE_IDS.filter((id) => !configured.has(id));
}
