import { SERVICE_IDS, type RuntimeConfig } from '@portal/contracts';
import type { ServerConfig } from '../config.js';

/** §3: the object the host page carries, written from this server's settings (RegionData apart). */
export function runtimeConfigFor(config: ServerConfig): RuntimeConfig {
  return {
    Auth: { Authority: config.authorityUrl },
    WebSite: {
      UserClient: {
        ClientID: config.oidcClientId,
        ClientScope: config.oidcClientScope,
        ClientDomain: config.clientDomain,
        DefaultGlobalWeChatShare: {
          Title: config.share.title,
          Describe: config.share.describe,
          // Empty: the share link defaults to the current address (§9).
          PageUel: '',
          LogoUrl: config.share.logoUrl,
        },
      },
    },
    Aliyun: { NVC: { Appkey: config.aliyunNvcAppKey } },
    MicroServices: SERVICE_IDS.map((id) => ({
      ServiceID: id,
      ServiceEndpoint: `${config.serviceEndpoints[id]}/`,
    })),
  };
}
