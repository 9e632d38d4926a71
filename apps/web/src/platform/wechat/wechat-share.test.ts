import { describe, expect, it, vi } from 'vitest';
import { PLATFORM_CODES, type PlatformCode } from '../device';
import { testRuntimeConfig } from '../testing/runtime-config-fixture';
import {
  configureWeChatShare,
  HIDDEN_MENU_ITEMS,
  SHARE_FAILED_LOG,
  SHARE_SUCCESS_LOG,
  shareDataFor,
  signaturePageUrl,
  WECHAT_JS_API_LIST,
  type WeChatShareDeps,
  type WxApi,
} from './wechat-share';

const IOS_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49';

const ENTRY = 'https://portal.example.com/views/?from=timeline#top';
const CURRENT = 'https://portal.example.com/views/home/project?Type=1#list';
const SIGNED = { appId: 'wx123', timestamp: 1700000000, nonceStr: 'abc', signature: 'sig' };

describe('§7 WeChat signature: PageUrl', () => {
  it('outside iOS is the current address without its fragment', () => {
    expect(
      signaturePageUrl({ currentUrl: CURRENT, entryUrl: ENTRY, userAgent: ANDROID_WECHAT }),
    ).toBe('https://portal.example.com/views/home/project?Type=1');
  });
  it('on iOS is the address the visitor first entered by, without its fragment', () => {
    expect(signaturePageUrl({ currentUrl: CURRENT, entryUrl: ENTRY, userAgent: IOS_WECHAT })).toBe(
      'https://portal.example.com/views/?from=timeline',
    );
  });
});

describe('§9 share defaults', () => {
  const defaults = testRuntimeConfig().WebSite.UserClient.DefaultGlobalWeChatShare;
  it('come from DefaultGlobalWeChatShare, the link defaulting to the current address when PageUel is empty', () => {
    expect(shareDataFor(undefined, { ...defaults, PageUel: '' }, CURRENT)).toEqual({
      title: defaults.Title,
      desc: defaults.Describe,
      link: CURRENT,
      imgUrl: defaults.LogoUrl,
    });
  });
  it('a configured PageUel is the link', () => {
    const link = 'https://portal.example.com/views/home';
    expect(shareDataFor(undefined, { ...defaults, PageUel: link }, CURRENT).link).toBe(link);
  });
  it("the route's share fields win over the defaults", () => {
    const route = { title: '项目列表', desc: '在线报名', imgUrl: 'https://cdn.example.com/p.png' };
    expect(shareDataFor(route, defaults, CURRENT)).toEqual({ ...route, link: CURRENT });
  });
});

function fakeWx(outcome: 'ready' | 'error' = 'ready', shareFails = false) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const record = (name: string) => (args: Record<string, unknown>) => {
    calls.push({ name, args });
    const callbacks = args as { success?: () => void; fail?: () => void };
    if (shareFails) callbacks.fail?.();
    else callbacks.success?.();
  };
  const wx = {
    config: (args: Record<string, unknown>) => calls.push({ name: 'config', args }),
    ready: (fn: () => void) => outcome === 'ready' && fn(),
    error: (fn: (e: unknown) => void) => outcome === 'error' && fn({ errMsg: 'config:fail' }),
    hideMenuItems: record('hideMenuItems'),
    updateAppMessageShareData: record('updateAppMessageShareData'),
    updateTimelineShareData: record('updateTimelineShareData'),
  } as unknown as WxApi;
  return { wx, calls };
}

function deps(overrides: Partial<WeChatShareDeps> = {}, wx: WxApi = fakeWx().wx) {
  const log = vi.fn<(message: string) => void>();
  const sign = vi.fn(async (_pageUrl: string) => SIGNED);
  const all: WeChatShareDeps = {
    platformCode: () => PLATFORM_CODES.weChat,
    userAgent: () => IOS_WECHAT,
    entryUrl: () => ENTRY,
    config: testRuntimeConfig,
    sign,
    wx: async () => wx,
    log,
    ...overrides,
  };
  return { all, log, sign };
}

describe('§1 §7 §9 configuring the JS-SDK inside WeChat', () => {
  it('does nothing outside WeChat (platform code other than 1000)', async () => {
    for (const code of [0, 1001, 2000] as PlatformCode[]) {
      const { all, sign } = deps({ platformCode: () => code });
      await configureWeChatShare(CURRENT, undefined, all);
      expect(sign).not.toHaveBeenCalled();
    }
  });

  it('signs the entry address on iOS and configures debug off with exactly the four permitted APIs', async () => {
    const { wx, calls } = fakeWx();
    const { all, sign } = deps({}, wx);
    await configureWeChatShare(CURRENT, undefined, all);
    expect(sign).toHaveBeenCalledWith('https://portal.example.com/views/?from=timeline');
    expect(calls[0]).toEqual({
      name: 'config',
      args: { debug: false, ...SIGNED, jsApiList: [...WECHAT_JS_API_LIST] },
    });
    expect(WECHAT_JS_API_LIST).toEqual([
      'updateAppMessageShareData',
      'updateTimelineShareData',
      'hideMenuItems',
      'closeWindow',
    ]);
  });

  it('on ready hides the §9 menu items and sets share data for friends and timeline', async () => {
    const { wx, calls } = fakeWx();
    const { all } = deps({}, wx);
    await configureWeChatShare(CURRENT, { title: '项目列表' }, all);
    expect(calls.find((c) => c.name === 'hideMenuItems')?.args.menuList).toEqual([
      'menuItem:editTag',
      'menuItem:delete',
      'menuItem:originPage',
      'menuItem:readMode',
      'menuItem:openWithQQBrowser',
      'menuItem:openWithSafari',
      'menuItem:share:email',
      'menuItem:share:brand',
    ]);
    expect(HIDDEN_MENU_ITEMS).toHaveLength(8);
    const defaults = testRuntimeConfig().WebSite.UserClient.DefaultGlobalWeChatShare;
    const expected = {
      title: '项目列表',
      desc: defaults.Describe,
      link: CURRENT,
      imgUrl: defaults.LogoUrl,
    };
    for (const name of ['updateAppMessageShareData', 'updateTimelineShareData']) {
      expect(calls.find((c) => c.name === name)?.args).toMatchObject(expected);
    }
  });

  it("logs 'share success' when the share data is set", async () => {
    const { all, log } = deps();
    await configureWeChatShare(CURRENT, undefined, all);
    expect(log.mock.calls.flat()).toEqual([SHARE_SUCCESS_LOG, SHARE_SUCCESS_LOG]);
    expect(SHARE_SUCCESS_LOG).toBe('share success');
  });

  it("logs 'share failed' when signing fails, when the SDK refuses the config and when a share call fails", async () => {
    const signFails = deps({ sign: () => Promise.reject(new Error('500')) });
    await configureWeChatShare(CURRENT, undefined, signFails.all);
    expect(signFails.log.mock.calls.flat()).toEqual([SHARE_FAILED_LOG]);

    const configFails = deps({}, fakeWx('error').wx);
    await configureWeChatShare(CURRENT, undefined, configFails.all);
    expect(configFails.log.mock.calls.flat()).toEqual([SHARE_FAILED_LOG]);

    const shareFails = deps({}, fakeWx('ready', true).wx);
    await configureWeChatShare(CURRENT, undefined, shareFails.all);
    expect(shareFails.log.mock.calls.flat()).toEqual([SHARE_FAILED_LOG, SHARE_FAILED_LOG]);
    expect(SHARE_FAILED_LOG).toBe('share failed');
  });
});
