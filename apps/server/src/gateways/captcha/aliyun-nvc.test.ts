import { describe, expect, it } from 'vitest';
import { signRpcRequest } from '../aliyun-rpc.js';
import { createAliyunNvcGateway } from './aliyun-nvc.js';

describe('Aliyun NVC adapter (no Aliyun account here: signing and answer mapping only)', () => {
  it('signs like Aliyun’s RPC documentation example', () => {
    // The example of Aliyun's "RPC 风格签名" page (DescribeRegions with testsecret).
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signRpcRequest(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('passes only BizCode 100', async () => {
    const answers = ['100', '200', '800'];
    const seen: string[] = [];
    const gateway = createAliyunNvcGateway({
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      fetchImpl: (async (url: string) => {
        seen.push(url);
        return new Response(JSON.stringify({ BizCode: answers.shift() }), { status: 200 });
      }) as unknown as typeof fetch,
    });
    const verify = (token: string) =>
      gateway.verify({ token, scene: 'ic_message_h5', clientIp: '1.1.1.1' });
    expect(await verify('a')).toBe(true);
    expect(await verify('b')).toBe(false);
    expect(await verify('c')).toBe(false);
    expect(seen[0]).toMatch(/^https:\/\/afs\.aliyuncs\.com\/\?.*Action=AnalyzeNvc.*&Signature=/);
  });
});
