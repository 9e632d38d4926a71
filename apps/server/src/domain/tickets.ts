import { maskIdNumber } from '@portal/contracts';
import { createHash } from 'node:crypto';
import {
  PREVIEW_SAMPLE_MARK,
  type ApplyStatus,
  type FormValues,
  type PdfFile,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { positions, users, type ApplicationRow, type ProjectRow } from '../db/schema/index.js';
import type { PdfGateway } from './ports.js';
import { moveApplication, requireForm, requireOwnApplication } from './applications.js';
import { conflict } from './errors.js';
import { requireProject } from './projects.js';
import { escapeHtml } from '../platform/html.js';
import type { KeyValueStore } from '../platform/kv-store.js';
import { htmlToPdfFile } from './web-pages.js';

export interface TicketData {
  candidateName: string;
  idNumber: string;
  projectTitle: string;
  organizer: string;
  positionName: string;
  positionCode: string;
  ticketNo: string;
  examStart: Date | null;
  examEnd: Date | null;
  examPlace: string;
  hasOnlineExam: boolean;
  /** Preview tickets say so across the page. */
  isSample?: boolean;
}

const beijing = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
export function formatBeijingTime(date: Date): string {
  return beijing.format(date).replace(/\//g, '-');
}

function examTime(data: TicketData): string {
  if (!data.examStart) return '另行通知';
  const end = data.examEnd ? ` 至 ${formatBeijingTime(data.examEnd).slice(11)}` : '';
  return `${formatBeijingTime(data.examStart)}${end}（北京时间）`;
}

/** The admission ticket as a self-contained A4 page (also the PDF's source). */
export function renderTicketHtml(data: TicketData): string {
  const rows: [string, string][] = [
    ['准考证号', data.ticketNo],
    ['姓名', data.candidateName],
    ['身份证号', maskIdNumber(data.idNumber)],
    ['报考项目', data.projectTitle],
    ['报考岗位', `${data.positionName}（${data.positionCode}）`],
    ['考试时间', examTime(data)],
    [
      '考试地点',
      data.hasOnlineExam ? '线上考试（登录平台“在线考试”入口作答）' : data.examPlace || '另行通知',
    ],
  ];
  const e = escapeHtml;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>准考证 - ${e(data.projectTitle)}</title>
<style>
@page{size:A4;margin:18mm}
body{font-family:"Noto Sans CJK SC","Noto Sans SC","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;margin:0}
.ticket{max-width:680px;margin:0 auto;border:2px solid #1f2329;padding:24px 28px;position:relative}
h1{text-align:center;font-size:26px;letter-spacing:8px;margin:0 0 4px}
.sub{text-align:center;color:#4e5969;margin:0 0 20px;font-size:14px}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{border:1px solid #86909c;padding:10px 12px;text-align:left}
th{width:110px;background:#f2f3f5;font-weight:600}
.notes{margin-top:20px;font-size:13px;line-height:1.8;color:#4e5969}
.sample::after{content:"预览${PREVIEW_SAMPLE_MARK}";position:absolute;top:40%;left:0;right:0;text-align:center;font-size:72px;color:rgba(245,63,63,.18);transform:rotate(-18deg);pointer-events:none}
</style></head>
<body><div class="${data.isSample ? 'ticket sample' : 'ticket'}">
<h1>准考证${data.isSample ? `（${PREVIEW_SAMPLE_MARK}）` : ''}</h1>
<p class="sub">${e(data.organizer)}</p>
<table>${rows.map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`).join('')}</table>
<div class="notes"><strong>考生须知：</strong><br>
1. 请携带本准考证和有效身份证件原件，提前30分钟到达考点。<br>
2. 考试开始后15分钟禁止入场，不得携带通讯工具进入考场。<br>
3. 请妥善保管本准考证，遗失可登录平台重新打印。</div>
</div></body></html>`;
}

/** The made-up candidate of a preview ticket (the ID number is the GB 11643 standard's example). */
const SAMPLE_CANDIDATE = { name: `张三（${PREVIEW_SAMPLE_MARK}）`, idNumber: '11010519491231002X' };

/** Who the ticket is for: the form's name and ID number, else the account's. */
export function candidateOf(
  fields: { FieldId: string; Type: string; Label: string }[],
  values: FormValues,
  fallbackName: string,
): { name: string; idNumber: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const nameField = fields.find((f) => f.FieldId === 'name' || f.Label === '姓名');
  const idField = fields.find((f) => f.Type === 'idcard');
  return {
    name: text(nameField && values[nameField.FieldId]) || fallbackName,
    idNumber: text(idField && values[idField.FieldId]),
  };
}

/** Print is open once paid (free projects: once approved) and stays open afterwards. */
const PRINTABLE: readonly ApplyStatus[] = ['Paid', 'TicketIssued', 'Finished'];

export function ticketNumberFor(project: ProjectRow, applyId: number): string {
  const year = (project.examStartAt ?? project.applyEndAt).getUTCFullYear();
  return `${year}${String(project.id).padStart(4, '0')}${String(applyId).padStart(6, '0')}`;
}

async function ticketDataFor(
  db: Database,
  row: ApplicationRow,
  project: ProjectRow,
  ticketNo: string,
): Promise<TicketData> {
  const form = await requireForm(db, project.id);
  const [[position], [user]] = await Promise.all([
    db.select().from(positions).where(eq(positions.id, row.positionId)),
    db.select({ name: users.name }).from(users).where(eq(users.id, row.userId)),
  ]);
  const candidate = candidateOf(form.fields, row.values, user?.name ?? '');
  return {
    candidateName: candidate.name,
    idNumber: candidate.idNumber,
    projectTitle: project.title,
    organizer: project.organizer,
    positionName: position?.name ?? '',
    positionCode: position?.code ?? '',
    ticketNo,
    examStart: project.examStartAt,
    examEnd: project.examEndAt,
    examPlace: project.examPlace,
    hasOnlineExam: project.hasOnlineExam,
  };
}

/** ProjectFlow/GeneratePrint: the first print issues the ticket number and moves to TicketIssued. */
export async function generateTicket(
  db: Database,
  user: { userId: number; tenantId: number },
  applyId: number,
  now: Date,
): Promise<{ ApplyId: number; Html: string }> {
  const row = await requireOwnApplication(db, user.userId, applyId);
  const project = await requireProject(db, row.projectId, user.tenantId);
  const free = project.feeInFen === 0;
  const printable = PRINTABLE.includes(row.status) || (free && row.status === 'Approved');
  if (!printable)
    throw conflict(
      row.status === 'Approved'
        ? '请先缴纳报名费，缴费成功后即可打印准考证'
        : '报名审核通过并缴费后才能打印准考证',
    );
  const ticketNo = row.ticketNo ?? ticketNumberFor(project, row.id);
  if (row.status === 'Paid' || row.status === 'Approved')
    await db.transaction((tx) =>
      moveApplication(tx as Database, row, 'TicketIssued', {
        actor: 'candidate',
        now,
        set: { ticketNo },
      }),
    );
  return {
    ApplyId: row.id,
    Html: renderTicketHtml(await ticketDataFor(db, row, project, ticketNo)),
  };
}

/** A document through the PDF gateway, in the envelope's shape. */
export const renderPdf = (pdf: PdfGateway, html: string, fileName: string): Promise<PdfFile> =>
  htmlToPdfFile(pdf, html, fileName);

/** A ticket is the same document until its data changes: a reprint is served from here. */
export const TICKET_PDF_CACHE_SECONDS = 24 * 60 * 60;

/** ProjectFlow/DownloadPrint: the same ticket, as a PDF. */
export async function downloadTicket(
  deps: { db: Database; pdf: PdfGateway; store: KeyValueStore },
  user: { userId: number; tenantId: number },
  applyId: number,
  now: Date,
): Promise<PdfFile> {
  const { Html } = await generateTicket(deps.db, user, applyId, now);
  const key = `pdf:ticket:${createHash('sha256').update(Html).digest('base64url')}`;
  const fileName = `准考证-${applyId}.pdf`;
  const cached = await deps.store.get(key);
  if (cached) return { FileName: fileName, ContentType: 'application/pdf', Base64: cached };
  // Simultaneous downloads of one ticket (several taps, several devices) share one render.
  let rendering = ticketsRendering.get(key);
  if (!rendering) {
    rendering = renderPdf(deps.pdf, Html, fileName)
      .then(async (file) => {
        await deps.store.set(key, file.Base64, TICKET_PDF_CACHE_SECONDS);
        return file;
      })
      .finally(() => ticketsRendering.delete(key));
    ticketsRendering.set(key, rendering);
  }
  return rendering;
}

const ticketsRendering = new Map<string, Promise<PdfFile>>();

/** ProjectPreview/GeneratePrint: a sample ticket of the project for a reviewer. */
/** A preview's ticket: the project's own data with a sample candidate, marked 样例 (no person's data). */
export async function sampleTicket(
  db: Database,
  tenantId: number,
  projectId: number,
): Promise<{ ApplyId: number; Html: string }> {
  const project = await requireProject(db, projectId, tenantId);
  const [position] = await db
    .select()
    .from(positions)
    .where(eq(positions.projectId, projectId))
    .orderBy(positions.sort, positions.id)
    .limit(1);
  return {
    ApplyId: 0,
    Html: renderTicketHtml({
      candidateName: SAMPLE_CANDIDATE.name,
      idNumber: SAMPLE_CANDIDATE.idNumber,
      projectTitle: project.title,
      organizer: project.organizer,
      positionName: position?.name ?? '示例岗位',
      positionCode: position?.code ?? '000000',
      ticketNo: ticketNumberFor(project, 0),
      examStart: project.examStartAt,
      examEnd: project.examEndAt,
      examPlace: project.examPlace,
      hasOnlineExam: project.hasOnlineExam,
      isSample: true,
    }),
  };
}
