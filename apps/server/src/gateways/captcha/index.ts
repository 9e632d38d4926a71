import { ConfigError } from '../../config.js';
import type { GatewayContext } from '../index.js';
import type { CaptchaGateway } from '../types.js';
import { createAliyunNvcGateway } from './aliyun-nvc.js';

/**
 * Aliyun NVC when ALIYUN_NVC_APPKEY is set (credentials from ALIYUN_ACCESS_KEY_ID and
 * ALIYUN_ACCESS_KEY_SECRET); otherwise none — the local slider is judged by the domain.
 */
export function createCaptchaGateway(
  context: GatewayContext,
  env: NodeJS.ProcessEnv = process.env,
): CaptchaGateway | undefined {
  if (!context.config.aliyunNvcAppKey) return undefined;
  const accessKeyId = env.ALIYUN_ACCESS_KEY_ID ?? '';
  const accessKeySecret = env.ALIYUN_ACCESS_KEY_SECRET ?? '';
  if (!accessKeyId || !accessKeySecret)
    throw new ConfigError(
      'ALIYUN_NVC_APPKEY is set: ALIYUN_ACCESS_KEY_ID and ALIYUN_ACCESS_KEY_SECRET are needed to verify NVC values',
    );
  return createAliyunNvcGateway({ accessKeyId, accessKeySecret });
}
