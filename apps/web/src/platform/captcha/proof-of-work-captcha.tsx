import {
  CAPTCHA_OUTCOMES,
  CAPTCHA_SCENE,
  checkCaptcha,
  getCaptchaChallenge,
} from '@portal/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../http/clients';
import { HttpError } from '../http/http-error';
import { CaptchaOutcomeNotice } from './outcome-notice';
import { type CaptchaOutcome, CAPTCHA_OUTCOME_MESSAGES } from './outcomes';

type Phase =
  { name: 'working' } | { name: 'outcome'; outcome: CaptchaOutcome } | { name: 'passed' };

/** The server's verdict (Data.FieldErrors.Captcha) or, when no answer came, a network error. */
export function outcomeOf(error: unknown): CaptchaOutcome {
  if (error instanceof HttpError) {
    if (error.status === 0) return 'NetworkError';
    const named = error.fieldErrors.Captcha;
    if ((CAPTCHA_OUTCOMES as readonly string[]).includes(named ?? ''))
      return named as CaptchaOutcome;
    return 'Failed';
  }
  return 'NetworkError';
}

/** Asks a challenge (for the number, when codes go to one), does its work, and has it checked. */
async function proveHuman(mobile: string | undefined): Promise<string> {
  // Silent: the outcome is shown here, not as a toast.
  const { Challenge } = await callEndpoint(
    getCaptchaChallenge,
    { Scene: CAPTCHA_SCENE, ...(mobile ? { Mobile: mobile } : {}) },
    { silent: true },
  );
  const solution = await solveChallenge({ challenge: Challenge, deriveKey });
  if (!solution) throw new Error('no proof of work found in time');
  const { CaptchaToken } = await callEndpoint(
    checkCaptcha,
    {
      Scene: CAPTCHA_SCENE,
      Challenge,
      Solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    },
    { silent: true },
  );
  return CaptchaToken;
}

/**
 * §5 the local human check: an ALTCHA proof of work the browser does by itself (about a second on
 * a phone, longer for a number or an address that asks too often). Nothing to see, drag or
 * type: the status line tells screen readers what is happening; a failure offers a retry.
 */
export function ProofOfWorkCaptcha({
  onVerified,
  feedbackHref,
  mobile,
}: {
  onVerified: (captchaToken: string) => void;
  feedbackHref: string;
  mobile?: string | undefined;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'working' });
  // The newest callback, so a check that ends after a re-render hands its token to it.
  const verified = useRef(onVerified);
  useEffect(() => {
    verified.current = onVerified;
  }, [onVerified]);

  const run = useCallback(
    async (alive: () => boolean) => {
      setPhase({ name: 'working' });
      try {
        const token = await proveHuman(mobile?.trim());
        if (!alive()) return;
        setPhase({ name: 'passed' });
        verified.current(token);
      } catch (error) {
        if (alive()) setPhase({ name: 'outcome', outcome: outcomeOf(error) });
      }
    },
    [mobile],
  );

  useEffect(() => {
    let alive = true;
    void run(() => alive);
    return () => {
      alive = false;
    };
  }, [run]);

  return (
    <div className="captcha" aria-label="安全验证" role="group">
      {phase.name === 'outcome' ? (
        <CaptchaOutcomeNotice
          message={CAPTCHA_OUTCOME_MESSAGES[phase.outcome]}
          feedbackHref={feedbackHref}
          onRetry={() => void run(() => true)}
        />
      ) : (
        <p
          className={`captcha__hint${phase.name === 'passed' ? ' captcha__hint--passed' : ''}`}
          role="status"
          aria-live="polite"
        >
          {phase.name === 'passed' ? '安全验证已通过' : '正在进行安全验证，请稍候…'}
        </p>
      )}
    </div>
  );
}
