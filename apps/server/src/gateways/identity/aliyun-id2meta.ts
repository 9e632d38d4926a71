import { ERROR_CODES } from '@portal/contracts';
import { DomainError } from '../../domain/errors.js';
import type { IdentityVerifier } from '../../domain/ports.js';
import { signedRpcUrl } from '../aliyun-rpc.js';

export const IDENTITY_CHECK_UNAVAILABLE = '实名核验服务暂时不可用，请稍后再试';

/** The provider did not answer, or answered with an error: nothing is known of the pair. */
export class IdentityProviderError extends DomainError {
  override name = 'IdentityProviderError';
  constructor(readonly providerCode: string) {
    super(ERROR_CODES.SERVICE_UNAVAILABLE, IDENTITY_CHECK_UNAVAILABLE);
  }
}

export interface AliyunId2MetaOptions {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Aliyun's 身份二要素核验 (Cloudauth Id2MetaVerify, RPC API 2019-03-07, signature v1): BizCode 1
 * is the same person, 2 is not, 3 is a number the register does not hold (not the same person).
 */
export function createAliyunId2MetaVerifier(options: AliyunId2MetaOptions): IdentityVerifier {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async verify({ name, idNumber }) {
      const url = signedRpcUrl(options.endpoint, options, {
        Action: 'Id2MetaVerify',
        Version: '2019-03-07',
        ParamType: 'normal',
        IdentifyNum: idNumber,
        UserName: name,
      });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        throw new IdentityProviderError(error instanceof Error ? error.name : 'network');
      }
      const body = (await response.json().catch(() => ({}))) as {
        Code?: string;
        ResultObject?: { BizCode?: string };
      };
      if (!response.ok || body.Code !== '200')
        throw new IdentityProviderError(body.Code ?? `HTTP ${response.status}`);
      const bizCode = body.ResultObject?.BizCode;
      if (bizCode === '1') return 'match';
      if (bizCode === '2' || bizCode === '3') return 'mismatch';
      throw new IdentityProviderError(`BizCode ${bizCode ?? 'missing'}`);
    },
  };
}
