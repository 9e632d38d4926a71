import {
  getUserPaymentOrder,
  getUserProject,
  refundPaymentOrder,
  relieveWeChatBind,
} from '@portal/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import type { Api } from './portal-api.js';

/** Where the sandbox plays WeChat's side of JSAPI and Native (the server's SANDBOX_WECHAT_PAY_PATH). */
export const SANDBOX_WECHAT_PAY_PATH = '/gateways/payment/sandbox/wechat-pay';

/** What the stub answers getBrandWCPayRequest with, and what it was asked (read in the page). */
export interface WeChatPayStub {
  __wechatPayAnswer?: 'ok' | 'cancel' | 'fail';
  __wechatPayCalls?: { name: string; args: Record<string, string> }[];
}

/**
 * WeixinJSBridge as WeChat injects it: it appears a moment after the page starts, announced by
 * WeixinJSBridgeReady. getBrandWCPayRequest answers as the page tells it (window.__wechatPayAnswer);
 * on ok it first pays at the sandbox as WeChat's servers would (the arguments, paySign and all,
 * posted to the sandbox's WeChat side), so the server's verification finds the order paid.
 */
export async function injectWeChatBridge(context: BrowserContext): Promise<void> {
  await context.addInitScript((payPath: string) => {
    const stub = window as unknown as WeChatPayStub & { WeixinJSBridge?: unknown };
    stub.__wechatPayCalls = [];
    const bridge = {
      invoke(name: string, args: Record<string, string>, done: (r: { err_msg: string }) => void) {
        // The JS-SDK (share, menus) talks through the same bridge: everything else just succeeds.
        if (name !== 'getBrandWCPayRequest') {
          setTimeout(() => done({ err_msg: `${name}:ok` }), 0);
          return;
        }
        stub.__wechatPayCalls!.push({ name, args });
        const answer = stub.__wechatPayAnswer ?? 'ok';
        if (answer !== 'ok') {
          setTimeout(() => done({ err_msg: `get_brand_wcpay_request:${answer}` }), 50);
          return;
        }
        void fetch(payPath, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        }).then((response) =>
          done({ err_msg: `get_brand_wcpay_request:${response.ok ? 'ok' : 'fail'}` }),
        );
      },
    };
    setTimeout(() => {
      stub.WeixinJSBridge = bridge;
      document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    }, 200);
  }, SANDBOX_WECHAT_PAY_PATH);
}

/** getBrandWCPayRequest's next answer. */
export async function answerWeChatPayWith(page: Page, answer: 'ok' | 'cancel' | 'fail') {
  await page.evaluate((a) => {
    (window as unknown as WeChatPayStub).__wechatPayAnswer = a;
  }, answer);
}

export async function weChatPayCalls(page: Page) {
  return page.evaluate(() => (window as unknown as WeChatPayStub).__wechatPayCalls ?? []);
}

/** Binds the signed-in candidate's WeChat through the sandbox's authorisation page. */
export async function bindWeChatInSandbox(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/views/my/bindWeChatAccount`);
  await page.getByText('当前账号未绑定微信').waitFor();
  await page.getByRole('button', { name: '绑定微信' }).click();
  await page.waitForURL('**/gateways/wechat/authorize**');
  await page.getByRole('button', { name: '确认授权' }).click();
  await page.waitForURL(`${baseUrl}/views/my/bindWeChatAccount`);
  await page.getByText(/微信昵称：/).waitFor();
}

/** Leaves the account as the seed made it: no WeChat bound. */
export async function unbindWeChat(api: Api): Promise<void> {
  await api.call(relieveWeChatBind, {});
}

/**
 * The candidate's application to `projectTitle` with its fee unpaid: where an earlier journey paid
 * it, the fee is asked back (RefundPaymentOrder puts the application back to approved-and-unpaid).
 */
export async function unpaidApplicationTo(api: Api, projectTitle: string): Promise<number> {
  const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
  const application = mine.Items.find((a) => a.ProjectTitle === projectTitle);
  if (!application) throw new Error(`no application to ${projectTitle}`);
  if (application.Status === 'Paid') {
    const orders = await api.call(getUserPaymentOrder, { PageIndex: 1, PageSize: 50 });
    const paid = orders.Items.find((o) => o.ApplyId === application.ApplyId && o.Status === 'Paid');
    if (paid) await api.call(refundPaymentOrder, { OrderId: paid.OrderId });
  }
  return application.ApplyId;
}
