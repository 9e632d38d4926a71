import './saas-desktop.css';
import type { EquityPackage } from '@portal/contracts';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useRef, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Captcha } from '../../../platform/captcha';
import { formatFee } from '../../../shared/money';
import { QueryView } from '../../../shared/ui/desktop/query-states';
import { useEquityPackages } from '../api/get-equity-buy';
import {
  type COOPERATE_FIELDS,
  packageActionText,
  REMARK_MAX_LENGTH,
  useCooperateForm,
} from '../use-cooperate-form';

type CooperateField = (typeof COOPERATE_FIELDS)[number];
type CooperateForm = ReturnType<typeof useCooperateForm>['form'];

const fieldId = (field: CooperateField) => `coop-${field}`;

/** One field: its label tied to the control, the contract's message under it and read with it. */
function Field({
  form,
  field,
  label,
  required,
  extra,
  children,
}: {
  form: CooperateForm;
  field: CooperateField;
  label: string;
  required?: boolean;
  extra?: ReactNode;
  children: (a11y: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    'aria-required'?: boolean;
  }) => ReactNode;
}) {
  const problem = form.errorOf(field);
  const id = fieldId(field);
  const describedBy = [extra ? `${id}-extra` : '', problem ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span id={`${id}-error`}>{problem}</span> : undefined}
      extra={extra ? <span id={`${id}-extra`}>{extra}</span> : undefined}
    >
      {children({
        id,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
    </Form.Item>
  );
}

function Packages({
  isChosen,
  onChoose,
}: {
  isChosen: (equityId: number) => boolean;
  onChoose: (p: EquityPackage) => void;
}) {
  return (
    <QueryView
      query={useEquityPackages()}
      label="正在加载套餐"
      isEmpty={(data) => data.Items.length === 0}
      emptyTitle="暂无可购买的套餐"
    >
      {(data) => (
        <ul className="saas-packages">
          {data.Items.map((p) => {
            const chosen = isChosen(p.EquityId);
            return (
              <li key={p.EquityId}>
                <Card
                  className={chosen ? 'saas-package is-chosen' : 'saas-package'}
                  title={<h3 className="saas-package__name">{p.Name}</h3>}
                >
                  <p className="saas-package__price">
                    <strong>{formatFee(p.PriceInFen)}</strong> / {p.DurationDays}天
                  </p>
                  <p className="saas-package__desc">{p.Description}</p>
                  <ul className="saas-package__features">
                    {p.Features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  <Button
                    block
                    type={chosen ? 'primary' : 'default'}
                    aria-pressed={chosen}
                    onClick={() => onChoose(p)}
                  >
                    {packageActionText(p.Name, chosen)}
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </QueryView>
  );
}

/** saas on a PC: the platform's introduction, its packages side by side, and the cooperation form. */
export default function SaasPage() {
  const packages = useEquityPackages();
  const { form, submit, busy, done, isChosen, choosePackage, remarkLength, captcha } =
    useCooperateForm();
  const formSection = useRef<HTMLElement>(null);
  const { control } = form;

  return (
    <div className="saas-desktop">
      <section className="saas-hero" aria-labelledby="saas-title">
        <h2 className="saas-hero__title" id="saas-title">
          安全、高效、智能的一体化报名考试平台
        </h2>
        <p className="saas-hero__text">
          为考试机构、用人单位和学校提供从项目发布、在线报名、资格审核、缴费到准考证打印、在线考试与成绩发布的全流程服务。
        </p>
        <ul className="saas-hero__points">
          <li>手机、微信、电脑均可报名</li>
          <li>报名表单可配置，字段自动校验</li>
          <li>在线缴费自动对账，准考证一键生成</li>
        </ul>
      </section>

      <section className="d-section" aria-labelledby="equity-title">
        <div className="d-section__head">
          <h2 className="d-section__title" id="equity-title">
            权益套餐
          </h2>
        </div>
        <Packages
          isChosen={isChosen}
          onChoose={(p) => {
            choosePackage(p.EquityId);
            formSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            document.getElementById(fieldId('CompanyName'))?.focus({ preventScroll: true });
          }}
        />
      </section>

      <section ref={formSection} className="d-panel saas-apply" aria-labelledby="coop-title">
        <h2 className="d-section__title saas-apply__title" id="coop-title">
          合作申请
        </h2>
        <p className="saas-apply__lead">留下联系方式，我们的顾问会在一个工作日内与您联系。</p>
        {done ? (
          <Alert
            className="saas-apply__done"
            type="success"
            showIcon
            role="status"
            message="提交成功，我们会尽快与您联系。"
          />
        ) : null}
        {form.serverError ? (
          <Alert className="saas-apply__done" type="error" showIcon message={form.serverError} />
        ) : null}
        <Form layout="vertical" component={false}>
          <form noValidate onSubmit={(event) => void submit(event)} className="saas-apply__grid">
            <Field form={form} field="CompanyName" label="单位名称" required>
              {(a11y) => (
                <Controller
                  name="CompanyName"
                  control={control}
                  render={({ field }) => (
                    <Input {...field} {...a11y} autoComplete="organization" maxLength={100} />
                  )}
                />
              )}
            </Field>
            <Field form={form} field="ContactName" label="联系人" required>
              {(a11y) => (
                <Controller
                  name="ContactName"
                  control={control}
                  render={({ field }) => (
                    <Input {...field} {...a11y} autoComplete="name" maxLength={30} />
                  )}
                />
              )}
            </Field>
            <Field form={form} field="Mobile" label="手机号码" required>
              {(a11y) => (
                <Controller
                  name="Mobile"
                  control={control}
                  render={({ field }) => (
                    <Input
                      {...field}
                      {...a11y}
                      type="tel"
                      inputMode="numeric"
                      autoComplete="tel"
                      maxLength={11}
                    />
                  )}
                />
              )}
            </Field>
            <Field form={form} field="Email" label="邮箱（选填）">
              {(a11y) => (
                <Controller
                  name="Email"
                  control={control}
                  render={({ field }) => (
                    <Input {...field} {...a11y} type="email" autoComplete="email" maxLength={100} />
                  )}
                />
              )}
            </Field>
            <Field form={form} field="EquityId" label="意向套餐（选填）">
              {(a11y) => (
                <Controller
                  name="EquityId"
                  control={control}
                  render={({ field }) => (
                    <Select
                      {...field}
                      {...a11y}
                      options={[
                        { value: '', label: '暂不选择' },
                        ...(packages.data?.Items ?? []).map((p) => ({
                          value: String(p.EquityId),
                          label: `${p.Name}（${formatFee(p.PriceInFen)}）`,
                        })),
                      ]}
                    />
                  )}
                />
              )}
            </Field>
            <div className="saas-apply__wide">
              <Field
                form={form}
                field="Remark"
                label="需求说明（选填）"
                extra={`最多${REMARK_MAX_LENGTH}个字，已输入 ${remarkLength} 个字`}
              >
                {(a11y) => (
                  <Controller
                    name="Remark"
                    control={control}
                    render={({ field }) => <Input.TextArea {...field} {...a11y} rows={4} />}
                  />
                )}
              </Field>
            </div>
            <div className="saas-apply__wide">
              <Form.Item
                validateStatus={form.errorOf('CaptchaToken') ? 'error' : undefined}
                help={
                  form.errorOf('CaptchaToken') ? (
                    <span role="alert">{form.errorOf('CaptchaToken')}</span>
                  ) : undefined
                }
              >
                <Captcha key={captcha.round} onVerified={captcha.onVerified} />
              </Form.Item>
            </div>
            <div className="saas-apply__wide">
              <Button type="primary" size="large" htmlType="submit" loading={busy}>
                提交申请
              </Button>
            </div>
          </form>
        </Form>
      </section>
    </div>
  );
}
