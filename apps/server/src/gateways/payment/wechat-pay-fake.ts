import { createCipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fake-server.js';
import { signWeChatPay, verifyWeChatPay, weChatPayMessage } from './wechat-pay.js';

/**
 * A local WeChat Pay API v3 for tests (loopback only): it checks each request's merchant
 * signature, signs its answers and notifications with the platform key, and encrypts
 * notification resources with the API v3 key, as the documentation describes.
 */
export interface FakeWeChatPay {
  baseUrl: string;
  /** The payer pays at WeChat: the order is SUCCESS; the notification it would send. */
  pay(orderNo: string): { headers: Record<string, string>; body: string };
  /** Signs any notification body with the platform key (or another key, to forge one). */
  notification(body: string, key?: KeyObject): { headers: Record<string, string>; body: string };
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

interface FakeOrder {
  total: number;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  successTime?: string;
}

export async function startFakeWeChatPay(options: {
  mchId: string;
  appId: string;
  apiV3Key: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformPublicKeyId: string;
}): Promise<FakeWeChatPay> {
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, { status: 'PROCESSING' | 'SUCCESS' }>();
  const requests: FakeWeChatPay['requests'] = [];

  const signedHeaders = (body: string, key: KeyObject = options.platformPrivateKey) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.platformPublicKeyId,
      'wechatpay-signature': signWeChatPay(key, weChatPayMessage(timestamp, nonce, body)),
    };
  };
  const send = (response: ServerResponse, status: number, payload: object) => {
    const body = JSON.stringify(payload);
    response.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(body) });
    response.end(body);
  };
  const transaction = (orderNo: string, order: FakeOrder) => ({
    appid: options.appId,
    mchid: options.mchId,
    out_trade_no: orderNo,
    transaction_id: `4200${orderNo.replace(/\D/g, '')}`,
    trade_state: order.tradeState,
    ...(order.successTime ? { success_time: order.successTime } : {}),
    amount: { total: order.total, payer_total: order.total, currency: 'CNY' },
  });
  const isSignedByMerchant = (request: IncomingMessage, body: string) => {
    const fields = Object.fromEntries(
      [...(request.headers.authorization ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    return (
      (request.headers.authorization ?? '').startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      fields.mchid === options.mchId &&
      verifyWeChatPay(
        options.merchantPublicKey,
        weChatPayMessage(request.method!, request.url!, fields.timestamp!, fields.nonce_str!, body),
        fields.signature ?? '',
      )
    );
  };

  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      if (!isSignedByMerchant(request, text))
        return send(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const url = new URL(request.url!, 'http://fake');
      requests.push({ method: request.method!, path: url.pathname, body });
      const created = /^\/v3\/pay\/transactions\/(h5|jsapi|native)$/.exec(url.pathname);
      if (request.method === 'POST' && created) {
        const orderNo = body.out_trade_no as string;
        orders.set(orderNo, {
          total: (body.amount as { total: number }).total,
          tradeState: 'NOTPAY',
        });
        const prepayId = `wx${randomBytes(8).toString('hex')}`;
        return send(
          response,
          200,
          created[1] === 'h5'
            ? {
                h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}`,
              }
            : created[1] === 'native'
              ? { code_url: `weixin://wxpay/bizpayurl?pr=${prepayId}` }
              : { prepay_id: prepayId },
        );
      }
      const closed = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
      if (request.method === 'POST' && closed) {
        const order = orders.get(decodeURIComponent(closed[1]!));
        if (!order) return send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (order.tradeState === 'SUCCESS')
          return send(response, 400, { code: 'ORDERPAID', message: '订单已支付' });
        order.tradeState = 'CLOSED';
        response.writeHead(204, signedHeaders(''));
        return response.end();
      }
      const queried = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && queried) {
        const order = orders.get(decodeURIComponent(queried[1]!));
        if (!order) return send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return send(response, 200, transaction(decodeURIComponent(queried[1]!), order));
      }
      if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const order = orders.get(body.out_trade_no as string);
        if (order?.tradeState !== 'SUCCESS')
          return send(response, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
        refunds.set(body.out_refund_no as string, { status: 'PROCESSING' });
        return send(response, 200, { out_refund_no: body.out_refund_no, status: 'PROCESSING' });
      }
      const refund = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && refund) {
        const record = refunds.get(decodeURIComponent(refund[1]!));
        if (!record)
          return send(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
        record.status = 'SUCCESS';
        return send(response, 200, { out_refund_no: refund[1], status: record.status });
      }
      return send(response, 404, { code: 'NOT_FOUND', message: 'unknown path' });
    });
  });
  const { baseUrl, close } = await listenOnLoopback(server);

  const notification: FakeWeChatPay['notification'] = (body, key) => ({
    headers: { 'content-type': 'application/json', ...signedHeaders(body, key) },
    body,
  });
  return {
    baseUrl,
    requests,
    notification,
    pay(orderNo) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`fake WeChat Pay: no order ${orderNo}`);
      order.tradeState = 'SUCCESS';
      order.successTime = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key), nonce);
      cipher.setAAD(Buffer.from('transaction'));
      const plain = JSON.stringify(transaction(orderNo, order));
      const ciphertext = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return notification(
        JSON.stringify({
          id: randomBytes(8).toString('hex'),
          create_time: order.successTime,
          event_type: 'TRANSACTION.SUCCESS',
          resource_type: 'encrypt-resource',
          summary: '支付成功',
          resource: {
            algorithm: 'AEAD_AES_256_GCM',
            original_type: 'transaction',
            associated_data: 'transaction',
            nonce,
            ciphertext: ciphertext.toString('base64'),
          },
        }),
      );
    },
    close,
  };
}
