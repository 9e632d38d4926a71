import {
  AUDIT_ACTION_TEXT,
  AUDIT_ACTOR_TEXT,
  AUDIT_RESULT_TEXT,
  ORDER_STATUS_TEXT,
  type PersonalDataEvent,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beijingDateTime } from '../../platform/beijing-time.js';
import type { PersonalDataCopy } from './personal-data-export.js';

const STYLE = `
body{font-family:"Noto Sans CJK SC","Noto Serif CJK SC","PingFang SC","Microsoft YaHei",sans-serif;font-size:12px;color:#222;margin:24px}
h1{font-size:20px}h2{font-size:15px;margin-top:22px;border-bottom:1px solid #ccc;padding-bottom:4px}h3{font-size:13px}
table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top;word-break:break-all}
th{background:#f5f5f5}.empty{color:#888}
.audit th,.audit td:not(:nth-child(2)){white-space:nowrap;word-break:normal}`;

const time = (value: string | null) => (value ? beijingDateTime(new Date(value)) : '—');
const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function Table({
  head,
  rows,
  className,
}: {
  head: string[];
  rows: unknown[][];
  className?: string;
}) {
  if (rows.length === 0) return <p className="empty">无</p>;
  return (
    <table className={className}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j}>{shown(cell)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      {children}
    </>
  );
}

const eventText = (e: PersonalDataEvent) =>
  `${AUDIT_ACTOR_TEXT[e.ActorKind]}${e.ActorName ? ` ${e.ActorName}` : ''} ${AUDIT_ACTION_TEXT[e.Action]}了${e.Target}`;

/** The readable half of the copy: the same facts as the JSON, as a document to print. */
function PersonalDataDocument({ copy }: { copy: PersonalDataCopy }) {
  const p = copy.Profile;
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <title>个人信息副本</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <h1>个人信息副本</h1>
        <p>
          生成时间：{time(copy.ExportedAt)}（北京时间）。同一内容的机器可读版本见压缩包中的
          personal-data.json，上传的文件见 files 文件夹。
        </p>
        <Section title="账号信息">
          <Table
            head={['项目', '内容']}
            rows={[
              ['昵称', p.Name],
              ['手机号', p.Mobile],
              ['真实姓名', p.RealName],
              ['身份证号', p.IdNumber],
              ['实名认证', p.IsRealName ? '已认证' : '未认证'],
              ['微信绑定', p.IsBindWeChat ? `已绑定 ${p.WeChatNickName ?? ''}` : '未绑定'],
              ['注册时间', time(p.CreateTime)],
            ]}
          />
        </Section>
        <Section title="报名档案">
          <Table
            head={['字段', '内容']}
            rows={(copy.Archive?.Form ?? []).map((f) => [f.Label, f.Value])}
          />
        </Section>
        <Section title="报名记录">
          {copy.Applications.length === 0 ? <p className="empty">无</p> : null}
          {copy.Applications.map((a) => (
            <div key={a.ApplyId}>
              <h3>
                {a.ProjectTitle}（{a.PositionName}）
              </h3>
              <Table
                head={['状态', '提交时间', '审核意见', '准考证号', '成绩']}
                rows={[[a.StatusText, time(a.SubmitTime), a.ReviewRemark, a.TicketNo, a.ExamScore]]}
              />
              <Table
                head={['报名表字段', '填写内容']}
                rows={a.Form.map((f) => [f.Label, f.Value])}
              />
            </div>
          ))}
        </Section>
        <Section title="未提交的报名表草稿">
          {copy.Drafts.length === 0 ? <p className="empty">无</p> : null}
          {copy.Drafts.map((d) => (
            <div key={d.ProjectId}>
              <h3>
                {d.ProjectTitle}（保存于 {time(d.UpdateTime)}）
              </h3>
              <Table
                head={['报名表字段', '填写内容']}
                rows={d.Form.map((f) => [f.Label, f.Value])}
              />
            </div>
          ))}
        </Section>
        <Section title="订单">
          <Table
            head={['订单号', '内容', '金额（元）', '状态', '下单时间', '支付时间']}
            rows={copy.Orders.map((o) => [
              o.OrderNo,
              o.Subject,
              (o.AmountInFen / 100).toFixed(2),
              ORDER_STATUS_TEXT[o.Status],
              time(o.CreateTime),
              time(o.PaidTime),
            ])}
          />
        </Section>
        <Section title="在线考试">
          <Table
            head={['试卷', '开始时间', '交卷时间', '得分']}
            rows={copy.ExamAttempts.map((x) => [
              x.PaperTitle,
              time(x.StartTime),
              time(x.SubmitTime),
              x.Score === null ? null : `${x.Score} / ${x.TotalScore}`,
            ])}
          />
        </Section>
        <Section title="消息">
          <Table
            head={['标题', '时间', '已读']}
            rows={copy.Messages.map((m) => [m.Title, time(m.Time), m.IsRead ? '是' : '否'])}
          />
        </Section>
        <Section title="上传的文件">
          <Table
            head={['文件名', '类型', '大小（字节）', '上传时间']}
            rows={copy.Files.map((f) => [f.FileName, f.ContentType, f.Size, time(f.UploadTime)])}
          />
        </Section>
        <Section title="谁查看或处理了我的信息">
          <Table
            className="audit"
            head={['时间', '事项', '来源地址', '结果']}
            rows={copy.AuditEntries.map((e) => [
              time(e.Time),
              eventText(e),
              e.Address,
              AUDIT_RESULT_TEXT[e.Result],
            ])}
          />
        </Section>
      </body>
    </html>
  );
}

/** The document as HTML for the PDF gateway; React escapes every value. */
export const personalDataHtml = (copy: PersonalDataCopy): string =>
  `<!doctype html>${renderToStaticMarkup(<PersonalDataDocument copy={copy} />)}`;
