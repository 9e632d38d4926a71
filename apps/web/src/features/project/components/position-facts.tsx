import type { Position } from '@portal/contracts';
import { quotaText } from './project-card';

/** A position's code, unit, quota, count and requirements, as the phone's position cards show them. */
export function PositionFacts({ position: p }: { position: Position }) {
  return (
    <dl className="flow-page__facts">
      <dt>岗位代码</dt>
      <dd>{p.Code}</dd>
      <dt>用人单位</dt>
      <dd>{p.Department}</dd>
      <dt>招录人数</dt>
      <dd>{quotaText(p.Quota)}</dd>
      <dt>已报名</dt>
      <dd>{p.ApplyCount} 人</dd>
      <dt>报考要求</dt>
      <dd className="position-card__req">{p.Requirements || '无特殊要求'}</dd>
    </dl>
  );
}
