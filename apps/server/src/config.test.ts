import { describe, expect, it } from 'vitest';
import { CAPTCHA_SETTINGS, ConfigError, loadConfig } from './config.js';
import { NOTIFICATION_KINDS } from './db/schema/index.js';
import { ALIYUN_NOTIFY_TEMPLATES } from './testing/notify-templates.js';

const DEMO = { PORTAL_MODE: 'demo' } as const;

describe('settings', () => {
  it('defaults to everything on :8080 with the embedded database', () => {
    const config = loadConfig(DEMO);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.parts.size).toBe(8);
    expect(config.serviceEndpoints['exam-expand']).toBe(
      'http://localhost:8080/services/exam-expand',
    );
    expect(config.authorityUrl).toBe('http://localhost:8080/identity');
  });
  it('takes the proof of work’s levels and cost, low in tests, and names a wrong level', () => {
    expect(loadConfig(DEMO).captcha).toEqual(CAPTCHA_SETTINGS);
    expect(loadConfig({ NODE_ENV: 'test' }).captcha.cost).toBe(1);
    expect(loadConfig({ ...DEMO, CAPTCHA_LEVELS: '100,200', CAPTCHA_COST: '50' }).captcha).toEqual({
      cost: 50,
      levels: [100, 200],
    });
    expect(() => loadConfig({ ...DEMO, CAPTCHA_LEVELS: '300,200' })).toThrow(/CAPTCHA_LEVELS/);
    expect(() => loadConfig({ ...DEMO, CAPTCHA_LEVELS: 'many' })).toThrow(/CAPTCHA_LEVELS/);
  });
  it('the sign-in pages and share card carry the portal’s one name (§1; issue 30, point 11)', () => {
    expect(loadConfig(DEMO).share.title).toBe('安全高效智能一体化SaaS平台用户端');
  });
  it('runs a subset named in SERVICES', () => {
    const config = loadConfig({ ...DEMO, SERVICES: 'exam-flow,exam-message' });
    expect([...config.parts]).toEqual(['exam-flow', 'exam-message']);
  });
  it('names an unknown part', () => {
    expect(() => loadConfig({ ...DEMO, SERVICES: 'exam-flow,exam-nope' })).toThrow(/exam-nope/);
  });
  it('names a malformed setting', () => {
    expect(() => loadConfig({ ...DEMO, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...DEMO, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
  it('takes per-service public endpoints for a split deployment', () => {
    const config = loadConfig({
      ...DEMO,
      SERVICE_ENDPOINTS: 'exam-flow=https://flow.example.com/',
    });
    expect(config.serviceEndpoints['exam-flow']).toBe('https://flow.example.com');
    expect(() => loadConfig({ ...DEMO, SERVICE_ENDPOINTS: 'exam-flow' })).toThrow(
      /SERVICE_ENDPOINTS/,
    );
  });
  it('believes forwarded headers only when told to', () => {
    expect(loadConfig(DEMO).trustProxy).toBe(false);
    expect(loadConfig({ ...DEMO, TRUST_PROXY: 'on' }).trustProxy).toBe(true);
  });
  it('keeps uploaded files on disk unless told PostgreSQL, which needs DATABASE_URL', () => {
    expect(loadConfig(DEMO).fileStore).toBe('disk');
    const shared = { ...DEMO, DATABASE_URL: 'postgres://db.example.com/portal' };
    expect(loadConfig({ ...shared, FILE_STORE: 'postgres' }).fileStore).toBe('postgres');
    expect(() => loadConfig({ ...DEMO, FILE_STORE: 'postgres' })).toThrow(
      /FILE_STORE=postgres needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...shared, FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });
});

describe('modes', () => {
  it('runs the demo only when asked for, with its conveniences', () => {
    const demo = loadConfig(DEMO);
    expect(demo.mode).toBe('demo');
    expect([demo.smsDevOutbox, demo.devTools, demo.payment.sandbox]).toEqual([true, true, true]);
    expect(loadConfig({ NODE_ENV: 'test' }).mode).toBe('test');
  });

  it('treats any other start as production and names every missing setting', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }])
      expect(() => loadConfig(env)).toThrow(
        /missing PUBLIC_URL, SECRETS_FILE, PAYMENT_PROVIDERS \(wechatpay, alipay or both\), SMS_PROVIDER \(aliyun\), IDENTITY_VERIFIER \(aliyun\)/,
      );
    expect(() =>
      loadConfig({ PORTAL_MODE: 'production', NODE_ENV: 'test', SMS_PROVIDER: 'aliyun' }),
    ).toThrow(
      /ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE, ALIYUN_SMS_TEMPLATE_REVIEW_DECIDED, ALIYUN_SMS_TEMPLATE_FEE_DUE, ALIYUN_SMS_TEMPLATE_EXAM_DAY_BEFORE, ALIYUN_SMS_TEMPLATE_EXAM_HOUR_BEFORE, ALIYUN_SMS_TEMPLATE_TICKET_OPEN, ALIYUN_SMS_TEMPLATE_RESULT_OUT/,
    );
  });

  it('refuses Aliyun SMS without a template for every notification, naming the one missing', () => {
    const aliyun = {
      NODE_ENV: 'test',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '考试报名服务平台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ...ALIYUN_NOTIFY_TEMPLATES,
    };
    const sms = loadConfig(aliyun).sms;
    expect(sms.provider === 'aliyun' && sms.templateCodes).toMatchObject({
      verification_code: 'SMS_1',
      ticket_open: 'SMS_TICKET_OPEN',
      result_out: 'SMS_RESULT_OUT',
    });
    expect(() => loadConfig({ ...aliyun, ALIYUN_SMS_TEMPLATE_RESULT_OUT: '' })).toThrow(
      /SMS_PROVIDER=aliyun: missing ALIYUN_SMS_TEMPLATE_RESULT_OUT$/,
    );
  });

  it('lets no setting turn a demo convenience on in production', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'outbox',
      IDENTITY_VERIFIER: 'sandbox',
      SMS_DEV_OUTBOX: 'on',
      DEV_TOOLS: 'on',
      NOTIFY_CLOCK_OFFSET_MINUTES: '2880',
    };
    expect(() => loadConfig(production)).toThrow(
      /demo-only PAYMENT_PROVIDERS=sandbox, SMS_PROVIDER=outbox, IDENTITY_VERIFIER=sandbox, SMS_DEV_OUTBOX=on, DEV_TOOLS=on, NOTIFY_CLOCK_OFFSET_MINUTES=2880/,
    );
    expect(loadConfig({ ...DEMO, NOTIFY_CLOCK_OFFSET_MINUTES: '90' }).notifyClockOffsetMs).toBe(
      90 * 60_000,
    );
    expect(() => loadConfig({ ...DEMO, NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('refuses an http:// public address in production, naming it, but not this machine’s own', () => {
    const production = {
      NODE_ENV: 'production',
      SECRETS_FILE: '/etc/portal/secrets.json',
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_APP_PRIVATE_KEY_FILE: '/etc/portal/app.pem',
      ALIPAY_PUBLIC_KEY_FILE: '/etc/portal/alipay.pem',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '考试报名服务平台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ...ALIYUN_NOTIFY_TEMPLATES,
      IDENTITY_VERIFIER: 'aliyun',
    };
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://portal.example.com' }).mode).toBe(
      'production',
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://portal.example.com' })).toThrow(
      /Production start refused.*PUBLIC_URL=http:\/\/portal\.example\.com.*give the https:\/\/ address/,
    );
    expect(() =>
      loadConfig({
        ...production,
        PUBLIC_URL: 'https://portal.example.com',
        CLIENT_DOMAIN: 'http://www.example.com',
      }),
    ).toThrow(/CLIENT_DOMAIN=http:\/\/www\.example\.com/);
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'])
      expect(loadConfig({ ...production, PUBLIC_URL: local }).publicUrl).toBe(local);
  });
});

describe('WECHAT_OAUTH', () => {
  const APPS = {
    WECHAT_APP_ID: 'wxofficial0000001',
    WECHAT_APP_SECRET: 'official-secret',
    WECHAT_WEB_APP_ID: 'wxwebsite00000001',
    WECHAT_WEB_APP_SECRET: 'website-secret',
  };

  it('is the sandbox outside production, WeChat itself once both apps are set, off when asked', () => {
    expect(loadConfig(DEMO).weChat.oauth).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test', WECHAT_APP_SECRET: 's' }).weChat.oauth).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test', ...APPS }).weChat).toMatchObject({
      oauth: 'wechat',
      web: { appId: 'wxwebsite00000001', appSecret: 'website-secret' },
      openBase: 'https://open.weixin.qq.com',
    });
    expect(loadConfig({ ...DEMO, WECHAT_OAUTH: 'off' }).weChat.oauth).toBe('off');
  });

  it('in production: off unless turned on, and on names every missing setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WECHAT_OAUTH: 'on' })).toThrow(
      /WECHAT_APP_ID \(WECHAT_OAUTH=on\), WECHAT_APP_SECRET \(WECHAT_OAUTH=on\), WECHAT_WEB_APP_ID \(WECHAT_OAUTH=on\), WECHAT_WEB_APP_SECRET \(WECHAT_OAUTH=on\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', WECHAT_OAUTH: 'on', ...APPS })).not.toThrow(
      /WECHAT_/,
    );
  });
});

describe('WECHAT_TEMPLATE_MESSAGES', () => {
  const OFFICIAL = { WECHAT_APP_ID: 'wxofficial0000001', WECHAT_APP_SECRET: 'official-secret' };
  const TEMPLATES = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [`WECHAT_TEMPLATE_${kind.toUpperCase()}`, `tpl-${kind}`]),
  );

  it('is the sandbox outside production, WeChat’s once the 公众号 and every template are set', () => {
    expect(loadConfig(DEMO).weChat.templateMessages).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ NODE_ENV: 'test', ...OFFICIAL }).weChat.templateMessages).toEqual({
      provider: 'sandbox',
    });
    expect(
      loadConfig({ NODE_ENV: 'test', ...OFFICIAL, ...TEMPLATES }).weChat.templateMessages,
    ).toMatchObject({
      provider: 'wechat',
      templateIds: { ticket_open: 'tpl-ticket_open', result_out: 'tpl-result_out' },
    });
    expect(
      loadConfig({ ...DEMO, WECHAT_TEMPLATE_MESSAGES: 'off' }).weChat.templateMessages,
    ).toEqual({ provider: 'off' });
  });

  it('in production: off unless turned on, and on refuses the start naming each missing template', () => {
    const missingOne = { ...OFFICIAL, ...TEMPLATES, WECHAT_TEMPLATE_TICKET_OPEN: '' };
    expect(() =>
      loadConfig({ NODE_ENV: 'production', WECHAT_TEMPLATE_MESSAGES: 'on', ...missingOne }),
    ).toThrow(/missing .*WECHAT_TEMPLATE_TICKET_OPEN \(WECHAT_TEMPLATE_MESSAGES=on\)/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        WECHAT_TEMPLATE_MESSAGES: 'on',
        ...OFFICIAL,
        ...TEMPLATES,
      }),
    ).not.toThrow(/WECHAT_TEMPLATE/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...missingOne })).not.toThrow(
      /WECHAT_TEMPLATE/,
    );
  });
});

describe('PAYMENT_PROVIDERS', () => {
  const WECHATPAY = {
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_MERCHANT_SERIAL_NO: 'SERIAL',
    WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: '/etc/portal/apiclient_key.pem',
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: '/etc/portal/pub_key.pem',
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
  };
  const ALIPAY = {
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_APP_PRIVATE_KEY_FILE: '/etc/portal/app.pem',
    ALIPAY_PUBLIC_KEY_FILE: '/etc/portal/alipay.pem',
  };

  it('offers both providers in the order listed, each with its settings', () => {
    const both = loadConfig({
      NODE_ENV: 'test',
      PAYMENT_PROVIDERS: 'alipay, wechatpay',
      ...WECHATPAY,
      ...ALIPAY,
    });
    expect(both.payment.providers).toEqual(['alipay', 'wechatpay']);
    expect([
      both.payment.sandbox,
      both.payment.alipay?.appId,
      both.payment.wechatpay?.mchId,
    ]).toEqual([false, '2021000000000000', '1900000109']);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'wechatpay,alipay', ...WECHATPAY }),
    ).toThrow(/PAYMENT_PROVIDERS has alipay: missing ALIPAY_APP_ID/);
  });

  it('keeps PAYMENT_PROVIDER as a one-item alias; the sandbox plays both and stands alone', () => {
    const one = loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'wechatpay', ...WECHATPAY });
    expect(one.payment.providers).toEqual(['wechatpay']);
    expect(loadConfig({ NODE_ENV: 'test' }).payment).toMatchObject({
      sandbox: true,
      providers: ['wechatpay', 'alipay'],
    });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'sandbox,alipay', ...ALIPAY }),
    ).toThrow(/sandbox plays both WeChat Pay and Alipay; list it alone/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'alipay', PAYMENT_PROVIDER: 'wechatpay' }),
    ).toThrow(/disagree: set PAYMENT_PROVIDERS only/);
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'paypal' })).toThrow(
      /unknown provider\(s\) paypal/,
    );
  });
});
