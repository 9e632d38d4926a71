import type { FastifyInstance } from 'fastify';
import { TICKET_CHECK_PATH } from '../../domain/tickets/ticket-check.js';
import { checkTicket, type TicketCheck } from '../../domain/tickets/tickets.js';
import { escapeHtml } from '../../platform/html.js';
import type { AppDeps } from '../../platform/deps.js';

/** A page of its own (no SPA, no script): it must open in any QR scanner's browser. */
export function renderTicketCheckPage(brand: string, check: TicketCheck | null): string {
  const e = escapeHtml;
  const body = check
    ? `<p class="verdict verdict--ok" role="status">✓ 准考证真实有效</p>
<p class="lead">本准考证由${e(brand)}签发，信息如下：</p>
<dl>
<dt>姓名</dt><dd>${e(check.candidateName)}</dd>
<dt>报考项目</dt><dd>${e(check.projectTitle)}</dd>
<dt>准考证号</dt><dd>${e(check.ticketNo)}</dd>
<dt>身份证号</dt><dd>${e(check.maskedIdNumber)}</dd>
</dl>
<p class="hint">请核对考生本人及其身份证件与上述信息一致。</p>`
    : `<p class="verdict verdict--bad" role="alert">✗ 不是真实有效的准考证</p>
<p class="lead">此二维码不是本平台签发的，或准考证信息已被改动。</p>
<p class="hint">请考生登录平台重新打印准考证，或联系主办单位核实。</p>`;
  return checkPageHtml(brand, '准考证核验', body);
}

/** The page a public check answers: its own style, no script, readable in any scanner's browser. */
export function checkPageHtml(brand: string, heading: string, body: string): string {
  const e = escapeHtml;
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(heading)} - ${e(brand)}</title>
<style>
body{margin:0;background:#f7f8fa;color:#1f2329;font:16px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{max-width:480px;margin:0 auto;padding:24px 16px}
h1{margin:0 0 16px;font-size:22px}
.card{background:#fff;border-radius:12px;padding:20px}
.verdict{margin:0 0 8px;font-size:20px;font-weight:600}
.verdict--ok{color:#135200}
.verdict--bad{color:#a8071a}
.lead{margin:0 0 12px}
dl{display:grid;grid-template-columns:6em 1fr;gap:8px 12px;margin:0 0 12px}
dt{color:#4e5969}
dd{margin:0;overflow-wrap:anywhere}
.hint{margin:0;font-size:14px;color:#4e5969}
</style></head>
<body><main><h1>${e(heading)}</h1><div class="card">
${body}
</div></main></body></html>`;
}

/** Headers of a check page: never cached, nothing but its inline style. */
export const CHECK_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** GET /ticket/verify?No=&Sig=: what a scan of a ticket's QR code opens. */
export async function registerTicketCheckRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { No?: string; Sig?: string } }>(
    TICKET_CHECK_PATH,
    async (request, reply) => {
      const no = typeof request.query.No === 'string' ? request.query.No.slice(0, 64) : '';
      const sig = typeof request.query.Sig === 'string' ? request.query.Sig.slice(0, 128) : '';
      const check = await checkTicket(deps, no, sig);
      return reply
        .status(check ? 200 : 404)
        .type('text/html; charset=utf-8')
        .headers(CHECK_PAGE_HEADERS)
        .send(renderTicketCheckPage(deps.config.share.title, check));
    },
  );
}
