import jsQR from 'jsqr';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, WECHAT_PHONE } from '../support/browser.js';
import { apiOf, type SignedInApi } from '../support/portal-api.js';
import { signInAtProvider } from '../support/sign-in.js';
import {
  answerWeChatPayWith,
  bindWeChatInSandbox,
  injectWeChatBridge,
  SANDBOX_WECHAT_PAY_PATH,
  unbindWeChat,
  unpaidApplicationTo,
  weChatPayCalls,
} from '../support/wechat-pay.js';

/**
 * Issue 27, item 1: the demo candidate 王芳 pays her fee the way that works where she is — WeChat
 * Pay JSAPI inside WeChat (through WeixinJSBridge, Alipay only as an open-in-browser guide), a
 * Native QR code on a desktop, H5 or Alipay wap in a phone browser — all played by the sandbox.
 * Each part leaves her fee unpaid again (asked back) and her WeChat unbound, as the seed has them.
 */
const baseUrl = inject('baseUrl');
const WANG_FANG = { mobile: '13900139000', password: 'Demo@654321' };
const FEE_PROJECT = '2026年度全国会计专业技术初级资格考试';

/** A QR code on the page, read as a phone's camera would (jsQR on its pixels). */
async function decodeQr(page: Page, code: Locator): Promise<string | null> {
  const png = (await code.screenshot()).toString('base64');
  const scratch = await page.context().newPage();
  const pixels = await scratch.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height);
    return { data: Array.from(data.data), width: data.width, height: data.height };
  }, png);
  await scratch.close();
  return jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

describe('payment channels (issue 27): the way to pay that works where the candidate is', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: SignedInApi;
  let applyId: number;

  async function openAs(options: BrowserContextOptions, weChatBridge = false) {
    context = await browser.newContext(options);
    if (weChatBridge) await injectWeChatBridge(context);
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page, WANG_FANG.mobile, WANG_FANG.password);
    await page.waitForURL(`${baseUrl}/views/my`);
    api = await apiOf(page);
    applyId = await unpaidApplicationTo(api, FEE_PROJECT);
  }
  const paymentPage = () => page.goto(`${baseUrl}/views/payment?ApplyId=${applyId}`);
  /** The provider chosen, its cashier (played by the sandbox) pays, and the page confirms. */
  async function payAtCashier(provider: '微信支付' | '支付宝', button: string | RegExp) {
    await page.getByText(provider, { exact: true }).click();
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL('**/gateways/payment/cashier?**');
    await page.getByRole('heading', { name: `${provider} · 收银台` }).waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(`${baseUrl}/views/payment?ApplyId=${applyId}`);
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('in a phone browser WeChat Pay H5 and Alipay wap are both offered and both pay', async () => {
    await openAs(PHONE);
    await paymentPage();
    await page.getByText('跳转到支付宝完成付款').waitFor();
    expect(await page.locator('.adm-radio').count()).toBe(2);
    await page.getByText('跳转到微信完成付款').waitFor();
    await screenshot(page, 'issue27-phone-choice');

    await payAtCashier('支付宝', /^去支付/);
    // Asked back, the fee is paid again with WeChat Pay H5.
    await unpaidApplicationTo(api, FEE_PROJECT);
    await paymentPage();
    await payAtCashier('微信支付', '重新支付');
    await unpaidApplicationTo(api, FEE_PROJECT);
    await context.close();
  });

  it('on a desktop the QR code is a WeChat Pay Native code URL; paid by a phone, the page settles', async () => {
    await openAs(DESKTOP);
    await paymentPage();
    await page.getByText('微信支付（用微信「扫一扫」扫码付款）').waitFor();
    await page.getByText('支付宝（跳转到支付宝网页付款）').waitFor();
    await page.getByRole('button', { name: '去支付' }).click();
    const qr = page.locator('figure.d-pay__qr svg');
    await qr.waitFor();
    await page.getByText(/请使用微信「扫一扫」扫码支付/).waitFor();
    await expect.poll(() => qr.isVisible()).toBe(true);
    await page.waitForTimeout(500); // the page's own smooth scroll to the code
    await screenshot(page, 'issue27-desktop-native-qr');
    const codeUrl = await decodeQr(page, qr);
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=wx\w+$/);

    // The payer's WeChat scans it and pays: the page, asking every few seconds, sees it paid.
    const paid = await fetch(`${baseUrl}${SANDBOX_WECHAT_PAY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ codeUrl }),
    });
    expect(paid.status).toBe(200);
    await page.getByText('支付成功').first().waitFor({ timeout: 15_000 });
    expect(await qr.count()).toBe(0);
    await screenshot(page, 'issue27-desktop-native-paid');
    await unpaidApplicationTo(api, FEE_PROJECT);
    await context.close();
  });

  it('inside WeChat she pays through getBrandWCPayRequest; a cancel stays pending with 继续支付; Alipay is a guide', async () => {
    await openAs(WECHAT_PHONE, true);
    // Without a bound WeChat there is no payer: the page says what to do.
    await paymentPage();
    await page.getByText(/尚未绑定微信/).waitFor();
    expect(await page.getByRole('button', { name: /去支付/ }).count()).toBe(0);
    await screenshot(page, 'issue27-wechat-not-bound');

    await bindWeChatInSandbox(page, baseUrl);
    await paymentPage();
    await page.getByText('在微信内直接付款').waitFor();
    const guide = page.getByRole('note').filter({ hasText: '支付宝' });
    await guide.getByText(/请点击右上角「…」，选择「在浏览器中打开」/).waitFor();
    expect(await page.locator('.adm-radio').count()).toBe(1);
    await screenshot(page, 'issue27-wechat-jsapi');

    await answerWeChatPayWith(page, 'cancel');
    await page.getByRole('button', { name: /^去支付/ }).click();
    await page.getByRole('heading', { name: '支付未完成' }).waitFor();
    expect(await page.getByText('待支付', { exact: true }).count()).toBe(1);
    const resume = page.getByRole('button', { name: '继续支付' });
    await resume.waitFor();
    await screenshot(page, 'issue27-wechat-cancelled');

    await answerWeChatPayWith(page, 'ok');
    await resume.click();
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    expect(await page.getByText('已支付', { exact: true }).count()).toBe(1);
    const calls = await weChatPayCalls(page);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      name: 'getBrandWCPayRequest',
      args: { signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) as string },
    });
    expect(Object.keys(calls[1]!.args).sort()).toEqual(
      ['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp'].sort(),
    );
    await screenshot(page, 'issue27-wechat-paid');

    await unpaidApplicationTo(api, FEE_PROJECT);
    await unbindWeChat(api);
    await context.close();
  });
});
