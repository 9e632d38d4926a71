import { APPLY_STATUS_TEXT, type ApplySummary, type PaymentOrder } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { useOrderRefund, REFUND_CONFIRM } from '../../payment';
import { ProjectCard } from '../../project';
import {
  useMyHistory,
  useMyLikes,
  useMyOrders,
  useMyProjects,
  useMyRunProjects,
} from '../api/user-lists';
import { paths } from '../../../platform';
import { MY_LIST_TEXT } from '../my-list-texts';

const toProjects = (
  <Link className="m-link-button" to={paths.projectList()}>
    去看看项目
  </Link>
);

function ApplyCard({ apply }: { apply: ApplySummary }) {
  const card = (
    <Link className="project-card" to={paths.flowManage({ ProjectId: apply.ProjectId })}>
      <div className="project-card__head">
        <h3 className="project-card__title">{apply.ProjectTitle}</h3>
        <span className={`state-tag state-tag--${apply.Status}`}>
          {APPLY_STATUS_TEXT[apply.Status]}
        </span>
      </div>
      <p className="project-card__organizer">报考岗位：{apply.PositionName}</p>
      <p className="project-card__meta">
        更新于 {formatDate(apply.UpdateTime, 'YYYY-MM-DD HH:mm')}
      </p>
    </Link>
  );
  const finished = apply.Status === 'Finished';
  if (!apply.TicketPrintable && !finished) return card;
  // The ticket while valid and the score once finished stay one tap away (links of their own).
  return (
    <div className="apply-card">
      {card}
      {apply.TicketPrintable ? (
        <Link
          className="apply-card__ticket"
          to={paths.print({ ApplyId: apply.ApplyId })}
          aria-label={`查看准考证：${apply.ProjectTitle}`}
        >
          查看准考证 ›
        </Link>
      ) : null}
      {finished ? (
        <Link
          className="apply-card__ticket"
          to={paths.score({ ApplyId: apply.ApplyId })}
          aria-label={`查看成绩：${apply.ProjectTitle}`}
        >
          查看成绩 ›
        </Link>
      ) : null}
    </div>
  );
}

function OrderCard({ order: listed }: { order: PaymentOrder }) {
  const refund = useOrderRefund(listed);
  const order = refund.order;
  const titleId = `order-${order.OrderId}-title`;
  return (
    <article className="project-card order-card" aria-labelledby={titleId}>
      <div className="project-card__head">
        <h3 className="project-card__title" id={titleId}>
          <Link to={paths.flowManage({ ProjectId: order.ProjectId })}>{order.ProjectTitle}</Link>
        </h3>
        <span className={`state-tag state-tag--${order.Status}`}>{refund.statusText}</span>
      </div>
      <p className="project-card__organizer">订单号：{order.OrderNo}</p>
      <div className="project-card__foot">
        <span className="fee">{formatFee(order.AmountInFen)}</span>
        <span className="project-card__extra">
          {formatDate(order.RefundTime ?? order.PaidTime ?? order.CreateTime, 'YYYY-MM-DD HH:mm')}
        </span>
      </div>
      {order.Status === 'Refunding' && (
        <p className="order-card__note" role="status">
          退款已提交，报名费将原路退回，到账后这里显示“已退款”。
        </p>
      )}
      {order.Status === 'Refunded' && (
        <p className="order-card__note">报名费已原路退回到付款账户。</p>
      )}
      {refund.canRefund && (
        <div className="order-card__actions">
          <Button size="small" shape="rounded" onClick={refund.ask} aria-haspopup="dialog">
            申请退款
          </Button>
        </div>
      )}
      <Dialog
        // Not inside the card: a list item's content-visibility contains fixed elements, which
        // clipped the dialog and its mask to the card.
        getContainer={() => document.body}
        visible={refund.confirming}
        title={REFUND_CONFIRM.title}
        content={REFUND_CONFIRM.text(order)}
        closeOnAction={false}
        destroyOnClose
        onClose={refund.dismiss}
        actions={[
          [
            { key: 'cancel', text: REFUND_CONFIRM.cancel, onClick: refund.dismiss },
            {
              key: 'confirm',
              text: refund.submitting ? '正在提交…' : REFUND_CONFIRM.confirm,
              bold: true,
              danger: true,
              disabled: refund.submitting,
              onClick: () => void refund.confirm(),
            },
          ],
        ]}
      />
    </article>
  );
}

export function MyProjectList() {
  return (
    <PagedList
      query={useMyProjects()}
      {...MY_LIST_TEXT.projects}
      itemKey={(a) => a.ApplyId}
      renderItem={(a) => <ApplyCard apply={a} />}
      emptyAction={toProjects}
    />
  );
}

export function MyRunProjectList() {
  return (
    <PagedList
      query={useMyRunProjects()}
      {...MY_LIST_TEXT.runProjects}
      itemKey={(a) => a.ApplyId}
      renderItem={(a) => <ApplyCard apply={a} />}
      emptyAction={toProjects}
    />
  );
}

export function MyOrderList() {
  return (
    <PagedList
      query={useMyOrders()}
      {...MY_LIST_TEXT.orders}
      itemKey={(o) => o.OrderId}
      renderItem={(o) => <OrderCard order={o} />}
      emptyAction={toProjects}
    />
  );
}

export function MyHistoryList() {
  return (
    <PagedList
      query={useMyHistory()}
      {...MY_LIST_TEXT.history}
      itemKey={(p) => `${p.ProjectId}-${p.BrowseTime}`}
      renderItem={(p) => (
        <ProjectCard project={p} extra={`浏览于 ${formatDate(p.BrowseTime, 'MM-DD HH:mm')}`} />
      )}
      emptyAction={toProjects}
    />
  );
}

export function MyLikeList() {
  return (
    <PagedList
      query={useMyLikes()}
      {...MY_LIST_TEXT.likes}
      itemKey={(p) => p.ProjectId}
      renderItem={(p) => (
        <ProjectCard project={p} extra={`收藏于 ${formatDate(p.CollectTime, 'MM-DD HH:mm')}`} />
      )}
      emptyAction={toProjects}
    />
  );
}
