import { createWebWeChat, type RuntimeConfig } from '@portal/contracts';
import { currentPlatformCode, PLATFORM_CODES, type PlatformCode } from '../device';
import { callEndpoint } from '../http/clients';
import type { RouteShare } from '../route-handle';
import { runtimeConfig } from '../runtime-config';

/** §9: the only JS APIs the page asks WeChat for. */
export const WECHAT_JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'hideMenuItems',
  'closeWindow',
] as const;

/** §9: edit tag, delete, original page, read mode, QQ browser, Safari, email, brand. */
export const HIDDEN_MENU_ITEMS = [
  'menuItem:editTag',
  'menuItem:delete',
  'menuItem:originPage',
  'menuItem:readMode',
  'menuItem:openWithQQBrowser',
  'menuItem:openWithSafari',
  'menuItem:share:email',
  'menuItem:share:brand',
] as const;

/** §8: the share configuration is only logged. */
export const SHARE_SUCCESS_LOG = 'share success';
export const SHARE_FAILED_LOG = 'share failed';

export interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

interface WxCallbacks {
  success?: () => void;
  fail?: (error: unknown) => void;
}

/** The part of the WeChat JS-SDK the portal uses. */
export interface WxApi {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (error: unknown) => void): void;
  hideMenuItems(options: { menuList: string[] } & WxCallbacks): void;
  updateAppMessageShareData(options: ShareData & WxCallbacks): void;
  updateTimelineShareData(options: ShareData & WxCallbacks): void;
  /** Inside a mini-program's web-view only. */
  miniProgram?: { navigateTo(options: { url: string } & WxCallbacks): void };
}

declare global {
  interface Window {
    /** The JS-SDK object when something (a test double, WeChat's own script) already set it. */
    wx?: WxApi;
  }
}

let entryUrl = '';

/** §7: iOS WeChat signs against the address the visitor entered by; read it before the router runs. */
export function rememberEntryUrl(href: string = window.location.href): void {
  if (!entryUrl) entryUrl = href;
}

export function isIosUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** §7: the current address without its fragment; on iOS the entry address without its fragment. */
export function signaturePageUrl(input: {
  currentUrl: string;
  entryUrl: string;
  userAgent: string;
}): string {
  const url = isIosUserAgent(input.userAgent) && input.entryUrl ? input.entryUrl : input.currentUrl;
  return withoutFragment(url);
}

type ShareDefaults = RuntimeConfig['WebSite']['UserClient']['DefaultGlobalWeChatShare'];

/** §9: the route's share fields win; else the configured defaults; the link else the current address. */
export function shareDataFor(
  share: RouteShare | undefined,
  defaults: ShareDefaults,
  currentUrl: string,
): ShareData {
  return {
    title: share?.title || defaults.Title,
    desc: share?.desc || defaults.Describe,
    link: share?.link || defaults.PageUel || currentUrl,
    imgUrl: share?.imgUrl || defaults.LogoUrl,
  };
}

/** A test double set on window.wx wins; otherwise the weixin-js-sdk package (never a remote script). */
export async function loadWx(): Promise<WxApi> {
  if (window.wx) return window.wx;
  const module = await import('weixin-js-sdk');
  return module.default as unknown as WxApi;
}

export interface WeChatShareDeps {
  platformCode: () => PlatformCode;
  userAgent: () => string;
  entryUrl: () => string;
  config: () => RuntimeConfig;
  sign: (pageUrl: string) => Promise<{
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
  }>;
  wx: () => Promise<WxApi>;
  log: (message: string) => void;
}

/** §9: the WeChat entry's HTTP calls have no timeout (0): a slow signature still arrives. */
export const WECHAT_ENTRY_TIMEOUT_MS = 0;

/** §7: the WeChat signature call; §8: a failure is only logged, so the HTTP layer shows nothing. */
export function signPage(pageUrl: string) {
  return callEndpoint(
    createWebWeChat,
    { PageUrl: pageUrl },
    { silent: true, timeoutMs: WECHAT_ENTRY_TIMEOUT_MS },
  );
}

const browserDeps: WeChatShareDeps = {
  platformCode: currentPlatformCode,
  userAgent: () => navigator.userAgent,
  entryUrl: () => entryUrl,
  config: runtimeConfig,
  sign: signPage,
  wx: loadWx,
  log: (message) => console.log(message),
};

let latest = 0;

/**
 * §1 §7 §9: inside WeChat's browser only, signs the page, configures the JS-SDK, hides the default
 * menu items and sets the share data for friends and timeline. Nothing is shown to the person.
 */
export async function configureWeChatShare(
  currentUrl: string,
  share: RouteShare | undefined,
  deps: WeChatShareDeps = browserDeps,
): Promise<void> {
  if (deps.platformCode() !== PLATFORM_CODES.weChat) return;
  const call = ++latest;
  try {
    const pageUrl = signaturePageUrl({
      currentUrl,
      entryUrl: deps.entryUrl(),
      userAgent: deps.userAgent(),
    });
    const [signed, wx] = await Promise.all([deps.sign(pageUrl), deps.wx()]);
    // A later navigation has taken over.
    if (call !== latest) return;
    const data = shareDataFor(
      share,
      deps.config().WebSite.UserClient.DefaultGlobalWeChatShare,
      currentUrl,
    );
    const callbacks: WxCallbacks = {
      success: () => deps.log(SHARE_SUCCESS_LOG),
      fail: () => deps.log(SHARE_FAILED_LOG),
    };
    wx.config({
      debug: false,
      appId: signed.appId,
      timestamp: signed.timestamp,
      nonceStr: signed.nonceStr,
      signature: signed.signature,
      jsApiList: [...WECHAT_JS_API_LIST],
    });
    wx.ready(() => {
      wx.hideMenuItems({ menuList: [...HIDDEN_MENU_ITEMS] });
      wx.updateAppMessageShareData({ ...data, ...callbacks });
      wx.updateTimelineShareData({ ...data, ...callbacks });
    });
    wx.error(() => deps.log(SHARE_FAILED_LOG));
  } catch {
    deps.log(SHARE_FAILED_LOG);
  }
}
