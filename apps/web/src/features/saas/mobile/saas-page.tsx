import './saas.css';
import type { EquityPackage } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { useRef, type ReactNode } from 'react';
import { Captcha } from '../../../platform/captcha';
import { formatFee } from '../../../shared/money';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useEquityPackages } from '../api/get-equity-buy';
import {
  type CooperateField,
  packageActionText,
  REMARK_MAX_LENGTH,
  useCooperateForm,
} from '../use-cooperate-form';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

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
  isChosen,
  onChoose,
}: {
  isChosen: (equityId: number) => boolean;
  onChoose: (pack: EquityPackage) => void;
}) {
  const query = useEquityPackages();
  if (query.isPending) return <LoadingSkeleton rows={2} label="正在加载套餐" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.Items.length === 0) return <p className="muted">暂无可购买的套餐</p>;
  return (
    <ul className="equity-list">
      {query.data.Items.map((p) => {
        const chosen = isChosen(p.EquityId);
        return (
          <li
            key={p.EquityId}
            className={chosen ? 'equity-card equity-card--chosen' : 'equity-card'}
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
              fill={chosen ? 'solid' : 'outline'}
              aria-pressed={chosen}
              onClick={() => onChoose(p)}
            >
              {packageActionText(p.Name, chosen)}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** saas: the platform's introduction, its equity packages and the cooperation application. */
export default function SaasPage() {
  const packages = useEquityPackages();
  const { form, submit, busy, done, isChosen, choosePackage, remarkLength, captcha } =
    useCooperateForm();
  const formElement = useRef<HTMLFormElement>(null);

  const describedBy = (field: CooperateField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', form.errorOf(field) ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const input = (field: CooperateField) => ({
    id: fieldId(field),
    className: 'coop-field__input',
    ...form.register(field),
    'aria-invalid': form.errorOf(field) ? true : undefined,
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
          isChosen={isChosen}
          onChoose={(p) => {
            choosePackage(p.EquityId);
            formElement.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        />
      </section>

      <section className="m-section" aria-labelledby="coop-title">
        <h2 className="m-section__title" id="coop-title">
          合作申请
        </h2>
        <form ref={formElement} noValidate onSubmit={(event) => void submit(event)}>
          {done ? (
            <p className="coop-done" role="status">
              提交成功，我们会尽快与您联系。
            </p>
          ) : null}
          <Field
            field="CompanyName"
            label="单位名称"
            required
            problem={form.errorOf('CompanyName')}
          >
            <input {...input('CompanyName')} autoComplete="organization" maxLength={100} />
          </Field>
          <Field field="ContactName" label="联系人" required problem={form.errorOf('ContactName')}>
            <input {...input('ContactName')} autoComplete="name" maxLength={30} />
          </Field>
          <Field field="Mobile" label="手机号码" required problem={form.errorOf('Mobile')}>
            <input
              {...input('Mobile')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
            />
          </Field>
          <Field field="Email" label="邮箱（选填）" problem={form.errorOf('Email')}>
            <input {...input('Email')} type="email" autoComplete="email" maxLength={100} />
          </Field>
          <Field field="EquityId" label="意向套餐（选填）" problem={form.errorOf('EquityId')}>
            <select {...input('EquityId')}>
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
            problem={form.errorOf('Remark')}
            hint={`最多${REMARK_MAX_LENGTH}个字，已输入 ${remarkLength} 个字`}
          >
            <textarea
              {...input('Remark')}
              aria-describedby={describedBy('Remark', true)}
              rows={4}
            />
          </Field>
          <div
            className={
              form.errorOf('CaptchaToken') ? 'coop-field coop-field--invalid' : 'coop-field'
            }
          >
            <Captcha key={captcha.round} onVerified={captcha.onVerified} />
            {form.errorOf('CaptchaToken') ? (
              <p className="field-error" id={`${fieldId('CaptchaToken')}-error`} role="alert">
                {form.errorOf('CaptchaToken')}
              </p>
            ) : null}
          </div>
          <SubmitButton busy={busy}>提交申请</SubmitButton>
        </form>
      </section>
    </div>
  );
}
