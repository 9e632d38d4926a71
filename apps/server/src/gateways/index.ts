import type { ServerConfig } from '../config.js';
import type { KeyValueStore } from '../platform/kv-store.js';
import type { ServerSecrets } from '../platform/secrets.js';
import { createCaptchaGateway } from './captcha/index.js';
import { createPaymentGateway } from './payment/index.js';
import { createPdfGateway } from './pdf/index.js';
import { createAliyunSmsGateway } from './sms/aliyun-sms.js';
import { createSmsGateway } from './sms/index.js';
import type { Gateways } from './types.js';
import { createWeChatGateway } from './wechat/index.js';

export type { Gateways } from './types.js';

export interface GatewayContext {
  config: ServerConfig;
  secrets: ServerSecrets;
  store: KeyValueStore;
}

/** Each gateway by configuration: the providers of production, or the demo's local ones. */
export function createGateways(context: GatewayContext): Gateways {
  const captcha = createCaptchaGateway(context);
  return {
    sms:
      context.config.sms.provider === 'aliyun'
        ? createAliyunSmsGateway(context.config.sms)
        : createSmsGateway(context),
    ...(captcha ? { captcha } : {}),
    payment: createPaymentGateway(context),
    weChat: createWeChatGateway(context),
    pdf: createPdfGateway(context),
  };
}
