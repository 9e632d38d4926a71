import { createHmac, randomUUID } from 'node:crypto';

/** An Aliyun AccessKey (a RAM user's) that signs RPC calls. */
export interface AliyunAccessKey {
  accessKeyId: string;
  accessKeySecret: string;
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

/**
 * The address of one signed RPC call (signature v1): the action's parameters with the common ones
 * (format, key, nonce, time) and the signature over all of them.
 */
export function signedRpcUrl(
  endpoint: string,
  key: AliyunAccessKey,
  call: { Action: string; Version: string } & Record<string, string>,
): string {
  const params: Record<string, string> = {
    ...call,
    Format: 'JSON',
    AccessKeyId: key.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: randomUUID(),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  params.Signature = signRpcRequest(params, key.accessKeySecret);
  return `${endpoint}?${new URLSearchParams(params).toString()}`;
}
