import fs from 'node:fs';
import { ConfigError, type ServerConfig } from '../config.js';
import type { KeyValueStore } from '../platform/kv-store.js';
import type { ServerSecrets } from '../platform/secrets.js';
import { createCaptchaGateway } from './captcha/index.js';
import { createFileStore, type SqlQuery } from './file-store/index.js';
import { createAliyunId2MetaVerifier } from './identity/aliyun-id2meta.js';
import { createSandboxIdentityVerifier } from './identity/sandbox.js';
import { createPaymentGateway } from './payment/index.js';
import { createWeChatPayGateway, WECHAT_PAY_PROVIDER } from './payment/wechat-pay.js';
import { createPdfGateway } from './pdf/index.js';
import { createAliyunSmsGateway } from './sms/aliyun-sms.js';
import { createSmsGateway } from './sms/index.js';
import type { PayProvider } from '@portal/contracts';
import {
  providerNotifyPath,
  type Gateways,
  type PaymentGateway,
  type PaymentGateways,
} from '../domain/ports.js';
import { createWeChatGateway } from './wechat/index.js';
import {
  createSandboxTemplateMessages,
  createWeChatTemplateMessages,
} from './wechat/template-message.js';

export type { Gateways } from '../domain/ports.js';

export interface GatewayContext {
  config: ServerConfig;
  secrets: ServerSecrets;
  store: KeyValueStore;
  /** The database's statements, for FILE_STORE=postgres (the handle's `query`). */
  query?: SqlQuery;
}

/** Each gateway by configuration: the providers of production, or the demo's local ones. */
export async function createGateways(context: GatewayContext): Promise<Gateways> {
  const captcha = createCaptchaGateway(context);
  return {
    sms:
      context.config.sms.provider === 'aliyun'
        ? createAliyunSmsGateway(context.config.sms)
        : createSmsGateway(context),
    ...(captcha ? { captcha } : {}),
    identity:
      context.config.identityVerifier.provider === 'aliyun'
        ? createAliyunId2MetaVerifier(context.config.identityVerifier)
        : createSandboxIdentityVerifier(),
    payment: await createPaymentGateways(context),
    weChat: createWeChatGateway(context),
    ...weChatMessagesOf(context),
    pdf: createPdfGateway(context),
    files: createFileStore(context.config, context.query),
  };
}

/** WECHAT_TEMPLATE_MESSAGES: WeChat's 模板消息, the sandbox's, or none. */
function weChatMessagesOf(context: GatewayContext): Pick<Gateways, 'weChatMessages'> {
  const { weChat, publicUrl } = context.config;
  const { templateMessages } = weChat;
  if (templateMessages.provider === 'off') return {};
  if (templateMessages.provider === 'sandbox')
    return { weChatMessages: createSandboxTemplateMessages(context.store) };
  return {
    weChatMessages: createWeChatTemplateMessages({
      appId: weChat.appId,
      appSecret: weChat.appSecret,
      apiBase: weChat.apiBase,
      templateIds: templateMessages.templateIds,
      linkUrl: `${publicUrl}/`,
      store: context.store,
    }),
  };
}

function readKeyFile(setting: string, file: string): string {
  if (!fs.existsSync(file)) throw new ConfigError(`${setting}: ${file} does not exist`);
  return fs.readFileSync(file, 'utf8');
}

/** PAYMENT_PROVIDERS: the sandbox playing both, or each configured provider's gateway. */
async function createPaymentGateways(context: GatewayContext): Promise<PaymentGateways> {
  const { payment, publicUrl } = context.config;
  if (payment.sandbox) {
    const sandbox = createPaymentGateway(context);
    return { offered: payment.providers, of: () => sandbox, all: [sandbox] };
  }
  const byProvider: Partial<Record<PayProvider, PaymentGateway>> = {};
  if (payment.alipay) {
    // alipay-sdk and what it brings hold about 6 MB of heap: loaded only where Alipay is configured.
    const { ALIPAY_PROVIDER, createAlipayGateway } = await import('./payment/alipay.js');
    byProvider.alipay = createAlipayGateway({
      appId: payment.alipay.appId,
      appPrivateKey: readKeyFile('ALIPAY_APP_PRIVATE_KEY_FILE', payment.alipay.appPrivateKeyFile),
      alipayPublicKey: readKeyFile('ALIPAY_PUBLIC_KEY_FILE', payment.alipay.alipayPublicKeyFile),
      gateway: payment.alipay.gateway,
      notifyUrl: `${publicUrl}${providerNotifyPath(ALIPAY_PROVIDER)}`,
    });
  }
  if (payment.wechatpay)
    byProvider.wechatpay = createWeChatPayGateway({
      ...payment.wechatpay,
      merchantPrivateKey: readKeyFile(
        'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
        payment.wechatpay.merchantPrivateKeyFile,
      ),
      platformPublicKey: readKeyFile(
        'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
        payment.wechatpay.platformPublicKeyFile,
      ),
      notifyUrl: `${publicUrl}${providerNotifyPath(WECHAT_PAY_PROVIDER)}`,
    });
  const all = payment.providers.map((provider) => byProvider[provider]!);
  return {
    offered: payment.providers,
    // An order made before providers were chosen belongs to the one provider then configured.
    of: (provider) => byProvider[provider ?? payment.providers[0]!] ?? all[0]!,
    all,
  };
}
