import { RECEIPT_KIND_LABELS, type Receipt } from '@portal/contracts';
import { useId } from 'react';
import { formatDate } from '../../../shared/date';
import './receipt-view.css';

/** The receipt as both layouts show it: what it attests, its QR code and its verify address. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const titleId = useId();
  const label = RECEIPT_KIND_LABELS[receipt.Kind];
  return (
    <section className="receipt" aria-labelledby={titleId}>
      <h2 className="receipt__title" id={titleId}>
        {label}
      </h2>
      <p className="receipt__lead">
        {receipt.Kind === 'Apply'
          ? '平台已收到以下报名材料。本回执由平台签名，可凭二维码或核验链接核对真伪。'
          : '平台已收到以下答卷。本回执由平台签名，可凭二维码或核验链接核对真伪。'}
      </p>
      <div className="receipt__body">
        <dl className="receipt__facts">
          <dt>报考项目</dt>
          <dd>{receipt.ProjectTitle}</dd>
          <dt>报考岗位</dt>
          <dd>{receipt.PositionName}</dd>
          <dt>考生</dt>
          <dd>{receipt.CandidateName}</dd>
          {receipt.IdNumber ? (
            <>
              <dt>身份证号</dt>
              <dd>{receipt.IdNumber}</dd>
            </>
          ) : null}
          <dt>提交时间</dt>
          <dd>
            {formatDate(receipt.SubmittedAt, 'YYYY-MM-DD HH:mm:ss')}（北京时间，以服务器时间为准）
          </dd>
          <dt>{receipt.Kind === 'Apply' ? '报名材料摘要' : '答卷摘要'}</dt>
          <dd className="receipt__digest">{receipt.Digest}</dd>
        </dl>
        <figure className="receipt__qr">
          <img src={receipt.QrDataUrl} alt={`${label}核验二维码`} width={140} height={140} />
          <figcaption>扫码核验真伪</figcaption>
        </figure>
      </div>
      <p className="receipt__verify">
        <a href={receipt.VerifyUrl} target="_blank" rel="noopener noreferrer">
          打开核验页面<span className="visually-hidden">（在新窗口打开）</span>
        </a>
      </p>
      <p className="receipt__hint">
        摘要（SHA-256）由所提交的{receipt.Kind === 'Apply' ? '报名表内容和上传文件' : '全部答案'}
        计算得出，内容有任何改动摘要都会不同。建议截图或保存核验链接备查。
      </p>
    </section>
  );
}
