import { APPLY_STATUS_TEXT, type FieldValue } from '@portal/contracts';
import { Button, NoticeBar, Toast } from 'antd-mobile';
import { Controller } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, useRegionData } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { GUARDIAN_FIELD, GuardianConsent } from '../guardian-consent';
import { DraftSaved } from '../draft-saved';
import { SensitiveConsent } from '../sensitive-consent';
import { SENSITIVE_CONSENT_FIELD, useApplyForm } from '../use-apply-form';
import { fieldDomId, FormFieldRow } from './form-field';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

function focusField(fieldId: string) {
  const element = document.getElementById(fieldDomId(fieldId));
  element?.focus();
  element?.scrollIntoView?.({ block: 'center' });
}

/** apply: the project's form rendered from its field schema; Apply, or ModifyApply when returned. */
export default function ApplyPage() {
  const [params] = useSearchParams();
  const projectId = idParam(params.get('ProjectId')) ?? 0;
  const navigate = useNavigate();
  const apply = useApplyForm({
    projectId,
    positionId: idParam(params.get('PositionId')),
    focus: focusField,
    onSubmitted: (kind) => {
      Toast.show({ icon: 'success', content: kind === 'modify' ? '修改已提交' : '报名成功' });
      void navigate(paths.flowManage({ ProjectId: projectId }), { replace: true });
    },
    onArchiveSaved: () => Toast.show({ icon: 'success', content: '已保存为报名档案' }),
  });
  const { status, definition, existing, modifying, form, visible } = apply;
  // §3 RegionData: fetched only when the form shows a region field.
  const region = useRegionData(visible.some((field) => field.Type === 'region'));

  if (status === 'error') return <LoadFailed onRetry={() => void apply.query.refetch()} />;
  if (!definition) return <LoadingSkeleton rows={5} label="正在加载报名表" />;
  // Known but not yet filled (from the draft this browser keeps): the title, the fields to come.
  if (status === 'loading')
    return (
      <div className="apply-page">
        <h2 className="apply-page__title">{definition.Title}</h2>
        <LoadingSkeleton rows={5} label="正在加载报名表" />
      </div>
    );
  if (status === 'applied' && existing) {
    return (
      <LoadFailed
        title={`您已报名，当前状态：${APPLY_STATUS_TEXT[existing.Status]}`}
        description="报名信息当前不可修改"
        actionText="查看报名进度"
        onRetry={() => void navigate(paths.flowManage({ ProjectId: projectId }))}
      />
    );
  }
  if (status === 'no-position') {
    return (
      <LoadFailed
        title="请先选择报考岗位"
        description="报名前需要选择一个岗位"
        actionText="选择岗位"
        onRetry={() => void navigate(paths.position({ ProjectId: projectId }))}
      />
    );
  }

  return (
    <form
      className="apply-page"
      noValidate
      aria-label={definition.Title}
      onSubmit={(e) => void apply.submit(e)}
    >
      <h2 className="apply-page__title">{definition.Title}</h2>
      {modifying && existing?.ReviewRemark ? (
        <NoticeBar color="alert" wrap content={`审核意见：${existing.ReviewRemark}`} />
      ) : null}
      {region.failed ? (
        <NoticeBar color="alert" wrap content="省市数据加载失败，请检查网络后刷新页面再选择地区" />
      ) : null}
      <div className="apply-page__fields">
        {visible.map((field) => (
          <Controller
            key={field.FieldId}
            name={field.FieldId}
            control={form.control}
            render={({ field: control, fieldState }) => (
              <FormFieldRow
                field={field}
                value={control.value as FieldValue | undefined}
                error={fieldState.error?.message}
                regions={region.regions}
                onChange={control.onChange}
              />
            )}
          />
        ))}
      </div>
      {apply.consent ? (
        <SensitiveConsent inputId={fieldDomId(SENSITIVE_CONSENT_FIELD)} consent={apply.consent} />
      ) : null}
      {apply.guardian ? (
        <GuardianConsent
          idOf={(key) => fieldDomId(`${GUARDIAN_FIELD}-${key}`)}
          guardian={apply.guardian}
        />
      ) : null}
      <DraftSaved savedAt={apply.draftSavedAt} />
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">
        <Button
          fill="outline"
          color="primary"
          loading={apply.savingArchive}
          loadingText={BUSY_TEXT}
          onClick={apply.saveAsArchive}
        >
          保存为报名档案
        </Button>
        <Button
          type="submit"
          color="primary"
          loading={apply.submitting}
          loadingText={BUSY_TEXT}
          disabled={apply.submitting}
        >
          {modifying ? '提交修改' : '提交报名'}
        </Button>
      </div>
    </form>
  );
}
