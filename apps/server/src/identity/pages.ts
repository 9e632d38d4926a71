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
.notice{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#f6ffed;color:#135200;font-size:14px}
.consent{display:flex;align-items:flex-start;gap:8px;margin:0 0 16px}
.consent input{flex:none;width:20px;height:20px;margin:2px 0 0}
.consent label{margin:0;font-weight:400;line-height:1.6}
.split{display:flex;justify-content:space-between;gap:12px}
.terms h2{margin:20px 0 8px;font-size:17px}
.terms p,.terms li{font-size:15px;color:#1f2329}
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
  /** A good outcome to tell first (the password was reset). */
  notice?: string;
  /** The portal's home, for a way back without signing in. */
  homeUrl: string;
}

function notice(text: string | undefined): string {
  return text ? `<p class="notice" role="status">${html(text)}</p>` : '';
}

/** The way back to the portal from every page of the provider. */
function portalLink(homeUrl: string): string {
  return `<p class="links"><a href="${html(homeUrl)}">返回平台首页</a></p>`;
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
</form>
<p class="links"><a href="${action}/reset">忘记密码？</a></p>`
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
${notice(input.notice)}
${tabs}
${form}
<p class="links">还没有账号？<a href="${action}/signup">注册新账号</a></p>
</div>
${portalLink(input.homeUrl)}`,
  });
}

export interface SignUpPageInput {
  brand: string;
  action: string;
  values: {
    mobile?: string;
    name?: string;
    code?: string | undefined;
    agreed?: boolean | undefined;
  };
  error?: string;
  errorField?: string;
  scriptNonce: string;
  smsScript?: string;
  homeUrl: string;
  /** Where the user agreement and the privacy policy are read. */
  termsUrls: { user: string; privacy: string };
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
${field({ id: 'code', label: '短信验证码', inputmode: 'numeric', maxlength: 6, autocomplete: 'one-time-code', value: values.code ?? '', error: errorField === 'code', autofocus: focus('code'), after: sendCodeButton() })}
${field({ id: 'name', label: '姓名', autocomplete: 'name', maxlength: 20, value: values.name ?? '', error: errorField === 'name', autofocus: focus('name') })}
${field({ id: 'password', label: '密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'password', autofocus: focus('password'), hint: PASSWORD_RULE_TEXT })}
${field({ id: 'confirmPassword', label: '确认密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'confirmPassword', autofocus: focus('confirmPassword') })}
<div class="consent">
<input type="checkbox" id="agree" name="agree" value="1" required${values.agreed ? ' checked' : ''}${errorField === 'agree' ? ' aria-invalid="true" aria-describedby="form-error" autofocus' : ''}>
<label for="agree">我已阅读并同意<a href="${html(input.termsUrls.user)}" target="_blank" rel="noopener">《用户协议》</a>和<a href="${html(input.termsUrls.privacy)}" target="_blank" rel="noopener">《隐私政策》</a></label>
</div>
<button type="submit">注册并登录</button>
</form>
<p class="links">已有账号？<a href="${action}">返回登录</a></p>
</div>
${portalLink(input.homeUrl)}`,
  });
}

export interface ResetPageInput {
  brand: string;
  action: string;
  values: { mobile?: string };
  error?: string;
  errorField?: string;
  scriptNonce: string;
  smsScript?: string;
  homeUrl: string;
}

/** Forgot password: the number, its SMS code (after the slide check), then the new password. */
export function renderResetPage(input: ResetPageInput): string {
  const { action, values, error, errorField } = input;
  const focus = (id: string) => (errorField ? errorField === id : id === 'mobile');
  return renderShell({
    title: '找回密码',
    brand: input.brand,
    scriptNonce: input.scriptNonce,
    script: input.smsScript,
    body: `<h1 id="page-title">找回密码</h1>
<div class="card">
<form method="post" action="${action}/reset" aria-labelledby="page-title" data-sms-scene="ResetPassword">
${alert(error)}
${field({ id: 'mobile', label: '注册手机号', type: 'tel', inputmode: 'numeric', maxlength: 11, autocomplete: 'username', value: values.mobile ?? '', error: errorField === 'mobile', autofocus: focus('mobile') })}
${captchaBlock()}
${field({ id: 'code', label: '短信验证码', inputmode: 'numeric', maxlength: 6, autocomplete: 'one-time-code', error: errorField === 'code', autofocus: focus('code'), after: sendCodeButton() })}
${field({ id: 'password', label: '新密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'password', autofocus: focus('password'), hint: PASSWORD_RULE_TEXT })}
${field({ id: 'confirmPassword', label: '确认新密码', type: 'password', autocomplete: 'new-password', maxlength: 20, error: errorField === 'confirmPassword', autofocus: focus('confirmPassword') })}
<button type="submit">重置密码</button>
</form>
<p class="links">想起密码了？<a href="${action}">返回登录</a></p>
</div>
${portalLink(input.homeUrl)}`,
  });
}

/** The user agreement and the privacy policy, readable before signing up (no sign-in needed). */
export function renderTermsPage(input: {
  brand: string;
  kind: 'user' | 'privacy';
  homeUrl: string;
}): string {
  const title = input.kind === 'user' ? '用户协议' : '隐私政策';
  return renderShell({
    title,
    brand: input.brand,
    body: `<h1>${title}</h1>
<div class="card terms">${input.kind === 'user' ? USER_AGREEMENT : PRIVACY_POLICY}</div>
${portalLink(input.homeUrl)}`,
  });
}

const USER_AGREEMENT = `<p>欢迎使用本平台。注册账号即表示您同意本协议。</p>
<h2>一、账号</h2>
<p>您应使用本人手机号注册，并对账号下的全部操作负责。请妥善保管密码，发现账号被他人使用时请立即修改密码并联系主办单位。</p>
<h2>二、报名信息</h2>
<p>您提交的报名信息、证件照片和材料应真实、准确、完整。因信息不实造成的资格审核不通过、取消考试资格等后果由您本人承担。</p>
<h2>三、费用</h2>
<p>报名费由项目主办单位收取，金额以项目页面公示为准。缴费成功后如需退费，按各项目公告的退费规则办理。</p>
<h2>四、考试纪律</h2>
<p>参加在线考试时，请遵守考试须知，不得替考、作弊或传播试题。平台会记录作答过程，违规行为将报告主办单位处理。</p>
<h2>五、协议变更</h2>
<p>协议内容变更时，平台会在登录或注册页面提示，您继续使用即视为同意变更后的协议。</p>`;

const PRIVACY_POLICY = `<p>我们重视您的个人信息保护，并依照《中华人民共和国个人信息保护法》处理您的信息。</p>
<h2>一、我们收集的信息</h2>
<p>手机号（注册、登录和接收验证码）、姓名、身份证号、证件照片及报名表中您填写的内容（报名和资格审核）、缴费记录（订单与对账）。</p>
<h2>二、信息的使用</h2>
<p>这些信息仅用于您所报名项目的报名、审核、缴费、准考证、考试和成绩查询，并提供给该项目的主办单位。我们不会将其用于与报名无关的用途。</p>
<h2>三、信息的展示</h2>
<p>手机号和身份证号在页面、准考证和核验页面上默认部分隐藏显示。</p>
<h2>四、您的权利</h2>
<p>您可以在“我的—账号设置”中查看、修改个人资料，修改密码、更换手机号，或注销账号。注销后您的账号将无法再登录。</p>
<h2>五、联系我们</h2>
<p>如对个人信息处理有疑问，请通过项目页面公布的主办单位咨询电话联系。</p>`;

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
