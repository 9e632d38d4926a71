import { ELDER_MODE_ATTRIBUTE } from '@portal/contracts';
import type { ReactNode } from 'react';
import { AGREEMENT_REQUIRED } from '../consent-messages.js';
import { renderToStaticMarkup } from 'react-dom/server';

// System fonts only: nothing is fetched from the internet.
const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f7f8fa;color:#1f2329;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{max-width:420px;margin:0 auto;padding:32px 20px}
.brand{margin:0 0 4px;font-size:14px;color:#646a73}
h1{margin:0 0 20px;font-size:24px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
nav.tabs{display:flex;margin:0 0 16px;border-bottom:1px solid #e5e6eb}
nav.tabs a{flex:1;text-align:center;padding:10px 0;color:#646a73;text-decoration:none;border-bottom:2px solid transparent}
nav.tabs a[aria-current="page"]{color:#0958d9;border-bottom-color:#0958d9;font-weight:600}
.field{margin:0 0 16px}
label{display:block;margin:0 0 6px;font-size:14px;font-weight:600}
input{width:100%;height:44px;padding:0 12px;font-size:16px;border:1px solid #c9cdd4;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid="true"]{border-color:#d4380d}
.row{display:flex;gap:8px}
.row input{flex:1;min-width:0}
button{height:44px;padding:0 16px;font-size:16px;border-radius:8px;border:1px solid #0958d9;background:#0958d9;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0958d9;white-space:nowrap}
button:disabled{opacity:.6;cursor:not-allowed}
button[type="submit"]{width:100%;margin-top:4px}
:focus-visible{outline:3px solid #91caff;outline-offset:2px}
.hint{margin:6px 0 0;font-size:13px;color:#646a73}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fff2e8;color:#ad2102;font-size:14px}
.alert:empty{display:none}
.alert p{margin:0}
.alert .alert__title{margin:0 0 4px;font-weight:600}
button.wechat{width:100%;background:#057a43;border-color:#057a43}
.or{display:flex;align-items:center;gap:12px;margin:16px 0;color:#646a73;font-size:14px}
.or::before,.or::after{content:"";flex:1;border-top:1px solid #e5e6eb}
.status{margin:6px 0 12px;font-size:13px;color:#237804}
.links{margin:16px 0 0;text-align:center;font-size:14px}
a{color:#0958d9}
.notice{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#f6ffed;color:#135200;font-size:14px}
.consent{display:flex;align-items:flex-start;gap:8px;margin:0 0 16px}
.consent input{flex:none;width:20px;height:20px;margin:2px 0 0}
.consent label{margin:0;font-weight:400;line-height:1.6}
.split{display:flex;justify-content:space-between;gap:12px}
.terms h2{margin:20px 0 8px;font-size:17px}
.terms p,.terms li{font-size:15px;color:#1f2329}
button.elder-switch{display:flex;align-items:center;gap:12px;width:100%;height:auto;min-height:56px;margin:0 0 16px;padding:8px 16px;border:1px solid #d0d5dd;border-radius:12px;background:#fff;color:#1f2329;text-align:left}
.elder-switch__text{display:flex;flex:1;flex-direction:column}
.elder-switch__label{font-weight:600}
.elder-switch__hint{font-size:13px;color:#646a73}
.elder-switch__track{position:relative;display:inline-flex;flex:none;align-items:center;width:64px;height:32px;padding:0 8px;border-radius:16px;background:#6b7785;color:#fff;font-size:14px}
.elder-switch__state{margin-left:auto}
.elder-switch__thumb{position:absolute;top:3px;left:3px;width:26px;height:26px;border-radius:50%;background:#fff}
.elder-switch[aria-checked="true"] .elder-switch__track{background:#003a9e}
.elder-switch[aria-checked="true"] .elder-switch__thumb{left:auto;right:3px}
.elder-switch[aria-checked="true"] .elder-switch__state{margin-left:0}
html[data-elder] body{font-size:18px;line-height:1.6;color:#15181d}
html[data-elder] main{max-width:560px}
html[data-elder] :is(.brand,label,.hint,.alert,.status,.notice,.links,nav.tabs a,.terms p,.terms li,.elder-switch__hint,.elder-switch__track){font-size:18px;line-height:1.6}
html[data-elder] :is(.brand,.hint,.elder-switch__hint){color:#424a55}
html[data-elder] h1{font-size:26px}
html[data-elder] input:not([type="checkbox"],[type="range"]){height:60px;font-size:18px}
html[data-elder] button{min-height:60px;font-size:18px;line-height:1.5}
html[data-elder] button:not(.secondary,.elder-switch){background:#003a9e;border-color:#003a9e}
html[data-elder] button.secondary{color:#003a9e;border-color:#003a9e}
html[data-elder] a,html[data-elder] nav.tabs a[aria-current="page"]{color:#003a9e}
html[data-elder] .consent input{width:28px;height:28px}
html[data-elder] *{transition:none!important;animation:none!important}
`;

/** The page script (page-script/sign-in-page.ts, built) as a page includes it. */
export interface PageScript {
  src: string;
  /** The CSP nonce that lets this one script run. */
  nonce: string;
  /** The interaction's address, where the script's JSON endpoints live. */
  interaction: string;
}

/** 长辈模式 on the pages of an interaction: whether it is on, and the page to come back to. */
export interface ElderModeForm {
  on: boolean;
  /** The interaction's address; the switch posts to `${action}/elder-mode`. */
  action: string;
  /** This page's address (a GET page of the same interaction). */
  back: string;
}

/**
 * The switch 「长辈模式」 as a form, so it needs no script: the page comes back in the mode chosen.
 * Its button keeps the default type (submit) unwritten, so `button[type=submit]` is still the
 * page's own form's.
 */
function ElderModeSwitch({ on, action, back }: ElderModeForm) {
  return (
    <form method="post" action={`${action}/elder-mode`}>
      <input type="hidden" name="on" value={on ? '0' : '1'} />
      <input type="hidden" name="back" value={back} />
      <button
        className="elder-switch"
        role="switch"
        aria-checked={on}
        aria-labelledby="elder-label"
        aria-describedby="elder-hint"
      >
        <span className="elder-switch__text">
          <span className="elder-switch__label" id="elder-label">
            长辈模式
          </span>
          <span className="elder-switch__hint" id="elder-hint">
            大字体、大按钮、页面更简洁
          </span>
        </span>
        <span className="elder-switch__track" aria-hidden="true">
          <span className="elder-switch__state">{on ? '开' : '关'}</span>
          <span className="elder-switch__thumb" />
        </span>
      </button>
    </form>
  );
}

interface ShellProps {
  title: string;
  brand: string;
  script?: PageScript | undefined;
  /** 长辈模式: on <html> from the cookie, and its switch on the pages of an interaction. */
  elder?: ElderModeForm | boolean | undefined;
  children: ReactNode;
}

function Shell({ title, brand, script, elder, children }: ShellProps) {
  const elderOn = typeof elder === 'object' ? elder.on : Boolean(elder);
  return (
    <html lang="zh-CN" {...(elderOn ? { [ELDER_MODE_ATTRIBUTE]: '' } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} - ${brand}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <p className="brand">{brand}</p>
          {typeof elder === 'object' && <ElderModeSwitch {...elder} />}
          {children}
        </main>
        {script && (
          <script src={script.src} nonce={script.nonce} data-interaction={script.interaction} />
        )}
      </body>
    </html>
  );
}

/** A whole page: React escapes every value it is given. */
export function renderPage(props: ShellProps): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(<Shell {...props} />)}`;
}

/** The Content-Security-Policy of our pages: no third-party anything. */
export function contentSecurityPolicy(scriptNonce?: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface FieldProps {
  id: string;
  label: string;
  type?: string;
  value?: string | undefined;
  autoComplete: string;
  inputMode?: 'numeric';
  maxLength?: number;
  error?: boolean;
  hint?: string;
  autoFocus?: boolean;
  /** Placed after the input, on the same row (the send-code button). */
  after?: ReactNode;
}

export function Field(props: FieldProps) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const described = [props.error ? 'form-error' : undefined, hintId].filter(Boolean).join(' ');
  const input = (
    <input
      id={props.id}
      name={props.id}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      required
      inputMode={props.inputMode}
      maxLength={props.maxLength}
      defaultValue={props.value}
      aria-invalid={props.error ? 'true' : undefined}
      aria-describedby={described || undefined}
      autoFocus={props.autoFocus || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.after ? (
        <div className="row">
          {input}
          {props.after}
        </div>
      ) : (
        input
      )}
      {props.hint && (
        <p className="hint" id={hintId}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** Rendered with the page: role=alert makes screen readers announce it on load. */
export function FormError({ error }: { error?: string | undefined }) {
  return (
    <div id="form-error" className="alert" role="alert">
      {error ?? ''}
    </div>
  );
}

export function Notice({ text }: { text?: string | undefined }) {
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}

/** The way back to the portal from every page of the provider. */
export function PortalLink({ homeUrl }: { homeUrl: string }) {
  return (
    <p className="links">
      <a href={homeUrl}>返回平台首页</a>
    </p>
  );
}

/** The box a sign-in page asks consent with (name agree, 1), marked and focused when refused. */
export function ConsentBox({
  refused,
  checked,
  uncheckedMessage = AGREEMENT_REQUIRED,
  children,
}: {
  refused: boolean;
  checked?: boolean | undefined;
  uncheckedMessage?: string;
  children: ReactNode;
}) {
  return (
    <div className="consent">
      <input
        type="checkbox"
        id="agree"
        name="agree"
        value="1"
        // Not `required`: the browser's own bubble is in its language (English on many phones);
        // the page script and, without it, the server's refusal say it in Chinese here.
        data-unchecked-message={uncheckedMessage}
        defaultChecked={checked || undefined}
        aria-invalid={refused ? 'true' : undefined}
        aria-describedby={refused ? 'form-error' : undefined}
        autoFocus={refused || undefined}
      />
      <label htmlFor="agree">{children}</label>
    </div>
  );
}
