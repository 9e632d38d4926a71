import './captcha.css';
import { getPageConfig } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { callEndpoint } from '../http/clients';
import { runtimeConfig } from '../runtime-config';
import { AliyunNvcCaptcha } from './aliyun-nvc-captcha';
import { ProofOfWorkCaptcha } from './proof-of-work-captcha';
import { paths } from '../paths';

/** Where the local check's feedback link goes when the tenant gives no service phone. */
export const LOCAL_FEEDBACK_FALLBACK = paths.saas();

/** The tenant's service phone (PageConfig), so a person stuck at the check can reach someone. */
function useFeedbackHref(): string {
  const [href, setHref] = useState(LOCAL_FEEDBACK_FALLBACK);
  useEffect(() => {
    let live = true;
    callEndpoint(getPageConfig, { Domain: window.location.host }, { silent: true }).then(
      (page) => live && page.ServicePhone && setHref(`tel:${page.ServicePhone}`),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return href;
}

export interface CaptchaProps {
  /** The CaptchaToken for ShortMessage/SendVerifyShortMessage. */
  onVerified: (captchaToken: string) => void;
  /** The server refused the last token (419): check again, harder where the provider can. */
  secondCheck?: boolean;
  /** The number the codes go to, when the check is for sending them (its risk sets the work). */
  mobile?: string | undefined;
}

/**
 * §5 §8 the captcha before an SMS is sent (scene ic_message_h5): Aliyun NVC when an app key is
 * configured, else the local proof of work (ALTCHA) checked by the server.
 */
export function Captcha({ onVerified, secondCheck = false, mobile }: CaptchaProps) {
  const appkey = runtimeConfig().Aliyun.NVC.Appkey;
  const feedbackHref = useFeedbackHref();
  return appkey ? (
    <AliyunNvcCaptcha appkey={appkey} secondCheck={secondCheck} onVerified={onVerified} />
  ) : (
    <ProofOfWorkCaptcha onVerified={onVerified} feedbackHref={feedbackHref} mobile={mobile} />
  );
}
