import './captcha.css';
import { getPageConfig } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { callEndpoint } from '../http/clients';
import { runtimeConfig } from '../runtime-config';
import { AliyunNvcCaptcha } from './aliyun-nvc-captcha';
import { LocalSlideCaptcha } from './local-slide-captcha';
import { paths } from '../paths';

/** Where the local slider's feedback link goes when the tenant gives no service phone. */
export const LOCAL_FEEDBACK_FALLBACK = paths.saas();

/** The tenant's service phone (PageConfig), so a person stuck at the slider can reach someone. */
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
  /** Whether the slider takes the focus when it is ready: yes when opened by a button. */
  autoFocus?: boolean;
}

/**
 * §5 §8 the captcha before an SMS is sent (scene ic_message_h5): Aliyun NVC when an app key is
 * configured, else the local slide-to-verify checked by the server.
 */
export function Captcha({ onVerified, secondCheck = false, autoFocus = true }: CaptchaProps) {
  const appkey = runtimeConfig().Aliyun.NVC.Appkey;
  const feedbackHref = useFeedbackHref();
  return appkey ? (
    <AliyunNvcCaptcha appkey={appkey} secondCheck={secondCheck} onVerified={onVerified} />
  ) : (
    <LocalSlideCaptcha onVerified={onVerified} feedbackHref={feedbackHref} autoFocus={autoFocus} />
  );
}
