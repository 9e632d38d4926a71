import type { CaptchaGateway } from '../../domain/ports.js';
import { signedRpcUrl } from '../aliyun-rpc.js';

/**
 * Aliyun AFS "AnalyzeNvc" (intelligent captcha, RPC API 2018-01-12) over HTTPS.
 * It needs a real Aliyun account, so it cannot be exercised on this machine: the tests cover the
 * local proof of work, and this adapter only its request signing (aliyun-rpc.ts).
 */
export interface AliyunNvcOptions {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** NVC's score map: only 200 ("pass") becomes BizCode 100; everything else asks for more. */
const SCORE_JSON = JSON.stringify({ 200: 'PASS', 400: 'NC', 600: 'SC', 700: 'LC', 800: 'BLOCK' });

export function createAliyunNvcGateway(options: AliyunNvcOptions): CaptchaGateway {
  const endpoint = options.endpoint ?? 'https://afs.aliyuncs.com/';
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async verify({ token }) {
      const url = signedRpcUrl(endpoint, options, {
        Action: 'AnalyzeNvc',
        Version: '2018-01-12',
        Data: token,
        ScoreJsonStr: SCORE_JSON,
      });
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { BizCode?: string };
      return body.BizCode === '100';
    },
  };
}
