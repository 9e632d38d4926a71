import {
  APPLY_STATUS_TEXT,
  ERROR_CODES,
  ORDER_STATUS_TEXT,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  AUDIT_ACTION_TEXT,
  AUDIT_ACTOR_TEXT,
  AUDIT_RESULT_TEXT,
  type FormField,
  type FormValues,
  type PersonalDataEvent,
} from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/client.js';
import {
  applicationEvents,
  applications,
  examAttempts,
  examPapers,
  examSubmissions,
  forms,
  paymentOrders,
  positions,
  projects,
  uploads,
  userApplyArchives,
  userMessages,
  users,
} from '../../db/schema/index.js';
import { beijingDateTime } from '../../platform/beijing-time.js';
import type { AppDeps } from '../../platform/deps.js';
import { escapeHtml } from '../../platform/html.js';
import { displayValue } from '../applications/applications.js';
import { DomainError, notFound } from '../errors.js';
import { pdfGatewayOf } from '../sites/web-pages.js';
import { readUpload } from '../uploads/uploads.js';
import { allPersonalDataEvents } from './audit-trail.js';

export const EXPORT_TOO_OFTEN = `个人信息副本每天最多下载${PERSONAL_DATA_EXPORTS_PER_DAY}次，请明天再试`;
export const EXPORT_PDF_FAILED = '暂时无法生成个人信息副本，请稍后再试';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** Everything the portal keeps about one person, unsealed, as the JSON of their copy. */
export async function collectPersonalData(db: Database, userId: number, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('账号不存在或已注销');
  const [archive] = await db
    .select()
    .from(userApplyArchives)
    .where(eq(userApplyArchives.userId, userId));
  const applied = await db
    .select({
      application: applications,
      projectTitle: projects.title,
      positionName: positions.name,
      fields: forms.fields,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .leftJoin(forms, eq(forms.projectId, applications.projectId))
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.id));
  const applyIds = applied.map((row) => row.application.id);
  const byApply =
    <T extends { applicationId: number }>(rows: T[]) =>
    (id: number) =>
      rows.filter((row) => row.applicationId === id);
  const [history, attempts, submissions, orders, messages, files, events] = await Promise.all([
    applyIds.length === 0
      ? []
      : db
          .select()
          .from(applicationEvents)
          .where(inArray(applicationEvents.applicationId, applyIds))
          .orderBy(asc(applicationEvents.id)),
    applyIds.length === 0
      ? []
      : db
          .select({ attempt: examAttempts, paperTitle: examPapers.title })
          .from(examAttempts)
          .innerJoin(examPapers, eq(examPapers.id, examAttempts.paperId))
          .where(inArray(examAttempts.applicationId, applyIds))
          .orderBy(asc(examAttempts.id)),
    applyIds.length === 0
      ? []
      : db
          .select({ submission: examSubmissions, paperTitle: examPapers.title })
          .from(examSubmissions)
          .innerJoin(examPapers, eq(examPapers.id, examSubmissions.paperId))
          .where(inArray(examSubmissions.applicationId, applyIds))
          .orderBy(asc(examSubmissions.id)),
    db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, userId))
      .orderBy(asc(paymentOrders.id)),
    db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, userId))
      .orderBy(asc(userMessages.id)),
    db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt)),
    allPersonalDataEvents(db, userId),
  ]);
  const historyOf = byApply(history);
  return {
    ExportedAt: now.toISOString(),
    Profile: {
      UserId: user.id,
      Name: user.name,
      Mobile: user.mobile ?? user.closedMobile,
      RealName: user.realName,
      IdNumber: user.idNumber,
      IsRealName: user.isRealName,
      HeadPortrait: user.headPortrait,
      WeChatNickName: user.weChatNickName,
      IsBindWeChat: user.weChatOpenId !== null,
      Status: user.status,
      CreateTime: iso(user.createdAt),
      CloseTime: iso(user.closedAt),
    },
    Archive: archive ? { Values: archive.values, UpdateTime: iso(archive.updatedAt) } : null,
    Applications: applied.map(({ application: a, projectTitle, positionName, fields }) => ({
      ApplyId: a.id,
      ProjectId: a.projectId,
      ProjectTitle: projectTitle,
      PositionName: positionName,
      Status: a.status,
      StatusText: APPLY_STATUS_TEXT[a.status],
      ReviewRemark: a.reviewRemark,
      TicketNo: a.ticketNo,
      ExamScore: a.examScore,
      SubmitTime: iso(a.submittedAt),
      ReviewTime: iso(a.reviewedAt),
      Form: formEntries(fields ?? [], a.values),
      Values: a.values,
      History: historyOf(a.id).map((e) => ({
        From: e.fromStatus,
        To: e.toStatus,
        By: e.actor,
        Remark: e.remark,
        Time: iso(e.createdAt),
      })),
    })),
    Orders: orders.map((o) => ({
      OrderNo: o.orderNo,
      ApplyId: o.applicationId,
      Subject: o.subject,
      AmountInFen: o.amountInFen,
      Status: o.status,
      PaidTime: iso(o.paidAt),
      RefundRequestTime: iso(o.refundRequestedAt),
      RefundTime: iso(o.refundedAt),
      CreateTime: iso(o.createdAt),
    })),
    ExamAttempts: [
      ...attempts.map(({ attempt: x, paperTitle }) => ({
        ApplyId: x.applicationId,
        PaperTitle: paperTitle,
        StartTime: iso(x.startedAt),
        SubmitTime: iso(x.submittedAt),
        Score: x.score,
        TotalScore: x.totalScore,
        Answers: x.answers,
      })),
      ...submissions.map(({ submission: x, paperTitle }) => ({
        ApplyId: x.applicationId,
        PaperTitle: paperTitle,
        StartTime: null,
        SubmitTime: iso(x.submittedAt),
        Score: x.score,
        TotalScore: x.totalScore,
        Answers: x.answers,
      })),
    ],
    Messages: messages.map((m) => ({
      Title: m.title,
      Content: m.content,
      IsRead: m.isRead,
      Time: iso(m.createdAt),
    })),
    Files: files.map((f) => ({
      FileId: f.id,
      FileName: f.fileName,
      ContentType: f.contentType,
      Size: f.size,
      UploadTime: iso(f.createdAt),
      /** Where the file is inside the ZIP. */
      Path: filePath(f.id, f.fileName),
    })),
    AuditEntries: events,
  };
}

export type PersonalDataCopy = Awaited<ReturnType<typeof collectPersonalData>>;

const formEntries = (fields: FormField[], values: FormValues) =>
  fields
    .filter((field) => values[field.FieldId] !== undefined)
    .map((field) => ({ Label: field.Label, Value: displayValue(field, values[field.FieldId]) }));

const filePath = (id: string, name: string) =>
  `files/${id}-${name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80)}`;

const eventText = (e: PersonalDataEvent) =>
  `${AUDIT_ACTOR_TEXT[e.ActorKind]}${e.ActorName ? ` ${e.ActorName}` : ''} ${AUDIT_ACTION_TEXT[e.Action]}了${e.Target}`;

/** The readable half of the copy: the same facts as the JSON, as a document. */
export function personalDataHtml(copy: PersonalDataCopy): string {
  const text = (value: unknown) =>
    escapeHtml(value === null || value === undefined || value === '' ? '—' : String(value));
  const time = (value: string | null) => (value ? beijingDateTime(new Date(value)) : '—');
  const table = (head: string[], rows: unknown[][]) =>
    rows.length === 0
      ? '<p class="empty">无</p>'
      : `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((row) => `<tr>${row.map((cell) => `<td>${text(cell)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`;
  const p = copy.Profile;
  const archiveRows = Object.entries(copy.Archive?.Values ?? {}).map(([key, value]) => [
    key,
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? value.FileName
      : Array.isArray(value)
        ? value.join('、')
        : value,
  ]);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>个人信息副本</title><style>
body{font-family:"Noto Sans CJK SC","Noto Serif CJK SC","PingFang SC","Microsoft YaHei",sans-serif;font-size:12px;color:#222;margin:24px}
h1{font-size:20px}h2{font-size:15px;margin-top:22px;border-bottom:1px solid #ccc;padding-bottom:4px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top;word-break:break-all}
th{background:#f5f5f5}.empty{color:#888}
</style></head><body>
<h1>个人信息副本</h1>
<p>生成时间：${escapeHtml(time(copy.ExportedAt))}（北京时间）。同一内容的机器可读版本见压缩包中的 personal-data.json，上传的文件见 files 文件夹。</p>
<h2>账号信息</h2>
${table(
  ['项目', '内容'],
  [
    ['昵称', p.Name],
    ['手机号', p.Mobile],
    ['真实姓名', p.RealName],
    ['身份证号', p.IdNumber],
    ['实名认证', p.IsRealName ? '已认证' : '未认证'],
    ['微信绑定', p.IsBindWeChat ? `已绑定 ${p.WeChatNickName ?? ''}` : '未绑定'],
    ['注册时间', time(p.CreateTime)],
  ],
)}
<h2>报名档案</h2>
${table(['字段', '内容'], archiveRows)}
<h2>报名记录</h2>
${
  copy.Applications.length === 0
    ? '<p class="empty">无</p>'
    : copy.Applications.map(
        (a) => `<h3>${text(a.ProjectTitle)}（${text(a.PositionName)}）</h3>
${table(
  ['状态', '提交时间', '审核意见', '准考证号', '成绩'],
  [[a.StatusText, time(a.SubmitTime), a.ReviewRemark, a.TicketNo, a.ExamScore]],
)}
${table(
  ['报名表字段', '填写内容'],
  a.Form.map((f) => [f.Label, f.Value]),
)}`,
      ).join('')
}
<h2>订单</h2>
${table(
  ['订单号', '内容', '金额（元）', '状态', '下单时间', '支付时间'],
  copy.Orders.map((o) => [
    o.OrderNo,
    o.Subject,
    (o.AmountInFen / 100).toFixed(2),
    ORDER_STATUS_TEXT[o.Status],
    time(o.CreateTime),
    time(o.PaidTime),
  ]),
)}
<h2>在线考试</h2>
${table(
  ['试卷', '开始时间', '交卷时间', '得分'],
  copy.ExamAttempts.map((x) => [
    x.PaperTitle,
    time(x.StartTime),
    time(x.SubmitTime),
    x.Score === null ? '—' : `${x.Score} / ${x.TotalScore}`,
  ]),
)}
<h2>消息</h2>
${table(
  ['标题', '时间', '已读'],
  copy.Messages.map((m) => [m.Title, time(m.Time), m.IsRead ? '是' : '否']),
)}
<h2>上传的文件</h2>
${table(
  ['文件名', '类型', '大小（字节）', '上传时间'],
  copy.Files.map((f) => [f.FileName, f.ContentType, f.Size, time(f.UploadTime)]),
)}
<h2>谁查看或处理了我的信息</h2>
${table(
  ['时间', '事项', '来源地址', '结果'],
  copy.AuditEntries.map((e) => [
    time(e.Time),
    eventText(e),
    e.Address,
    AUDIT_RESULT_TEXT[e.Result],
  ]),
)}
</body></html>`;
}

/** The ZIP of one person's copy: personal-data.json, personal-data.pdf and their files. */
export async function exportPersonalData(
  deps: Pick<AppDeps, 'db' | 'gateways'>,
  userId: number,
  now: Date,
): Promise<{ FileName: string; ContentType: 'application/zip'; Base64: string }> {
  const copy = await collectPersonalData(deps.db, userId, now);
  let pdf: Buffer;
  try {
    pdf = await pdfGatewayOf(deps.gateways.pdf, { userId }).htmlToPdf(personalDataHtml(copy));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, EXPORT_PDF_FAILED);
  }
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(copy, null, 2)), 'personal-data.json', { mtime: now });
  zip.addBuffer(pdf, 'personal-data.pdf', { mtime: now });
  for (const file of copy.Files) {
    const opened = await readUpload(deps.db, deps.gateways.files, file.FileId);
    if (opened) zip.addBuffer(opened.data, file.Path, { mtime: opened.row.createdAt });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const day = beijingDateTime(now).slice(0, 10).replaceAll('-', '');
  return {
    FileName: `个人信息副本-${day}.zip`,
    ContentType: 'application/zip',
    Base64: Buffer.concat(chunks).toString('base64'),
  };
}
