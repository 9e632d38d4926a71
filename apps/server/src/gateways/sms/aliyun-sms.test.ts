import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainError } from '../../domain/errors.js';
import { signRpcRequest } from '../aliyun-rpc.js';
import {
  createAliyunSmsGateway,
  SmsProviderError,
  TEMPLATE_VALUE_MAX_CHARS,
} from './aliyun-sms.js';

const ACCESS_KEY_ID = 'LTAI-test';
const ACCESS_KEY_SECRET = randomBytes(18).toString('base64');

/** Aliyun's SendSms as documented: a signed GET, a JSON answer with Code. */
function startFakeDysmsapi(answerFor: (mobile: string) => { Code: string; Message: string }) {
  const received: Record<string, string>[] = [];
  const server = createServer((request, response) => {
    const params = Object.fromEntries(new URL(request.url!, 'http://x').searchParams);
    const { Signature: signature, ...signed } = params;
    response.setHeader('content-type', 'application/json');
    if (signature !== signRpcRequest(signed, ACCESS_KEY_SECRET)) {
      response.statusCode = 400;
      response.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
      return;
    }
    received.push(params);
    response.end(
      JSON.stringify({ ...answerFor(params.PhoneNumbers!), RequestId: 'r1', BizId: 'b1' }),
    );
  });
  return { server, received };
}

const TEMPLATE_CODES = {
  verification_code: 'SMS_123456789',
  review_decided: 'SMS_200000001',
  fee_due: 'SMS_200000002',
  exam_day_before: 'SMS_200000003',
  exam_hour_before: 'SMS_200000004',
  ticket_open: 'SMS_200000005',
  result_out: 'SMS_200000006',
};

describe('Aliyun SMS adapter against a local SendSms', () => {
  const answers: Record<string, { Code: string; Message: string }> = {
    '13800000001': { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' },
    '13800000002': { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' },
    '13800000003': { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' },
  };
  const fake = startFakeDysmsapi((mobile) => answers[mobile] ?? { Code: 'OK', Message: 'OK' });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const gateway = (secret = ACCESS_KEY_SECRET) =>
    createAliyunSmsGateway({
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: secret,
      signName: '考试报名服务平台',
      templateCodes: TEMPLATE_CODES,
      endpoint,
    });

  it('sends the template with the code, signed', async () => {
    await gateway().send('13900000000', '验证码123456', {
      name: 'verification_code',
      params: { code: '123456' },
    });
    expect(fake.received.at(-1)).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13900000000',
      SignName: '考试报名服务平台',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"123456"}',
    });
  });

  it('sends each notification as its kind’s template, its values as TemplateParam', async () => {
    const before = fake.received.length;
    await gateway().send('13900000000', '您报名的“X”准考证已可打印…', {
      name: 'ticket_open',
      params: { project: '2026年教师资格考试' },
    });
    await gateway().send('13900000000', '…缴费将于…截止…', {
      name: 'fee_due',
      params: { project: '2026年教师资格考试', deadline: '2026-12-01 17:00' },
    });
    expect(fake.received.slice(before)).toMatchObject([
      { TemplateCode: 'SMS_200000005', TemplateParam: '{"project":"2026年教师资格考试"}' },
      {
        TemplateCode: 'SMS_200000002',
        TemplateParam: '{"project":"2026年教师资格考试","deadline":"2026-12-01 17:00"}',
      },
    ]);
  });

  it('cuts a value past Aliyun’s 35 characters, so the template is not refused', async () => {
    const title = '某'.repeat(50);
    await gateway().send('13900000000', 'x', { name: 'result_out', params: { project: title } });
    const sent = JSON.parse(fake.received.at(-1)!.TemplateParam!) as { project: string };
    expect([...sent.project]).toHaveLength(TEMPLATE_VALUE_MAX_CHARS);
    expect(sent.project).toBe(`${'某'.repeat(TEMPLATE_VALUE_MAX_CHARS - 1)}…`);
  });

  it('a kind without a template code is an operator’s error, and nothing is sent', async () => {
    const before = fake.received.length;
    const error = await createAliyunSmsGateway({
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: ACCESS_KEY_SECRET,
      signName: '考试报名服务平台',
      templateCodes: { ...TEMPLATE_CODES, result_out: '' },
      endpoint,
    })
      .send('13900000000', 'x', { name: 'result_out', params: { project: 'X' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ providerCode: 'NoTemplate' });
    expect(fake.received).toHaveLength(before);
  });

  it('turns the provider’s error codes into messages a person can act on', async () => {
    const refusal = (mobile: string) =>
      gateway()
        .send(mobile, 'x', { name: 'verification_code', params: { code: '000000' } })
        .then(
          () => null,
          (error: unknown) => error as DomainError,
        );
    expect(await refusal('13800000001')).toMatchObject({
      status: 400,
      message: '手机号码无法接收短信，请检查号码是否正确',
    });
    expect(await refusal('13800000002')).toMatchObject({
      status: 429,
      message: '该手机号获取验证码过于频繁，请稍后再试',
    });
    const operatorFault = await refusal('13800000003');
    expect(operatorFault).toBeInstanceOf(SmsProviderError);
    expect(operatorFault).toMatchObject({
      status: 503,
      providerCode: 'isv.SMS_TEMPLATE_ILLEGAL',
      message: '短信发送失败，请稍后再试或联系客服',
    });
  });

  it('is refused by the provider when signed with another secret', async () => {
    const error = await gateway('wrong-secret')
      .send('13900000000', 'x', { name: 'verification_code', params: { code: '1' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
  });
});
