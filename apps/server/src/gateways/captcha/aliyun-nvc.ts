import { createHmac, randomUUID } from 'node:crypto';
import type { CaptchaGateway } from '../../domain/ports.js';

/**
 * Aliyun AFS "AnalyzeNvc" (intelligent captcha, RPC API 2018-01-12) over HTTPS.
 * It needs a real Aliyun account, so it cannot be exercised on this machine: the tests cover the
 * local slider, and this adapter only its request signing (signRpcRequest).
 */
export interface AliyunNvcOptions {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Aliyun's RFC 3986 percent-encoding. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The RPC signature: HMAC-SHA1 over `GET&%2F&<sorted, encoded query>` with `<secret>&`. */
export function signRpcRequest(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key]!)}`)
    .join('&');
  const toSign = `GET&${encode('/')}&${encode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(toSign).digest('base64');
}

/** NVC's score map: only 200 ("pass") becomes BizCode 100; everything else asks for more. */
const SCORE_JSON = JSON.stringify({ 200: 'PASS', 400: 'NC', 600: 'SC', 700: 'LC', 800: 'BLOCK' });

export function createAliyunNvcGateway(options: AliyunNvcOptions): CaptchaGateway {
  const endpoint = options.endpoint ?? 'https://afs.aliyuncs.com/';
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async verify({ token }) {
      const params: Record<string, string> = {
        Action: 'AnalyzeNvc',
        Version: '2018-01-12',
        Format: 'JSON',
        AccessKeyId: options.accessKeyId,
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        SignatureNonce: randomUUID(),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Data: token,
        ScoreJsonStr: SCORE_JSON,
      };
      params.Signature = signRpcRequest(params, options.accessKeySecret);
      const url = `${endpoint}?${new URLSearchParams(params).toString()}`;
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { BizCode?: string };
      return body.BizCode === '100';
    },
  };
}
