import './saas.css';
import type { EquityPackage } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { useRef, useState, type ReactNode } from 'react';
import { HttpError } from '../../../platform';
import { formatFee } from '../../../shared/money';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useCooperateApply } from '../api/cooperate-apply';
import { useEquityPackages } from '../api/get-equity-buy';
import {
  checkCooperate,
  COOPERATE_FIELDS,
  type CooperateField,
  type CooperateProblems,
  type CooperateValues,
  EMPTY_COOPERATE,
  REMARK_MAX_LENGTH,
} from '../cooperate-rules';

const fieldId = (field: CooperateField) => `coop-${field}`;

function Field({
  field,
  label,
  required,
  problem,
  hint,
  children,
}: {
  field: CooperateField;
  label: string;
  required?: boolean;
  problem?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={problem ? 'coop-field coop-field--invalid' : 'coop-field'}>
      <label
        className={required ? 'coop-field__label coop-field__label--required' : 'coop-field__label'}
        htmlFor={fieldId(field)}
      >
        {label}
        {required ? <span className="visually-hidden">（必填）</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${fieldId(field)}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" id={`${fieldId(field)}-error`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function EquityPackages({
  chosen,
  onChoose,
}: {
  chosen: string;
  onChoose: (pack: EquityPackage) => void;
}) {
  const query = useEquityPackages();
  if (query.isPending) return <LoadingSkeleton rows={2} label="正在加载套餐" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.Items.length === 0) return <p className="muted">暂无可购买的套餐</p>;
  return (
    <ul className="equity-list">
      {query.data.Items.map((p) => {
        const isChosen = chosen === String(p.EquityId);
        return (
          <li
            key={p.EquityId}
            className={isChosen ? 'equity-card equity-card--chosen' : 'equity-card'}
          >
            <div className="equity-card__head">
              <h3 className="equity-card__name">{p.Name}</h3>
              <span className="equity-card__price">
                {formatFee(p.PriceInFen)} / {p.DurationDays}天
              </span>
            </div>
            <p className="equity-card__desc">{p.Description}</p>
            <ul className="equity-card__features">
              {p.Features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <Button
              block
              color="primary"
              fill={isChosen ? 'solid' : 'outline'}
              aria-pressed={isChosen}
              onClick={() => onChoose(p)}
            >
              {isChosen ? `已选择${p.Name}` : `咨询购买${p.Name}`}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** saas: the platform's introduction, its equity packages and the cooperation application. */
export default function SaasPage() {
  const [values, setValues] = useState<CooperateValues>(EMPTY_COOPERATE);
  const [problems, setProblems] = useState<CooperateProblems>({});
  const [done, setDone] = useState(false);
  const packages = useEquityPackages();
  const apply = useCooperateApply();
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: CooperateField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDone(false);
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const focusFirst = (found: CooperateProblems) => {
    const first = COOPERATE_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = async () => {
    // A second tap while the first is on its way sends nothing.
    if (sending.current) return;
    const checked = checkCooperate(values);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirst(checked.problems);
      return;
    }
    sending.current = true;
    try {
      await apply.mutateAsync(checked.body);
      setValues(EMPTY_COOPERATE);
      setProblems({});
      setDone(true);
    } catch (error) {
      // §8: the HTTP layer has shown why; the typed values stay, fields at fault are marked.
      if (error instanceof HttpError && Object.keys(error.fieldErrors).length > 0) {
        const found = error.fieldErrors as CooperateProblems;
        setProblems(found);
        focusFirst(found);
      }
    } finally {
      sending.current = false;
    }
  };

  const describedBy = (field: CooperateField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', problems[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const input = (field: CooperateField) => ({
    id: fieldId(field),
    name: field,
    className: 'coop-field__input',
    value: values[field],
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });

  return (
    <div className="saas-page">
      <section className="saas-intro" aria-labelledby="saas-title">
        <h2 className="saas-intro__title" id="saas-title">
          安全、高效、智能的一体化报名考试平台
        </h2>
        <p className="saas-intro__text">
          为考试机构、用人单位和学校提供从项目发布、在线报名、资格审核、缴费到准考证打印、在线考试与成绩发布的全流程服务。
        </p>
        <ul className="saas-intro__points">
          <li>手机、微信、电脑均可报名</li>
          <li>报名表单可配置，字段自动校验</li>
          <li>在线缴费自动对账，准考证一键生成</li>
        </ul>
      </section>

      <section className="m-section" aria-labelledby="equity-title">
        <h2 className="m-section__title" id="equity-title">
          权益套餐
        </h2>
        <EquityPackages
          chosen={values.EquityId}
          onChoose={(p) => {
            set('EquityId', String(p.EquityId));
            form.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        />
      </section>

      <section className="m-section" aria-labelledby="coop-title">
        <h2 className="m-section__title" id="coop-title">
          合作申请
        </h2>
        <form
          ref={form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {done ? (
            <p className="coop-done" role="status">
              提交成功，我们会尽快与您联系。
            </p>
          ) : null}
          <Field field="CompanyName" label="单位名称" required problem={problems.CompanyName}>
            <input
              {...input('CompanyName')}
              autoComplete="organization"
              maxLength={100}
              onChange={(e) => set('CompanyName', e.target.value)}
            />
          </Field>
          <Field field="ContactName" label="联系人" required problem={problems.ContactName}>
            <input
              {...input('ContactName')}
              autoComplete="name"
              maxLength={30}
              onChange={(e) => set('ContactName', e.target.value)}
            />
          </Field>
          <Field field="Mobile" label="手机号码" required problem={problems.Mobile}>
            <input
              {...input('Mobile')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              onChange={(e) => set('Mobile', e.target.value)}
            />
          </Field>
          <Field field="Email" label="邮箱（选填）" problem={problems.Email}>
            <input
              {...input('Email')}
              type="email"
              autoComplete="email"
              maxLength={100}
              onChange={(e) => set('Email', e.target.value)}
            />
          </Field>
          <Field field="EquityId" label="意向套餐（选填）" problem={problems.EquityId}>
            <select {...input('EquityId')} onChange={(e) => set('EquityId', e.target.value)}>
              <option value="">暂不选择</option>
              {(packages.data?.Items ?? []).map((p) => (
                <option key={p.EquityId} value={String(p.EquityId)}>
                  {p.Name}（{formatFee(p.PriceInFen)}）
                </option>
              ))}
            </select>
          </Field>
          <Field
            field="Remark"
            label="需求说明（选填）"
            problem={problems.Remark}
            hint={`最多${REMARK_MAX_LENGTH}个字，已输入 ${values.Remark.trim().length} 个字`}
          >
            <textarea
              {...input('Remark')}
              aria-describedby={describedBy('Remark', true)}
              rows={4}
              onChange={(e) => set('Remark', e.target.value)}
            />
          </Field>
          <Button
            block
            color="primary"
            type="submit"
            loading={apply.isPending}
            disabled={apply.isPending}
          >
            提交申请
          </Button>
        </form>
      </section>
    </div>
  );
}
