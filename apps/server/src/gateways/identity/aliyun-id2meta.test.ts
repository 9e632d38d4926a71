import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRpcRequest } from '../aliyun-rpc.js';
import { createAliyunId2MetaVerifier, IdentityProviderError } from './aliyun-id2meta.js';
import { createSandboxIdentityVerifier, SANDBOX_REGISTER } from './sandbox.js';

const ACCESS_KEY_ID = 'LTAI-test';
const ACCESS_KEY_SECRET = randomBytes(18).toString('base64');
const REGISTER = new Map([['110105198506150014', '赵六']]);
const SLOW_NUMBER = '110105198506150022';
const FAILING_NUMBER = '11010519491231002X';

/** Cloudauth's Id2MetaVerify as documented: a signed RPC call, BizCode 1 same, 2 not, 3 no record. */
const fake = createServer((request, response) => {
  const params = Object.fromEntries(new URL(request.url!, 'http://x').searchParams);
  const { Signature: signature, ...signed } = params;
  response.setHeader('content-type', 'application/json');
  const answer = (body: object, status = 200) => {
    response.statusCode = status;
    response.end(JSON.stringify({ RequestId: 'r1', ...body }));
  };
  if (params.Action !== 'Id2MetaVerify' || signature !== signRpcRequest(signed, ACCESS_KEY_SECRET))
    return answer({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }, 400);
  if (params.IdentifyNum === SLOW_NUMBER) return; // never answers
  if (params.IdentifyNum === FAILING_NUMBER)
    return answer({ Code: '500', Message: 'InternalError' }, 500);
  const holder = REGISTER.get(params.IdentifyNum!);
  const bizCode = holder === undefined ? '3' : holder === params.UserName ? '1' : '2';
  answer({ Code: '200', Message: 'success', ResultObject: { BizCode: bizCode } });
});

describe('Aliyun Id2MetaVerify adapter against a local Cloudauth', () => {
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    fake.closeAllConnections();
    return new Promise<void>((resolve) => fake.close(() => resolve()));
  });
  const verifier = (secret = ACCESS_KEY_SECRET) =>
    createAliyunId2MetaVerifier({
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: secret,
      endpoint,
      timeoutMs: 500,
    });

  it('a name and number of one person match; another name, or a number not held, do not', async () => {
    expect(await verifier().verify({ name: '赵六', idNumber: '110105198506150014' })).toBe('match');
    expect(await verifier().verify({ name: '钱七', idNumber: '110105198506150014' })).toBe(
      'mismatch',
    );
    expect(await verifier().verify({ name: '赵六', idNumber: '110105198506140019' })).toBe(
      'mismatch',
    );
  });

  it('a provider error, a wrong key or no answer in time is a failure to try later, never a verdict', async () => {
    for (const attempt of [
      () => verifier().verify({ name: '赵六', idNumber: FAILING_NUMBER }),
      () => verifier('wrong-secret').verify({ name: '赵六', idNumber: '110105198506150014' }),
      () => verifier().verify({ name: '钱七', idNumber: SLOW_NUMBER }),
    ])
      await expect(attempt()).rejects.toSatisfy(
        (error) => error instanceof IdentityProviderError && error.status === 503,
      );
  });
});

describe('the sandbox register', () => {
  it('knows its people and refuses every other pair', async () => {
    const sandbox = createSandboxIdentityVerifier();
    const [person] = SANDBOX_REGISTER;
    expect(await sandbox.verify(person!)).toBe('match');
    expect(await sandbox.verify({ ...person!, name: '张三' })).toBe('mismatch');
    expect(await sandbox.verify({ name: '张三', idNumber: '11010519491231002X' })).toBe('mismatch');
  });

  it('is listed in docs/configuration.md as it is, for testers to verify with', () => {
    const docs = fs.readFileSync(
      new URL('../../../../../docs/configuration.md', import.meta.url),
      'utf8',
    );
    for (const { name, idNumber } of SANDBOX_REGISTER)
      expect(docs).toContain(`| ${name} | ${idNumber} |`);
  });
});
