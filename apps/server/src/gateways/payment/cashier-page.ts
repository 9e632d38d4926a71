import { PAY_PROVIDER_TEXT } from '@portal/contracts';
import { escapeHtml } from '../../platform/html.js';
import type { SandboxPayment } from './index.js';

const e = escapeHtml;
const yuan = (fen: number) => (fen / 100).toFixed(2);

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:#f7f8fa;color:#1f2329}
.card{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 4px;text-align:center}.tip{color:#86909c;font-size:12px;text-align:center;margin:0 0 20px}
.amount{font-size:36px;font-weight:600;text-align:center;margin:8px 0 20px}.amount small{font-size:18px}
dl{margin:0 0 24px;font-size:14px}dl div{display:flex;justify-content:space-between;padding:8px 0;border-bottom:1px solid #f2f3f5}
dt{color:#86909c}dd{margin:0;text-align:right;max-width:70%;word-break:break-all}
button{display:block;width:100%;height:44px;border:0;border-radius:8px;font-size:16px;margin-top:12px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.cancel{background:#f2f3f5;color:#4e5969}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head><body><div class="card">${body}</div></body></html>`;
}

/** The sandbox cashier: what is paid, and the two choices. */
export function renderCashierPage(record: SandboxPayment, signature: string): string {
  const details = `<dl><div><dt>订单号</dt><dd>${e(record.orderNo)}</dd></div>
<div><dt>商品</dt><dd>${e(record.subject)}</dd></div>
<div><dt>金额</dt><dd>¥${yuan(record.amountInFen)}</dd></div></dl>`;
  if (record.status !== 'Pending')
    return page(
      '收银台',
      `<h1>${record.status === 'Paid' ? '订单已支付' : '订单已取消'}</h1>${details}<a href="${e(record.returnUrl)}"><button class="cancel" type="button">返回</button></a>`,
    );
  const hidden = `<input type="hidden" name="orderNo" value="${e(record.orderNo)}"><input type="hidden" name="sign" value="${e(signature)}">`;
  return page(
    '收银台',
    `<h1>${record.provider ? `${PAY_PROVIDER_TEXT[record.provider]} · ` : ''}收银台</h1><p class="tip">沙箱环境 · 不会产生真实扣款</p>
<div class="amount"><small>¥</small>${yuan(record.amountInFen)}</div>${details}
<form method="post">${hidden}<input type="hidden" name="action" value="pay"><button class="pay" type="submit">确认支付</button></form>
<form method="post">${hidden}<input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">取消支付</button></form>`,
  );
}
