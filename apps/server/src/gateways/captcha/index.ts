import type { GatewayContext } from '../index.js';
import type { CaptchaGateway } from '../../domain/ports.js';
import { createAliyunNvcGateway } from './aliyun-nvc.js';

/** Aliyun NVC when ALIYUN_NVC_APPKEY is set (config.ts checks its credentials); otherwise none — the local proof of work (ALTCHA) is judged by the domain. */
export function createCaptchaGateway(context: GatewayContext): CaptchaGateway | undefined {
  const { aliyunNvcAppKey, aliyunAccessKey } = context.config;
  if (!aliyunNvcAppKey) return undefined;
  return createAliyunNvcGateway({
    accessKeyId: aliyunAccessKey.id,
    accessKeySecret: aliyunAccessKey.secret,
  });
}
