import type { ServerConfig } from '../config.js';
import type { KeyValueStore } from '../platform/kv-store.js';
import type { ServerSecrets } from '../platform/secrets.js';
import type { Gateways } from './types.js';

export type { Gateways } from './types.js';

export interface GatewayContext {
  config: ServerConfig;
  secrets: ServerSecrets;
  store: KeyValueStore;
}

// TEMPORARY during parallel development: each gateway owner replaces its entry with the local implementation.
const notBuilt = (name: string) => () => {
  throw new Error(`${name} gateway is not built yet`);
};

/** The working local implementation of every gateway; production adapters plug in here. */
export function createGateways(_context: GatewayContext): Gateways {
  return {
    sms: { send: notBuilt('sms') },
    payment: { createPayment: notBuilt('payment'), queryPayment: notBuilt('payment') },
    weChat: {
      signJsApi: notBuilt('wechat'),
      authorizeUrl: notBuilt('wechat'),
      exchangeCode: notBuilt('wechat'),
    },
    pdf: { htmlToPdf: notBuilt('pdf') },
  };
}
