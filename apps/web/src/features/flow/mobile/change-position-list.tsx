import type { ApplySummary, ProjectDetail } from '@portal/contracts';
import { Button, Dialog, NoticeBar } from 'antd-mobile';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { PositionFacts, useProjectPositions } from '../../project';
import {
  CHANGE_POSITION_TEXT,
  changePositionConfirmText,
  type ChangePosition,
} from '../use-change-position';

/**
 * The phone's 改报: the project's positions as the position list shows them, the current one
 * marked, each other one with 改报此岗位 and a confirmation that says what changing means.
 */
export function ChangePositionList({
  apply,
  project,
  change,
  onBack,
}: {
  apply: ApplySummary;
  project: ProjectDetail;
  change: ChangePosition;
  onBack: () => void;
}) {
  const positions = useProjectPositions(apply.ProjectId);
  if (positions.isPending) return <LoadingSkeleton label="正在加载岗位" />;
  if (positions.isError) return <LoadFailed onRetry={() => void positions.refetch()} />;
  if (!apply.CanChangePosition)
    return (
      <EmptyState
        title="当前不能更换报考岗位（报名状态或报名时间已变化）"
        action={
          <Button color="primary" onClick={onBack}>
            返回项目页查看
          </Button>
        }
      />
    );
  return (
    <div className="flow-page">
      <NoticeBar
        color="info"
        wrap
        content={`当前报考：${apply.PositionName}。更换岗位后报名将重新进入审核，已填写的报名信息保持不变。`}
      />
      <ul className="m-list" aria-label="可改报的岗位">
        {positions.data.map((p) => {
          const current = p.PositionId === apply.PositionId;
          return (
            <li className="m-list__item position-card" key={p.PositionId}>
              <h2 className="position-card__name">
                {p.Name}
                {current ? (
                  <span className="state-tag state-tag--Submitted position-card__current">
                    {CHANGE_POSITION_TEXT.current}
                  </span>
                ) : null}
              </h2>
              <PositionFacts position={p} />
              {current ? null : (
                <Button
                  block
                  color="primary"
                  fill="outline"
                  aria-haspopup="dialog"
                  disabled={change.submitting}
                  onClick={() => change.choose(p)}
                  aria-label={`改报 ${p.Name}`}
                >
                  改报此岗位
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button block fill="outline" onClick={onBack}>
          返回项目页
        </Button>
      </div>
      <Dialog
        visible={change.target !== null}
        title={CHANGE_POSITION_TEXT.title}
        content={
          change.target ? changePositionConfirmText(apply, project, change.target.name) : null
        }
        closeOnAction={false}
        destroyOnClose
        onClose={change.dismiss}
        actions={[
          [
            { key: 'cancel', text: CHANGE_POSITION_TEXT.cancel, onClick: change.dismiss },
            {
              key: 'confirm',
              text: change.submitting ? '正在提交…' : CHANGE_POSITION_TEXT.confirm,
              bold: true,
              disabled: change.submitting,
              onClick: () => void change.confirm(),
            },
          ],
        ]}
      />
    </div>
  );
}
