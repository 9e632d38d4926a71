import type { ReactNode } from 'react';
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
.status{margin:6px 0 0;font-size:13px;color:#237804}
.links{margin:16px 0 0;text-align:center;font-size:14px}
a{color:#0958d9}
.captcha{margin:0 0 16px;padding:12px;border:1px dashed #c9cdd4;border-radius:8px}
.captcha[hidden]{display:none}
.captcha label{font-weight:400}
.puzzle{position:relative;margin:8px 0;border-radius:8px;overflow:hidden;line-height:0}
.puzzle img{display:block;width:100%;height:auto}
.puzzle .piece{position:absolute;left:0;filter:drop-shadow(0 0 2px rgba(0,0,0,.6))}
.captcha input[type="range"]{height:32px;padding:0;border:0}
.notice{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#f6ffed;color:#135200;font-size:14px}
.consent{display:flex;align-items:flex-start;gap:8px;margin:0 0 16px}
.consent input{flex:none;width:20px;height:20px;margin:2px 0 0}
.consent label{margin:0;font-weight:400;line-height:1.6}
.split{display:flex;justify-content:space-between;gap:12px}
.terms h2{margin:20px 0 8px;font-size:17px}
.terms p,.terms li{font-size:15px;color:#1f2329}
`;

/** The page script (page-script/sign-in-page.ts, built) as a page includes it. */
export interface PageScript {
  src: string;
  /** The CSP nonce that lets this one script run. */
  nonce: string;
  /** The interaction's address, where the script's JSON endpoints live. */
  interaction: string;
}

interface ShellProps {
  title: string;
  brand: string;
  script?: PageScript | undefined;
  children: ReactNode;
}

function Shell({ title, brand, script, children }: ShellProps) {
  return (
    <html lang="zh-CN">
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
