import { useEffect, useId, useRef, useState } from 'react';
import {
  type AliyunNvcGlobals,
  aliyunNvcOptions,
  type AliyunNvcScripts,
  ALIYUN_NVC_SCRIPTS,
  loadAliyunNvc,
} from './aliyun-nvc';
import { CAPTCHA_LOAD_FAILED_MESSAGE, CAPTCHA_RETRY_TEXT } from './outcomes';

const nvcWindow = () => window as unknown as AliyunNvcGlobals;

/**
 * §5 Aliyun NVC: the first send carries the silent check's value; after the server asks again
 * (a 419, `secondCheck`), the scratch card is shown and its value is passed on.
 */
export function AliyunNvcCaptcha({
  appkey,
  secondCheck,
  onVerified,
  scripts = ALIYUN_NVC_SCRIPTS,
}: {
  appkey: string;
  secondCheck: boolean;
  onVerified: (value: string) => void;
  scripts?: AliyunNvcScripts;
}) {
  const [state, setState] = useState<'loading' | 'ready' | 'load-failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const containerId = `nvc-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const verified = useRef(onVerified);
  useEffect(() => {
    verified.current = onVerified;
  });

  useEffect(() => {
    let live = true;
    // guide.js reads NVC_Opt when it runs, so it is set first.
    nvcWindow().NVC_Opt = aliyunNvcOptions({
      appkey,
      renderTo: `#${containerId}`,
      onValue: (value) => live && verified.current(value),
    });
    loadAliyunNvc(scripts).then(
      () => {
        if (!live) return;
        setState('ready');
        const nvc = nvcWindow();
        if (secondCheck) void (nvc.getSC ?? nvc.getNC)?.();
        else nvc.getNVCValAsync?.((value) => live && verified.current(value));
      },
      () => live && setState('load-failed'),
    );
    return () => {
      live = false;
    };
  }, [appkey, containerId, scripts, secondCheck, attempt]);

  return (
    <div className="captcha" role="group" aria-label="安全验证">
      {state === 'loading' ? (
        <p className="captcha__hint" role="status">
          正在加载安全验证…
        </p>
      ) : null}
      {state === 'load-failed' ? (
        <div className="captcha__outcome" role="alert">
          <p className="captcha__message">{CAPTCHA_LOAD_FAILED_MESSAGE}</p>
          <div className="captcha__actions">
            <button
              type="button"
              className="captcha__retry"
              onClick={() => {
                setState('loading');
                setAttempt((n) => n + 1);
              }}
            >
              {CAPTCHA_RETRY_TEXT}
            </button>
          </div>
        </div>
      ) : null}
      <div id={containerId} />
    </div>
  );
}
