import { CAPTCHA_FEEDBACK_TEXT, CAPTCHA_RETRY_TEXT } from './outcomes';

/** §5: an outcome's message with a retry and a feedback link. */
export function CaptchaOutcomeNotice({
  message,
  feedbackHref,
  onRetry,
}: {
  message: string;
  feedbackHref: string;
  onRetry: () => void;
}) {
  return (
    <div className="captcha__outcome" role="alert">
      <p className="captcha__message">{message}</p>
      <div className="captcha__actions">
        <button type="button" className="captcha__retry" onClick={onRetry}>
          {CAPTCHA_RETRY_TEXT}
        </button>
        <a className="captcha__feedback" href={feedbackHref} target="_blank" rel="noreferrer">
          {CAPTCHA_FEEDBACK_TEXT}
        </a>
      </div>
    </div>
  );
}
