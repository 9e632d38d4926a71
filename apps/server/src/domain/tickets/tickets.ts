import { createHash } from 'node:crypto';
import {
  maskIdNumber,
  PREVIEW_SAMPLE_MARK,
  type FormValues,
  type PdfFile,
  type PrintHtml,
} from '@portal/contracts';
import { eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  positions,
  projects,
  users,
  type ApplicationRow,
  type ProjectRow,
} from '../../db/schema/index.js';
import type { Gateways, PdfGateway } from '../ports.js';
import {
  moveApplication,
  PRINTABLE_STATUSES,
  requireForm,
  requireOwnApplication,
  ticketOpened,
} from '../applications/applications.js';
import { conflict } from '../errors.js';
import { examOpenOverDays } from '../projects/project-state.js';
import { requireProject } from '../projects/projects.js';
import type { ServerConfig } from '../../config.js';
import { escapeHtml } from '../../platform/html.js';
import type { ServerSecrets } from '../../platform/secrets.js';
import { isGenuineSignature, qrCodeDataUrl, ticketCheckUrl } from './ticket-check.js';
import { ownImageDataUrl } from '../uploads/uploads.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import { htmlToPdfFile } from '../sites/web-pages.js';
import { beijingMinute } from '../../platform/beijing-time.js';

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
  /** A venue exam's seat number across the project (examSeatOf reads room and seat); null online. */
  examSeat: number | null;
  hasOnlineExam: boolean;
  /** The application's photo as a data URL; empty when there is none (a framed blank is drawn). */
  photoDataUrl: string;
  /** The QR code of the signed check address as a data URL; empty on a sample ticket. */
  qrDataUrl: string;
  /** Preview tickets say so across the page. */
  isSample?: boolean;
}

/** Candidates a venue's exam room seats: seat numbers fill room 1, then room 2, … */
export const SEATS_PER_ROOM = 30;

/** A project-wide seat number as the ticket says it: 第3考场, 座位号 07. */
export function examSeatOf(seat: number): { room: string; seat: string } {
  return {
    room: `第${Math.ceil(seat / SEATS_PER_ROOM)}考场`,
    seat: String(((seat - 1) % SEATS_PER_ROOM) + 1).padStart(2, '0'),
  };
}

/** The next free seat of a project, under a lock on the project so two tickets never share one. */
async function nextExamSeat(tx: Database, projectId: number): Promise<number> {
  await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  const [taken] = await tx
    .select({ last: max(applications.examSeat) })
    .from(applications)
    .where(eq(applications.projectId, projectId));
  return (taken?.last ?? 0) + 1;
}

/** The rules a candidate reads on the ticket: an online exam has no test centre. */
export function ticketRules(hasOnlineExam: boolean): string[] {
  return hasOnlineExam
    ? [
        '请在考试开始前15分钟登录平台，进入“在线考试”完成设备检查；考试开始后30分钟不能再进入。',
        '请使用带摄像头的电脑或手机独立作答，保持网络畅通；离开考试页面的次数会被记录。',
        '作答时间结束系统自动交卷，答卷以服务器收到的最后一次保存为准。',
        '本准考证考试结束前可随时登录平台再次打印；扫描二维码可核验真伪。',
      ]
    : [
        '请携带本准考证和有效身份证件原件，提前30分钟到达考点。',
        '考试开始后15分钟禁止入场，不得携带通讯工具进入考场。',
        '本准考证考试结束前可随时登录平台再次打印；扫描二维码可核验真伪。',
      ];
}

function examTime(data: TicketData): string {
  if (!data.examStart) return '另行通知';
  // An online exam open over days (随报随考): the deadline is what the candidate needs.
  if (examOpenOverDays(data.examStart, data.examEnd))
    return `随报随考，${beijingMinute(data.examEnd!)}（北京时间）前完成`;
  const [start, end] = [beijingMinute(data.examStart), data.examEnd && beijingMinute(data.examEnd)];
  // A sitting past midnight names the day it ends on.
  const until = end ? ` 至 ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}` : '';
  return `${start}${until}（北京时间）`;
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
    ...((data.hasOnlineExam
      ? [['考试方式', '线上考试（登录平台“在线考试”入口作答）']]
      : [
          ['考试地点', data.examPlace || '另行通知'],
          ...(data.examSeat
            ? [
                ['考场', examSeatOf(data.examSeat).room],
                ['座位号', examSeatOf(data.examSeat).seat],
              ]
            : []),
        ]) as [string, string][]),
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
.main{display:flex;gap:16px;align-items:flex-start}
.main table{flex:1}
.side{width:120px;flex:none;text-align:center}
.photo{display:block;width:120px;height:160px;object-fit:cover;border:1px solid #86909c}
.photo-blank{display:flex;align-items:center;justify-content:center;width:120px;height:160px;border:1px dashed #86909c;color:#4e5969;font-size:13px}
.qr{display:block;width:120px;height:120px;margin:10px 0 0}
.qr-note{margin:2px 0 0;font-size:12px;color:#4e5969}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{border:1px solid #86909c;padding:10px 12px;text-align:left}
th{width:110px;background:#f2f3f5;font-weight:600}
.notes{margin-top:20px;font-size:13px;line-height:1.8;color:#4e5969}
.sample::after{content:"预览${PREVIEW_SAMPLE_MARK}";position:absolute;top:40%;left:0;right:0;text-align:center;font-size:72px;color:rgba(245,63,63,.18);transform:rotate(-18deg);pointer-events:none}
</style></head>
<body><div class="${data.isSample ? 'ticket sample' : 'ticket'}">
<h1>准考证${data.isSample ? `（${PREVIEW_SAMPLE_MARK}）` : ''}</h1>
<p class="sub">${e(data.organizer)}</p>
<div class="main">
<table>${rows.map(([k, v]) => `<tr><th>${e(k)}</th><td>${e(v)}</td></tr>`).join('')}</table>
<div class="side">${
    data.photoDataUrl
      ? `<img class="photo" src="${e(data.photoDataUrl)}" alt="考生照片">`
      : '<div class="photo-blank">照片</div>'
  }${
    data.qrDataUrl
      ? `<img class="qr" src="${e(data.qrDataUrl)}" alt="准考证核验二维码"><p class="qr-note">扫码核验真伪</p>`
      : ''
  }</div>
</div>
<div class="notes"><strong>考生须知：</strong><br>
${ticketRules(data.hasOnlineExam)
  .map((rule, i) => `${i + 1}. ${e(rule)}`)
  .join('<br>\n')}</div>
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

export function ticketNumberFor(project: ProjectRow, applyId: number): string {
  const year = (project.examStartAt ?? project.applyEndAt).getUTCFullYear();
  return `${year}${String(project.id).padStart(4, '0')}${String(applyId).padStart(6, '0')}`;
}

/** What a ticket needs besides the database: the photo's store and the check address's key. */
export interface TicketDeps {
  db: Database;
  gateways: Pick<Gateways, 'files'>;
  config: Pick<ServerConfig, 'publicUrl'>;
  secrets: Pick<ServerSecrets, 'cookieKeys'>;
}

/**
 * The form's photo inlined as a data URL (the PDF renderer has no network), when it is an image
 * the candidate uploaded: another account's upload never prints on this ticket.
 */
async function photoDataUrlOf(
  deps: Pick<TicketDeps, 'db' | 'gateways'>,
  userId: number,
  fields: { FieldId: string; Type: string }[],
  values: FormValues,
): Promise<string> {
  const field = fields.find((f) => f.Type === 'photo');
  if (!field) return '';
  return ownImageDataUrl(deps.db, deps.gateways.files, userId, values[field.FieldId]);
}

async function ticketDataFor(
  deps: TicketDeps,
  row: ApplicationRow,
  project: ProjectRow,
  ticketNo: string,
  examSeat: number | null,
): Promise<TicketData> {
  const { db } = deps;
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
    examSeat,
    hasOnlineExam: project.hasOnlineExam,
    photoDataUrl: await photoDataUrlOf(deps, row.userId, form.fields, row.values),
    qrDataUrl: await qrCodeDataUrl(ticketCheckUrl(deps.config.publicUrl, deps.secrets, ticketNo)),
  };
}

/** ProjectFlow/GeneratePrint: the first print issues the ticket number and moves to TicketIssued. */
export async function generateTicket(
  deps: TicketDeps,
  user: { userId: number; tenantId: number },
  applyId: number,
  now: Date,
): Promise<PrintHtml> {
  const { db } = deps;
  const row = await requireOwnApplication(db, user.userId, applyId);
  const project = await requireProject(db, row.projectId, user.tenantId);
  const free = project.feeInFen === 0;
  const printable = PRINTABLE_STATUSES.includes(row.status) || (free && row.status === 'Approved');
  if (!printable)
    throw conflict(
      row.status === 'Approved'
        ? '请先缴纳报名费，缴费成功后即可打印准考证'
        : '报名审核通过并缴费后才能打印准考证',
    );
  if ((row.status === 'Paid' || row.status === 'Approved') && !ticketOpened(project, now))
    throw conflict(
      `准考证将于${beijingMinute(project.ticketOpensAt!)}起开放打印，届时将短信通知您，请到时登录打印`,
    );
  const ticketNo = row.ticketNo ?? ticketNumberFor(project, row.id);
  let examSeat = row.examSeat;
  if (row.status === 'Paid' || row.status === 'Approved')
    await db.transaction(async (txDb) => {
      const tx = txDb as Database;
      // A venue exam seats the candidate when the ticket is issued (issue 30, point 2).
      if (!project.hasOnlineExam && examSeat === null)
        examSeat = await nextExamSeat(tx, project.id);
      await moveApplication(tx, row, 'TicketIssued', {
        actor: 'candidate',
        now,
        set: { ticketNo, examSeat },
      });
    });
  return {
    ApplyId: row.id,
    Html: renderTicketHtml(await ticketDataFor(deps, row, project, ticketNo, examSeat)),
    HasOnlineExam: project.hasOnlineExam,
  };
}

/** A document through the PDF gateway, in the envelope's shape. */
export const renderPdf = (pdf: PdfGateway, html: string, fileName: string): Promise<PdfFile> =>
  htmlToPdfFile(pdf, html, fileName);

/** A ticket is the same document until its data changes: a reprint is served from here. */
export const TICKET_PDF_CACHE_SECONDS = 24 * 60 * 60;

/** ProjectFlow/DownloadPrint: the same ticket, as a PDF. */
export async function downloadTicket(
  deps: TicketDeps & { pdf: PdfGateway; store: KeyValueStore },
  user: { userId: number; tenantId: number },
  applyId: number,
  now: Date,
): Promise<PdfFile> {
  const { Html } = await generateTicket(deps, user, applyId, now);
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
): Promise<PrintHtml> {
  const project = await requireProject(db, projectId, tenantId);
  const [position] = await db
    .select()
    .from(positions)
    .where(eq(positions.projectId, projectId))
    .orderBy(positions.sort, positions.id)
    .limit(1);
  return {
    ApplyId: 0,
    HasOnlineExam: project.hasOnlineExam,
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
      examSeat: project.hasOnlineExam ? null : 1,
      hasOnlineExam: project.hasOnlineExam,
      photoDataUrl: '',
      qrDataUrl: '',
      isSample: true,
    }),
  };
}

export interface TicketCheck {
  candidateName: string;
  projectTitle: string;
  ticketNo: string;
  /** Masked as everywhere a person's ID is shown unasked. */
  maskedIdNumber: string;
}

/** A genuine ticket's facts; null when the address was not signed here or names no ticket. */
export async function checkTicket(
  deps: Pick<TicketDeps, 'db' | 'secrets'>,
  ticketNo: string,
  signature: string,
): Promise<TicketCheck | null> {
  if (!ticketNo || !signature || !isGenuineSignature(deps.secrets, ticketNo, signature))
    return null;
  const [row] = await deps.db
    .select({
      values: applications.values,
      projectId: applications.projectId,
      title: projects.title,
      userName: users.name,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.ticketNo, ticketNo));
  if (!row) return null;
  const form = await requireForm(deps.db, row.projectId);
  const candidate = candidateOf(form.fields, row.values, row.userName);
  return {
    candidateName: candidate.name,
    projectTitle: row.title,
    ticketNo,
    maskedIdNumber: maskIdNumber(candidate.idNumber),
  };
}
