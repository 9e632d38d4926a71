import { PASSWORD_RULE_TEXT } from '@portal/contracts';
import { escapeHtml } from '../platform/html.js';

/** Escapes any value for HTML content and attribute values. */
export function html(value: unknown): string {
  return escapeHtml(String(value ?? ''));
}

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
`;

export interface PageShell {
  title: string;
  brand: string;
  body: string;
  /** Nonce of the one inline script this page may run (CSP). */
  scriptNonce?: string;
  script?: string;
}

export function renderShell(page: PageShell): string {
  const script =
    page.script && page.scriptNonce
      ? `<script nonce="${html(page.scriptNonce)}">${page.script}</script>`
      : '';
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(page.title)} - ${html(page.brand)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${html(page.brand)}</p>
${page.body}
</main>
${script}
</body>
</html>`;
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

interface FieldOptions {
  id: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  inputmode?: string;
  maxlength?: number;
  error?: boolean;
  hint?: string;
  autofocus?: boolean;
  /** Markup placed after the input, on the same row (the send-code button). */
  after?: string;
}

function field(options: FieldOptions): string {
  const hintId = options.hint ? `${options.id}-hint` : undefined;
  const described = [options.error ? 'form-error' : undefined, hintId].filter(Boolean).join(' ');
  const input = `<input id="${options.id}" name="${options.id}" type="${options.type ?? 'text'}"
    autocomplete="${options.autocomplete}" required${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}${
      options.maxlength ? ` maxlength="${options.maxlength}"` : ''
    }${options.value !== undefined ? ` value="${html(options.value)}"` : ''}${
      options.error ? ' aria-invalid="true"' : ''
    }${described ? ` aria-describedby="${described}"` : ''}${options.autofocus ? ' autofocus' : ''}>`;
  return `<div class="field">
<label for="${options.id}">${html(options.label)}</label>
${options.after ? `<div class="row">${input}${options.after}</div>` : input}
${options.hint ? `<p class="hint" id="${hintId}">${html(options.hint)}</p>` : ''}
</div>`;
}

function alert(error: string | undefined): string {
  // Rendered with the page: role=alert makes screen readers announce it on load.
  return `<div id="form-error" class="alert" role="alert">${html(error ?? '')}</div>`;
}

export type SignInTab = 'password' | 'sms';

export interface SignInPageInput {
  brand: string;
  /** Where this interaction's pages live: `${base}/interaction/${uid}`. */
  action: string;
  tab: SignInTab;
  smsAvailable: boolean;
  values: { mobile?: string };
  error?: string;
  /** Which field the error is about, to mark and focus it. */
  errorField?: string;
  scriptNonce: string;
  /** The page script for the SMS code (slide check, then send); absent without SMS. */
  smsScript?: string;
  /** The password try must come with a slide check (after a few failures). */
  captcha?: boolean;
}

export function renderSignInPage(input: SignInPageInput): string {
  const { action, values, error, errorField } = input;
  const tab = input.smsAvailable ? input.tab : 'password';
  const focusFirst = (id: string, isFirst: boolean) =>
    errorField ? errorField === id : isFirst && !values.mobile;
  const tabs = input.smsAvailable
    ? `<nav class="tabs" aria-label="登录方式">
<a href="${action}?tab=password"${tab === 'password' ? ' aria-current="page"' : ''}>密码登录</a>
<a href="${action}?tab=sms"${tab === 'sms' ? ' aria-current="page"' : ''}>验证码登录</a>
</nav>`
    : '';
  const mobile = field({
    id: 'mobile',
    label: '手机号',
    type: 'tel',
    inputmode: 'numeric',
    maxlength: 11,
    autocomplete: 'username',
    value: values.mobile ?? '',
    error: errorField === 'mobile',
    autofocus: focusFirst('mobile', true),
  });
  const form =
    tab === 'password'
      ? `<form method="post" action="${action}/password" aria-labelledby="page-title"${input.captcha ? ' data-captcha-required' : ''}>
${alert(error)}
${mobile}
${field({
  id: 'password',
  label: '密码',
  type: 'password',
  autocomplete: 'current-password',
  error: errorField === 'password',
  autofocus: focusFirst('password', false) || (!errorField && Boolean(values.mobile)),
})}
${input.captcha ? passwordCaptchaBlock() : ''}
<button type="submit">登录</button>
</form>`
      : `<form method="post" action="${action}/sms" aria-labelledby="page-title" data-sms-scene="SignIn">
${alert(error)}
${mobile}
${captchaBlock()}
${field({
  id: 'code',
  label: '短信验证码',
  inputmode: 'numeric',
  maxlength: 6,
  autocomplete: 'one-time-code',
  error: errorField === 'code',
  autofocus: focusFirst('code', false) || (!errorField && Boolean(values.mobile)),
  after: sendCodeButton(),
})}
<button type="submit">登录</button>
</form>`;
  return renderShell({
    title: '登录',
    brand: input.brand,
    scriptNonce: input.scriptNonce,
    script: tab === 'sms' || input.captcha ? input.smsScript : undefined,
    body: `<h1 id="page-title">登录</h1>
<div class="card">
${tabs}
${form}
<p class="links">还没有账号？<a href="${action}/signup">注册新账号</a></p>
</div>`,
  });
}

export interface SignUpPageInput {
  brand: string;
  action: string;
  values: { mobile?: string; name?: string };
  error?: string;
  errorField?: string;
  scriptNonce: string;
  smsScript?: string;
}

export function renderSignUpPage(input: SignUpPageInput): string {
  const { action, values, error, errorField } = input;
  const focus = (id: string) => (errorField ? errorField === id : id === 'mobile');
  return renderShell({
    title: '注册',
    brand: input.brand,
    scriptNonce: input.scriptNonce,
    script: input.smsScript,
    body: `<h1 id="page-title">注册新账号</h1>
<div class="card">
<form method="post" action="${action}/signup" aria-labelledby="page-title" data-sms-scene="SignUp">
${alert(error)}
${field({ id: 'mobile', label: '手机号', type: 'tel', inputmode: 'numeric', maxlength: 11, autocomplete: 'tel', value: values.mobile ?? '', error: errorField === 'mobile', autofocus: focus('mobile') })}
${captchaBlock()}
${field({ id: 'code', label: '短信验证码', inputmode: 'numeric', maxlength: 6, autocomplete: 'one-time-code', error: errorField === 'code', autofocus: focus('code'), after: sendCodeButton() })}
${field({ id: 'name', label: '姓名', autocomplete: 'name', maxlength: 20, value: values.name ?? '', error: errorField === 'name', autofocus: focus('name') })}
${field({ id: 'password', label: '密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'password', autofocus: focus('password'), hint: PASSWORD_RULE_TEXT })}
${field({ id: 'confirmPassword', label: '确认密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'confirmPassword', autofocus: focus('confirmPassword') })}
<button type="submit">注册并登录</button>
</form>
<p class="links">已有账号？<a href="${action}">返回登录</a></p>
</div>`,
  });
}

function sendCodeButton(): string {
  return `<button type="button" class="secondary" id="send-code" aria-controls="captcha">获取验证码</button>`;
}

/** Filled by the page script with the slide check the SMS send needs first. */
function captchaBlock(): string {
  return `<div class="captcha" id="captcha" hidden></div>
<p class="status" id="sms-status" role="status" aria-live="polite"></p>`;
}

/** The slide check a password try needs after a few failures; the script fills the fields. */
function passwordCaptchaBlock(): string {
  return `<div class="captcha" id="captcha" hidden></div>
<input type="hidden" name="captchaChallengeId" id="captcha-challenge">
<input type="hidden" name="captchaX" id="captcha-x">
<input type="hidden" name="captchaTrail" id="captcha-trail">
<p class="status" id="sms-status" role="status" aria-live="polite"></p>`;
}

export interface MessagePageInput {
  brand: string;
  title: string;
  message: string;
  link?: { href: string; text: string };
  /** Extra markup (the logout form). */
  extra?: string;
}

export function renderMessagePage(input: MessagePageInput): string {
  return renderShell({
    title: input.title,
    brand: input.brand,
    body: `<h1>${html(input.title)}</h1>
<div class="card">
<p>${html(input.message)}</p>
${input.extra ?? ''}
${input.link ? `<p class="links"><a href="${html(input.link.href)}">${html(input.link.text)}</a></p>` : ''}
</div>`,
  });
}
