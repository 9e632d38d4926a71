import { RECEIPT_KIND_LABELS } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { checkReceipt, RECEIPT_CHECK_PATH, type Attested } from '../../domain/receipts/receipts.js';
import { beijingDateTime } from '../../platform/beijing-time.js';
import type { AppDeps } from '../../platform/deps.js';
import { escapeHtml } from '../../platform/html.js';
import { CHECK_PAGE_HEADERS, checkPageHtml } from './ticket-check-route.js';

/** What a genuine receipt attests, the candidate masked as in the receipt itself. */
export function renderReceiptCheckPage(brand: string, receipt: Attested | null): string {
  const e = escapeHtml;
  const body = receipt
    ? `<p class="verdict verdict--ok" role="status">✓ 回执真实有效</p>
<p class="lead">本${e(RECEIPT_KIND_LABELS[receipt.Kind])}由${e(brand)}签发，证明以下内容已于所示时间提交：</p>
<dl>
<dt>回执类型</dt><dd>${e(RECEIPT_KIND_LABELS[receipt.Kind])}</dd>
<dt>考生</dt><dd>${e(receipt.CandidateName)}</dd>
${receipt.IdNumber ? `<dt>身份证号</dt><dd>${e(receipt.IdNumber)}</dd>\n` : ''}<dt>报考项目</dt><dd>${e(receipt.ProjectTitle)}</dd>
<dt>报考岗位</dt><dd>${e(receipt.PositionName)}</dd>
<dt>提交时间</dt><dd>${e(beijingDateTime(new Date(receipt.SubmittedAt)))}（北京时间，以服务器时间为准）</dd>
<dt>${receipt.Kind === 'Apply' ? '报名材料摘要' : '答卷摘要'}</dt><dd class="digest">${e(receipt.Digest)}</dd>
</dl>
<p class="hint">摘要（SHA-256）由所提交的${receipt.Kind === 'Apply' ? '报名表内容和上传文件' : '全部答案'}计算得出，内容有任何改动摘要都会不同。</p>`
    : `<p class="verdict verdict--bad" role="alert">✗ 不是真实有效的回执</p>
<p class="lead">此回执不是本平台签发的，或回执内容已被改动。</p>
<p class="hint">请考生登录平台，在报名项目的流程页重新打开回执，或联系主办单位核实。</p>`;
  return checkPageHtml(brand, '回执核验', body);
}

/** GET /receipt/verify?R=&Sig=: what a receipt's link or QR code opens. */
export async function registerReceiptCheckRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { R?: string; Sig?: string } }>(
    RECEIPT_CHECK_PATH,
    async (request, reply) => {
      const text = typeof request.query.R === 'string' ? request.query.R.slice(0, 4096) : '';
      const sig = typeof request.query.Sig === 'string' ? request.query.Sig.slice(0, 128) : '';
      const receipt = checkReceipt(deps.secrets, text, sig);
      return reply
        .status(receipt ? 200 : 404)
        .type('text/html; charset=utf-8')
        .headers(CHECK_PAGE_HEADERS)
        .send(renderReceiptCheckPage(deps.config.share.title, receipt));
    },
  );
}
