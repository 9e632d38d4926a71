import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UndeliverableError } from '../../domain/errors.js';
import type { NotificationKind } from '../../domain/ports.js';
import { createMemoryStore } from '../../platform/kv-store.js';
import { WeChatApiError } from './access-token.js';
import {
  createSandboxTemplateMessages,
  createWeChatTemplateMessages,
  readSandboxTemplateMessages,
} from './template-message.js';
import { startFakeWeChatApi, type FakeWeChatApi } from './wechat-api-fake.js';

const APP = { appId: 'wx1234567890abcdef', appSecret: 'c'.repeat(32) };
const TEMPLATE_IDS: Record<NotificationKind, string> = {
  review_decided: 'tpl-review',
  fee_due: 'tpl-fee',
  exam_day_before: 'tpl-exam-day',
  exam_hour_before: 'tpl-exam-hour',
  ticket_open: 'tpl-ticket',
  result_out: 'tpl-result',
};
const OPEN_ID = 'oAbCdEfGhIjKlMnOpQrStUvWx01';

describe('WeChat template messages (模板消息) against a local api.weixin.qq.com', () => {
  let fake: FakeWeChatApi;
  beforeAll(async () => {
    fake = await startFakeWeChatApi({
      ...APP,
      templates: {
        'tpl-review': ['thing1', 'phrase2', 'thing4'],
        'tpl-fee': ['thing1', 'time3'],
        'tpl-ticket': ['thing1'],
        'tpl-result': ['thing1'],
      },
    });
  });
  afterAll(() => fake.close());

  const gateway = (store = createMemoryStore()) =>
    createWeChatTemplateMessages({
      ...APP,
      apiBase: fake.baseUrl,
      templateIds: TEMPLATE_IDS,
      linkUrl: 'https://portal.example.com/',
      store,
    });
  const paths = () => fake.calls.map((c) => c.path);

  it('fills the kind’s template with the values under its keywords, with one token for many', async () => {
    fake.calls.length = 0;
    const messages = gateway();
    await messages.send(OPEN_ID, '…', {
      name: 'fee_due',
      params: { project: '2026年教师资格考试', deadline: '2026-12-01 17:00' },
    });
    await messages.send(OPEN_ID, '…', {
      name: 'ticket_open',
      params: { project: '2026年教师资格考试' },
    });
    expect(paths()).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
      '/cgi-bin/message/template/send',
    ]);
    expect(fake.templateMessages.slice(-2)).toEqual([
      {
        touser: OPEN_ID,
        template_id: 'tpl-fee',
        url: 'https://portal.example.com/',
        data: { thing1: { value: '2026年教师资格考试' }, time3: { value: '2026年12月01日 17:00' } },
      },
      {
        touser: OPEN_ID,
        template_id: 'tpl-ticket',
        url: 'https://portal.example.com/',
        data: { thing1: { value: '2026年教师资格考试' } },
      },
    ]);
  });

  it('keeps each value within its keyword’s length, which WeChat would refuse (47003)', async () => {
    const title = '二〇二六年上半年全国中小学教师资格考试笔试科目一综合素质';
    await gateway().send(OPEN_ID, '…', {
      name: 'review_decided',
      params: { project: title, result: '审核未通过', todo: '如有疑问请联系项目主办方' },
    });
    const { data } = fake.templateMessages.at(-1)!;
    expect([...data.thing1!.value]).toHaveLength(20);
    expect(data.thing1!.value.endsWith('…')).toBe(true);
    expect(data.phrase2!.value).toBe('审核未通过');
  });

  it('a token WeChat no longer accepts (40001/42001) is fetched anew and the message sent once more', async () => {
    const store = createMemoryStore();
    const messages = gateway(store);
    await messages.send(OPEN_ID, '…', { name: 'result_out', params: { project: 'A' } });
    fake.expireToken();
    fake.calls.length = 0;
    const before = fake.templateMessages.length;
    await messages.send(OPEN_ID, '…', { name: 'result_out', params: { project: 'B' } });
    expect(paths()).toEqual([
      '/cgi-bin/message/template/send',
      '/cgi-bin/token',
      '/cgi-bin/message/template/send',
    ]);
    expect(fake.templateMessages.length).toBe(before + 1);
    expect(fake.templateMessages.at(-1)!.data.thing1!.value).toBe('B');
  });

  it('a follower who unfollowed (43004) is undeliverable: not worth another try', async () => {
    fake.unfollowed.add(OPEN_ID);
    try {
      const error = await gateway()
        .send(OPEN_ID, '…', { name: 'result_out', params: { project: 'A' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UndeliverableError);
      expect((error as Error).message).toContain('43004');
    } finally {
      fake.unfollowed.delete(OPEN_ID);
    }
  });

  it('any other refusal is WeChat’s error with its code (tried again later by the job)', async () => {
    const error = await createWeChatTemplateMessages({
      ...APP,
      apiBase: fake.baseUrl,
      templateIds: { ...TEMPLATE_IDS, result_out: 'tpl-not-added' },
      linkUrl: 'https://portal.example.com/',
      store: createMemoryStore(),
    })
      .send(OPEN_ID, '…', { name: 'result_out', params: { project: 'A' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WeChatApiError);
    expect(error).not.toBeInstanceOf(UndeliverableError);
    expect(error).toMatchObject({ code: 40037 });
  });
});

describe('the template messages’ sandbox (demo mode)', () => {
  it('keeps each message for its openid, newest first, and logs no openid', async () => {
    const store = createMemoryStore();
    const logged: string[] = [];
    const sandbox = createSandboxTemplateMessages(store, { warn: (m: string) => logged.push(m) });
    await sandbox.send(OPEN_ID, '您报名的“A”准考证已可打印', {
      name: 'ticket_open',
      params: { project: 'A' },
    });
    await sandbox.send(OPEN_ID, '您报名的“A”成绩已公布', {
      name: 'result_out',
      params: { project: 'A' },
    });
    const kept = await readSandboxTemplateMessages(store, OPEN_ID);
    expect(kept.map((m) => m.Kind)).toEqual(['result_out', 'ticket_open']);
    expect(kept[1]).toMatchObject({
      Text: '您报名的“A”准考证已可打印',
      Data: { thing1: { value: 'A' } },
    });
    expect(await readSandboxTemplateMessages(store, 'oSomeoneElse0000000000000')).toEqual([]);
    expect(logged.join('\n')).not.toContain(OPEN_ID);
  });
});
