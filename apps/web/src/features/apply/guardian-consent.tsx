import {
  guardianConsentSchema,
  verifyShortMessage,
  type GuardianConsent as GuardianConsentSent,
} from '@portal/contracts';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { SmsCodeButton, verifySmsCode } from '../account';
import './sensitive-consent.css';

/** The guardian's place in the form, for focus and the server's FieldErrors. */
export const GUARDIAN_FIELD = 'Guardian';

export const GUARDIAN_CONSENT_TITLE = '监护人同意';
export const GUARDIAN_AGREE_LABEL =
  '我是申请人的父母或其他监护人，已阅读上方《敏感个人信息处理规则》，同意申请人报名并按规则处理其个人信息';
const GUARDIAN_CODE_EXPIRED = '验证已失效，请重新获取验证码';

type GuardianKey = 'name' | 'mobile' | 'code' | 'agreed';
interface GuardianDraft {
  name: string;
  mobile: string;
  code: string;
  agreed: boolean;
}

const RULES: Record<Exclude<GuardianKey, 'agreed'>, z.ZodType> = {
  name: guardianConsentSchema.shape.Name,
  mobile: guardianConsentSchema.shape.Mobile,
  code: verifyShortMessage.request.shape.Code,
};

function problemOf(key: GuardianKey, draft: GuardianDraft): string | undefined {
  if (key === 'agreed') return draft.agreed ? undefined : '请由监护人勾选同意';
  const parsed = RULES[key].safeParse(draft[key]);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * A child's guardian (PIPL art. 31) without its looks: their name and mobile, a code to that mobile
 * (scene GuardianConsent) and their tick. The code is traded once for a VerifyToken, kept for a
 * retry until the application is sent or the token is refused.
 */
export function useGuardianConsent() {
  const [draft, setDraft] = useState<GuardianDraft>({
    name: '',
    mobile: '',
    code: '',
    agreed: false,
  });
  const [errors, setErrors] = useState<Partial<Record<GuardianKey | 'refusal', string>>>({});
  const proof = useRef<{ mobile: string; code: string; verifyToken: string } | null>(null);

  const change = (patch: Partial<GuardianDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current, refusal: undefined };
      for (const key of Object.keys(patch) as GuardianKey[]) delete next[key];
      return next;
    });
  };

  /** Marks every problem; answers the first one's key, or null when the draft can be sent. */
  const check = (): GuardianKey | null => {
    const found: Partial<Record<GuardianKey, string>> = {};
    for (const key of ['name', 'mobile', 'code', 'agreed'] as const) {
      const problem = problemOf(key, draft);
      if (problem) found[key] = problem;
    }
    setErrors(found);
    return (Object.keys(found)[0] as GuardianKey | undefined) ?? null;
  };

  /** What Apply sends: the code traded for its VerifyToken (once per number and code). */
  const consent = async (): Promise<GuardianConsentSent> => {
    const mobile = draft.mobile.trim();
    const code = draft.code.trim();
    const kept = proof.current;
    let verifyToken = kept && kept.mobile === mobile && kept.code === code ? kept.verifyToken : '';
    if (!verifyToken) {
      verifyToken = (await verifySmsCode({ Mobile: mobile, Scene: 'GuardianConsent', Code: code }))
        .VerifyToken;
      proof.current = { mobile, code, verifyToken };
    }
    return { Name: draft.name.trim(), Mobile: mobile, VerifyToken: verifyToken, Agreed: true };
  };

  return {
    draft,
    errors,
    change,
    check,
    consent,
    /** The application was sent: the proof is spent. */
    spent: () => {
      proof.current = null;
    },
    /** The code was wrong (its message), or its proof was refused (419: a new code is needed). */
    codeRefused: (message = GUARDIAN_CODE_EXPIRED) => {
      proof.current = null;
      setErrors({ code: message });
    },
    /** The server refused the application for want of a guardian (its FieldErrors.Guardian). */
    refused: (message: string) => setErrors({ refusal: message }),
    invalidMobile: (message: string) => setErrors((current) => ({ ...current, mobile: message })),
  };
}

export type GuardianConsentState = ReturnType<typeof useGuardianConsent>;

function GuardianInput({
  id,
  label,
  error,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className="apply-guardian__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p className="apply-consent__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The guardian's consent a child's application asks below the sensitive-information rules: plain
 * elements, so both layouts share it. `idOf` names each input as the layout names its fields.
 */
export function GuardianConsent({
  idOf,
  guardian,
}: {
  idOf: (key: GuardianKey) => string;
  guardian: GuardianConsentState;
}) {
  const { draft, errors, change } = guardian;
  const titleId = `${idOf('name')}-title`;
  const agreedErrorId = `${idOf('agreed')}-error`;
  const invalid = Object.values(errors).some(Boolean);
  return (
    <section
      className={invalid ? 'apply-consent apply-consent--invalid' : 'apply-consent'}
      aria-labelledby={titleId}
    >
      <h3 className="apply-consent__title" id={titleId}>
        {GUARDIAN_CONSENT_TITLE}
      </h3>
      <p className="apply-guardian__lead">
        按身份证号码，申请人未满14周岁。依据《个人信息保护法》第三十一条，须由其父母或其他监护人同意后才能报名：请监护人填写姓名，用本人手机接收验证码，并勾选同意。
      </p>
      {errors.refusal ? (
        <p className="apply-consent__error" role="alert">
          {errors.refusal}
        </p>
      ) : null}
      <GuardianInput
        id={idOf('name')}
        label="监护人姓名"
        autoComplete="off"
        maxLength={30}
        value={draft.name}
        onChange={(event) => change({ name: event.target.value })}
        error={errors.name}
      />
      <GuardianInput
        id={idOf('mobile')}
        label="监护人手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        value={draft.mobile}
        onChange={(event) => change({ mobile: event.target.value })}
        error={errors.mobile}
      />
      <SmsCodeButton
        mobile={draft.mobile}
        scene="GuardianConsent"
        check={(mobile) => problemOf('mobile', { ...draft, mobile })}
        onInvalidMobile={guardian.invalidMobile}
      />
      <GuardianInput
        id={idOf('code')}
        label="监护人手机收到的验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={draft.code}
        onChange={(event) => change({ code: event.target.value })}
        error={errors.code}
      />
      <label className="apply-consent__agree" htmlFor={idOf('agreed')}>
        <input
          type="checkbox"
          id={idOf('agreed')}
          checked={draft.agreed}
          onChange={(event) => change({ agreed: event.target.checked })}
          aria-invalid={errors.agreed ? true : undefined}
          aria-describedby={errors.agreed ? agreedErrorId : undefined}
        />
        <span>{GUARDIAN_AGREE_LABEL}</span>
      </label>
      {errors.agreed ? (
        <p className="apply-consent__error" id={agreedErrorId}>
          {errors.agreed}
        </p>
      ) : null}
    </section>
  );
}
