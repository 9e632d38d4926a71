import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fake-server.js';
import { beijingDateTime } from '../../platform/beijing-time.js';

/**
 * A local Alipay open-platform gateway for tests (loopback only): it checks the application's
 * RSA2 signature on every request and on the cashier link, signs its answers and its
 * notifications with its own key, as Alipay's documentation describes.
 */
export interface FakeAlipay {
  gateway: string;
  /** The payer opens the cashier link (or tradePay's orderStr): refused unless signed by the application. */
  openCashier(payUrl: string): Record<string, string>;
  /** The payer pays: the trade succeeds; the notification form it would post. */
  pay(orderNo: string): string;
  /** Signs any notification fields with Alipay's key (or another one, to forge). */
  notification(fields: Record<string, string>, key?: KeyObject): string;
  methods: string[];
  close(): Promise<void>;
}

/** Sorted `key=value&…` of every parameter but those left out: what RSA2 signs. */
export const alipaySignContent = (params: Record<string, string>, leaveOut: string[]) =>
  Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

const rsa2 = (key: KeyObject, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

const beijingNow = () => beijingDateTime(new Date());

export async function startFakeAlipay(options: {
  appId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}): Promise<FakeAlipay> {
  const trades = new Map<
    string,
    { totalAmount: string; status: string; tradeNo: string; paidAt?: string }
  >();
  const refunds = new Set<string>();
  const methods: string[] = [];
  const signedByApp = (params: Record<string, string>) =>
    params.app_id === options.appId &&
    createVerify('RSA-SHA256')
      .update(alipaySignContent(params, ['sign']), 'utf8')
      .verify(options.appPublicKey, params.sign ?? '', 'base64');

  const answer = (response: ServerResponse, method: string, inner: object) => {
    const json = JSON.stringify(inner);
    const key = `${method.replaceAll('.', '_')}_response`;
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${key}":${json},"sign":"${rsa2(options.alipayPrivateKey, json)}"}`);
  };
  const businessFailure = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const params = {
        ...Object.fromEntries(new URL(request.url!, 'http://fake').searchParams),
        ...Object.fromEntries(new URLSearchParams(text)),
      };
      const method = params.method ?? '';
      if (!signedByApp(params))
        return answer(response, method, {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        });
      methods.push(method);
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const trade = trades.get(biz.out_trade_no ?? '');
      if (method === 'alipay.trade.query')
        return answer(
          response,
          method,
          trade
            ? {
                code: '10000',
                msg: 'Success',
                out_trade_no: biz.out_trade_no,
                trade_no: trade.tradeNo,
                trade_status: trade.status,
                total_amount: trade.totalAmount,
                ...(trade.paidAt ? { send_pay_date: trade.paidAt } : {}),
              }
            : businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'),
        );
      if (method === 'alipay.trade.close') {
        if (!trade)
          return answer(response, method, businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (trade.status !== 'WAIT_BUYER_PAY')
          return answer(
            response,
            method,
            businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
          );
        trade.status = 'TRADE_CLOSED';
        return answer(response, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
        });
      }
      if (method === 'alipay.trade.refund') {
        if (trade?.status !== 'TRADE_SUCCESS')
          return answer(
            response,
            method,
            businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
          );
        refunds.add(`${biz.out_trade_no}/${biz.out_request_no}`);
        return answer(response, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          refund_fee: biz.refund_amount,
          fund_change: 'Y',
        });
      }
      if (method === 'alipay.trade.fastpay.refund.query')
        return answer(response, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          out_request_no: biz.out_request_no,
          ...(refunds.has(`${biz.out_trade_no}/${biz.out_request_no}`)
            ? { refund_status: 'REFUND_SUCCESS' }
            : {}),
        });
      return answer(response, method, businessFailure('isv.invalid-method', '不存在的方法名'));
    });
  });
  const { baseUrl, close } = await listenOnLoopback(server);

  const notification: FakeAlipay['notification'] = (fields, key = options.alipayPrivateKey) => {
    const params = { ...fields, sign_type: 'RSA2', charset: 'utf-8', version: '1.0' };
    const sign = rsa2(key, alipaySignContent(params, ['sign', 'sign_type']));
    return new URLSearchParams({ ...params, sign }).toString();
  };
  return {
    gateway: `${baseUrl}/gateway.do`,
    methods,
    notification,
    openCashier(payUrl) {
      const params = Object.fromEntries(
        URL.canParse(payUrl) ? new URL(payUrl).searchParams : new URLSearchParams(payUrl),
      );
      if (!signedByApp(params)) throw new Error('fake Alipay: the cashier link is not signed');
      const biz = JSON.parse(params.biz_content!) as Record<string, string>;
      trades.set(biz.out_trade_no!, {
        totalAmount: biz.total_amount!,
        status: 'WAIT_BUYER_PAY',
        tradeNo: `2026${randomBytes(8).toString('hex')}`,
      });
      return params;
    },
    pay(orderNo) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`fake Alipay: no trade ${orderNo}`);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = beijingNow();
      return notification({
        notify_time: trade.paidAt,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(12).toString('hex'),
        app_id: options.appId,
        trade_no: trade.tradeNo,
        out_trade_no: orderNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        gmt_payment: trade.paidAt,
        subject: '报名费',
      });
    },
    close,
  };
}
