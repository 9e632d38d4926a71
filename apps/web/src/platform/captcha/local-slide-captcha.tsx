import {
  CAPTCHA_OUTCOMES,
  CAPTCHA_SCENE,
  checkCaptcha,
  getCaptchaChallenge,
  type SlideChallenge,
} from '@portal/contracts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { callEndpoint } from '../http/clients';
import { HttpError } from '../http/http-error';
import { CaptchaOutcomeNotice } from './outcome-notice';
import { type CaptchaOutcome, SLIDE_OUTCOME_MESSAGES } from './outcomes';

type Phase =
  | { name: 'loading' }
  | { name: 'ready'; challenge: SlideChallenge }
  | { name: 'checking'; challenge: SlideChallenge }
  | { name: 'outcome'; outcome: CaptchaOutcome }
  | { name: 'passed' };

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

const percent = (value: number, of: number) => `${(value * 100) / of}%`;

/**
 * §5 the local slide-to-verify: the server draws a picture with a gap and gives the piece; drag
 * (or arrow keys, then Enter) the piece onto the gap. Where the gap is, only the picture shows:
 * the released position and the sampled trail go to Captcha/Check, which answers with the
 * CaptchaToken.
 */
export function LocalSlideCaptcha({
  onVerified,
  feedbackHref,
  autoFocus = true,
}: {
  onVerified: (captchaToken: string) => void;
  feedbackHref: string;
  autoFocus?: boolean;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [value, setValue] = useState(0);
  const trail = useRef<{ X: number; T: number }[]>([]);
  const startedAt = useRef(0);
  const slider = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const sliderId = useId();

  const load = useCallback(async () => {
    setPhase({ name: 'loading' });
    setValue(0);
    trail.current = [];
    startedAt.current = 0;
    try {
      // Silent: the outcome is shown here, not as a toast.
      const challenge = await callEndpoint(
        getCaptchaChallenge,
        { Scene: CAPTCHA_SCENE },
        { silent: true },
      );
      setPhase({ name: 'ready', challenge });
    } catch (error) {
      setPhase({ name: 'outcome', outcome: outcomeOf(error) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (phase.name === 'ready' && autoFocus) slider.current?.focus();
  }, [phase.name, autoFocus]);

  const move = (x: number) => {
    const now = performance.now();
    if (!startedAt.current) {
      // The drag starts where the piece was: a tap that jumps the thumb is no drag.
      startedAt.current = now;
      trail.current.push({ X: value, T: 0 });
    }
    trail.current.push({ X: x, T: Math.round(now - startedAt.current) });
    setValue(x);
  };

  const release = async () => {
    if (phase.name !== 'ready' || trail.current.length === 0) return;
    const { challenge } = phase;
    const released = trail.current.at(-1)?.X ?? value;
    setPhase({ name: 'checking', challenge });
    try {
      const { CaptchaToken } = await callEndpoint(
        checkCaptcha,
        {
          ChallengeId: challenge.ChallengeId,
          Scene: CAPTCHA_SCENE,
          X: released,
          Trail: trail.current,
        },
        { silent: true },
      );
      setPhase({ name: 'passed' });
      onVerified(CaptchaToken);
    } catch (error) {
      setPhase({ name: 'outcome', outcome: outcomeOf(error) });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void release();
  };

  return (
    <div className="captcha" aria-label="安全验证" role="group">
      {phase.name === 'loading' ? (
        <p className="captcha__hint" role="status">
          正在加载安全验证…
        </p>
      ) : null}
      {phase.name === 'ready' || phase.name === 'checking' ? (
        <>
          <label className="captcha__hint" id={labelId} htmlFor={sliderId}>
            安全验证：拖动滑块，把拼图块移到图中的缺口处后松开（也可用方向键移动后按回车）
          </label>
          <div className="captcha__puzzle" aria-hidden="true">
            <img className="captcha__image" src={phase.challenge.Image} alt="" draggable={false} />
            <img
              className="captcha__piece"
              src={phase.challenge.Piece}
              alt=""
              draggable={false}
              style={{
                left: percent(value, phase.challenge.TrackWidth),
                top: percent(phase.challenge.PieceY, phase.challenge.ImageHeight),
                width: percent(phase.challenge.PieceWidth, phase.challenge.TrackWidth),
              }}
            />
          </div>
          <input
            ref={slider}
            id={sliderId}
            className="captcha__slider"
            type="range"
            min={0}
            max={phase.challenge.TrackWidth - phase.challenge.PieceWidth}
            step={1}
            value={value}
            disabled={phase.name === 'checking'}
            aria-valuetext={`已移动 ${value} 像素`}
            onChange={(event) => move(Number(event.target.value))}
            onPointerUp={() => void release()}
            onTouchEnd={() => void release()}
            onKeyDown={onKeyDown}
          />
          {phase.name === 'checking' ? (
            <p className="captcha__hint" role="status">
              正在验证…
            </p>
          ) : null}
        </>
      ) : null}
      {phase.name === 'outcome' ? (
        <CaptchaOutcomeNotice
          message={SLIDE_OUTCOME_MESSAGES[phase.outcome]}
          feedbackHref={feedbackHref}
          onRetry={() => void load()}
        />
      ) : null}
      {phase.name === 'passed' ? (
        <p className="captcha__hint captcha__hint--passed" role="status">
          验证通过
        </p>
      ) : null}
    </div>
  );
}
