import type { SensitiveConsent as SensitiveConsentRules } from '@portal/contracts';
import './sensitive-consent.css';

export const SENSITIVE_CONSENT_TITLE = '敏感个人信息处理规则';
export const SENSITIVE_CONSENT_LABEL = '我已阅读并同意按上述规则处理我的敏感个人信息';

/** What the rules say, point by point (PIPL art. 17 and 30: what, why, who, how long). */
export function sensitiveConsentTerms(rules: SensitiveConsentRules) {
  return [
    { term: '收集的信息', detail: rules.Fields.join('、') },
    {
      term: '用途',
      detail: '仅用于本项目的报名资格审核、考试身份核验和准考证制作；不提供将无法完成报名',
    },
    { term: '查看范围', detail: rules.Recipient },
    {
      term: '保存期限',
      detail: `项目考试结束后${rules.RetentionDays}天，届时删除这些信息和上传的文件`,
    },
  ];
}

export interface SensitiveConsentProps {
  inputId: string;
  consent: {
    rules: SensitiveConsentRules;
    asked: boolean;
    ticked: boolean;
    tick: (ticked: boolean) => void;
    error: string | undefined;
  };
}

/**
 * The separate consent a form with sensitive fields asks below its fields (PIPL art. 29): the
 * rules in full, and a box left unticked. Plain elements, so both layouts share it.
 */
export function SensitiveConsent({ inputId, consent }: SensitiveConsentProps) {
  const titleId = `${inputId}-title`;
  const rulesId = `${inputId}-rules`;
  const errorId = `${inputId}-error`;
  return (
    <section
      className={consent.error ? 'apply-consent apply-consent--invalid' : 'apply-consent'}
      aria-labelledby={titleId}
    >
      <h3 className="apply-consent__title" id={titleId}>
        {SENSITIVE_CONSENT_TITLE}
      </h3>
      <dl className="apply-consent__rules" id={rulesId}>
        {sensitiveConsentTerms(consent.rules).map(({ term, detail }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
      {consent.asked ? (
        <>
          <label className="apply-consent__agree" htmlFor={inputId}>
            <input
              type="checkbox"
              id={inputId}
              checked={consent.ticked}
              onChange={(event) => consent.tick(event.target.checked)}
              aria-invalid={consent.error ? true : undefined}
              aria-describedby={consent.error ? `${errorId} ${rulesId}` : rulesId}
            />
            <span>{SENSITIVE_CONSENT_LABEL}</span>
          </label>
          {consent.error ? (
            <p className="apply-consent__error" id={errorId} role="alert">
              {consent.error}
            </p>
          ) : null}
        </>
      ) : (
        <p className="apply-consent__given">您已同意以上规则。</p>
      )}
    </section>
  );
}
