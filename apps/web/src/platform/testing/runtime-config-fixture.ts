import { RUNTIME_CONFIG_GLOBAL, SERVICE_IDS, type RuntimeConfig } from '@portal/contracts';
import { loadRuntimeConfig } from '../runtime-config';

/** A complete, valid §3 config for tests; each call returns a fresh copy. */
export function testRuntimeConfig(): RuntimeConfig {
  return {
    Auth: { Authority: 'https://id.example.com/identity' },
    WebSite: {
      UserClient: {
        ClientID: 'portal-web',
        ClientScope: 'openid profile portal',
        ClientDomain: 'https://www.example.com/',
        DefaultGlobalWeChatShare: {
          Title: '门户',
          Describe: '项目报名平台',
          PageUel: '',
          LogoUrl: 'https://cdn.example.com/logo.png',
        },
      },
    },
    Aliyun: { NVC: { Appkey: '' } },
    MicroServices: SERVICE_IDS.map((id) => ({
      ServiceID: id,
      ServiceEndpoint: `https://api.example.com/services/${id}/`,
    })),
  };
}

/** Loads the test config as the host page would have defined it. */
export function loadTestRuntimeConfig(): RuntimeConfig {
  const config = testRuntimeConfig();
  const result = loadRuntimeConfig({ [RUNTIME_CONFIG_GLOBAL]: config });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return config;
}
