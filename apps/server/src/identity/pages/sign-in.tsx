import { PASSWORD_RULE_TEXT } from '@portal/contracts';
import {
  ConsentBox,
  Field,
  FormError,
  Notice,
  type PageScript,
  PortalLink,
  renderPage,
} from './layout.js';

export type SignInTab = 'password' | 'sms';

/** What every page of an interaction is given. */
export interface InteractionPage {
  brand: string;
  /** Where this interaction's pages live: `${base}/interaction/${uid}`. */
  action: string;
  error?: string | undefined;
  /** Which field the error is about, to mark and focus it. */
  errorField?: string | undefined;
  /** The page script (the proof of work, then the SMS code); absent without SMS. */
  script?: PageScript | undefined;
  /** The portal's home, for a way back without signing in. */
  homeUrl: string;
  /** 长辈模式 is on (its cookie). */
  elder: boolean;
}

export interface SignInPageInput extends InteractionPage {
  tab: SignInTab;
  smsAvailable: boolean;
  values: { mobile?: string | undefined };
  /** The password try must come with a proof of work (after a few failures). */
  captcha?: boolean | undefined;
  /** A good outcome to tell first (the password was reset). */
  notice?: string | undefined;
  /** Inside WeChat with WeChat's authorisation on: 微信登录 first, then the mobile's ways. */
  weChat?: boolean | undefined;
  /** 微信登录 came back with a WeChat bound to no account: what to do instead. */
  weChatUnbound?: boolean | undefined;
}

/** 微信登录: the account bound to this WeChat, through WeChat's own authorisation page. */
function WeChatSignIn({ action, unbound }: { action: string; unbound: boolean }) {
  return (
    <>
      {unbound && (
        <div className="alert" role="alert" id="wechat-unbound">
          <p className="alert__title">这个微信还没有绑定报名账号</p>
          <p>
            请先用下面的手机号登录（还没有账号请先注册），登录后在「我的 →
            绑定微信」完成绑定，之后即可在微信中一键登录。
          </p>
        </div>
      )}
      <form method="post" action={`${action}/wechat`} aria-label="微信登录">
        <button type="submit" className="wechat">
          微信登录
        </button>
      </form>
      <p className="or">或使用手机号登录</p>
    </>
  );
}

function SendCodeButton() {
  return (
    <button type="button" className="secondary" id="send-code" aria-describedby="sms-status">
      获取验证码
    </button>
  );
}

/** Where the page script says how the human check (a proof of work, nothing to do) is going. */
function Captcha() {
  return <p className="status" id="sms-status" role="status" aria-live="polite" />;
}

/** The proof of work a password try needs after a few failures; the script fills the fields. */
function PasswordCaptcha() {
  return (
    <>
      <input type="hidden" name="captchaChallenge" id="captcha-challenge" />
      <input type="hidden" name="captchaSolution" id="captcha-solution" />
      <Captcha />
    </>
  );
}

interface FieldState {
  error: boolean;
  autoFocus: boolean;
}

function MobileField(
  props: FieldState & { value: string | undefined; label?: string; autoComplete?: string },
) {
  return (
    <Field
      id="mobile"
      label={props.label ?? '手机号'}
      type="tel"
      inputMode="numeric"
      maxLength={11}
      autoComplete={props.autoComplete ?? 'username'}
      value={props.value ?? ''}
      error={props.error}
      autoFocus={props.autoFocus}
    />
  );
}

/** The SMS code, with the button that asks for one (after the human check). */
function CodeField(props: FieldState & { value?: string | undefined }) {
  return (
    <Field
      id="code"
      label="短信验证码"
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      value={props.value}
      error={props.error}
      autoFocus={props.autoFocus}
      after={<SendCodeButton />}
    />
  );
}

/** A new password and its confirmation. */
function NewPasswordFields(props: {
  labels: [string, string];
  errorField: string | undefined;
  focus: (id: string) => boolean;
}) {
  const fields = [
    { id: 'password', hint: PASSWORD_RULE_TEXT },
    { id: 'confirmPassword', hint: undefined },
  ];
  return fields.map(({ id, hint }, index) => (
    <Field
      key={id}
      id={id}
      label={props.labels[index]!}
      type="password"
      autoComplete="new-password"
      maxLength={20}
      error={props.errorField === id}
      autoFocus={props.focus(id)}
      hint={hint}
    />
  ));
}

function SignIn(input: SignInPageInput & { tab: SignInTab }) {
  const { action, values, error, errorField, tab } = input;
  const focusFirst = (id: string, isFirst: boolean) =>
    errorField ? errorField === id : isFirst && !values.mobile;
  const focusSecret = (id: string) =>
    focusFirst(id, false) || (!errorField && Boolean(values.mobile));
  const mobile = (
    <MobileField
      value={values.mobile}
      error={errorField === 'mobile'}
      autoFocus={focusFirst('mobile', true)}
    />
  );
  return (
    <>
      <h1 id="page-title">登录</h1>
      <div className="card">
        <Notice text={input.notice} />
        {input.weChat && <WeChatSignIn action={action} unbound={Boolean(input.weChatUnbound)} />}
        {input.smsAvailable && (
          <nav className="tabs" aria-label="登录方式">
            <a
              href={`${action}?tab=password`}
              aria-current={tab === 'password' ? 'page' : undefined}
            >
              密码登录
            </a>
            <a href={`${action}?tab=sms`} aria-current={tab === 'sms' ? 'page' : undefined}>
              验证码登录
            </a>
          </nav>
        )}
        {tab === 'password' ? (
          <>
            <form
              method="post"
              action={`${action}/password`}
              aria-labelledby="page-title"
              data-captcha-required={input.captcha ? '' : undefined}
            >
              <FormError error={error} />
              {mobile}
              <Field
                id="password"
                label="密码"
                type="password"
                autoComplete="current-password"
                error={errorField === 'password'}
                autoFocus={focusSecret('password')}
              />
              {input.captcha && <PasswordCaptcha />}
              <button type="submit">登录</button>
            </form>
            <p className="links">
              <a href={`${action}/reset`}>忘记密码？</a>
            </p>
          </>
        ) : (
          <form
            method="post"
            action={`${action}/sms`}
            aria-labelledby="page-title"
            data-sms-scene="SignIn"
          >
            <FormError error={error} />
            {mobile}
            <Captcha />
            <CodeField error={errorField === 'code'} autoFocus={focusSecret('code')} />
            <button type="submit">登录</button>
          </form>
        )}
        <p className="links">
          还没有账号？<a href={`${action}/signup`}>注册新账号</a>
        </p>
      </div>
      <PortalLink homeUrl={input.homeUrl} />
    </>
  );
}

export function renderSignInPage(input: SignInPageInput): string {
  const tab = input.smsAvailable ? input.tab : 'password';
  return renderPage({
    title: '登录',
    brand: input.brand,
    elder: {
      on: input.elder,
      action: input.action,
      back: tab === 'sms' ? `${input.action}?tab=sms` : input.action,
    },
    // The script runs only where a human check may be needed.
    script: tab === 'sms' || input.captcha ? input.script : undefined,
    children: <SignIn {...input} tab={tab} />,
  });
}

export interface SignUpPageInput extends InteractionPage {
  values: {
    mobile?: string | undefined;
    name?: string | undefined;
    code?: string | undefined;
    agreed?: boolean | undefined;
  };
  /** Where the user agreement and the privacy policy are read. */
  termsUrls: { user: string; privacy: string };
}

export function renderSignUpPage(input: SignUpPageInput): string {
  const { action, values, error, errorField } = input;
  const focus = (id: string) => (errorField ? errorField === id : id === 'mobile');
  const agreeError = errorField === 'agree';
  return renderPage({
    title: '注册',
    brand: input.brand,
    elder: { on: input.elder, action: input.action, back: `${input.action}/signup` },
    script: input.script,
    children: (
      <>
        <h1 id="page-title">注册新账号</h1>
        <div className="card">
          <form
            method="post"
            action={`${action}/signup`}
            aria-labelledby="page-title"
            data-sms-scene="SignUp"
          >
            <FormError error={error} />
            <MobileField
              autoComplete="tel"
              value={values.mobile}
              error={errorField === 'mobile'}
              autoFocus={focus('mobile')}
            />
            <Captcha />
            <CodeField
              value={values.code ?? ''}
              error={errorField === 'code'}
              autoFocus={focus('code')}
            />
            <Field
              id="name"
              label="姓名"
              autoComplete="name"
              maxLength={20}
              value={values.name ?? ''}
              error={errorField === 'name'}
              autoFocus={focus('name')}
            />
            <NewPasswordFields
              labels={['密码', '确认密码']}
              errorField={errorField}
              focus={focus}
            />
            <ConsentBox refused={agreeError} checked={values.agreed}>
              我已阅读并同意
              <a href={input.termsUrls.user} target="_blank" rel="noopener">
                《用户协议》
              </a>
              和
              <a href={input.termsUrls.privacy} target="_blank" rel="noopener">
                《隐私政策》
              </a>
            </ConsentBox>
            <button type="submit">注册并登录</button>
          </form>
          <p className="links">
            已有账号？<a href={action}>返回登录</a>
          </p>
        </div>
        <PortalLink homeUrl={input.homeUrl} />
      </>
    ),
  });
}

export interface ResetPageInput extends InteractionPage {
  values: { mobile?: string | undefined };
}

/** Forgot password: the number, its SMS code (after the human check), then the new password. */
export function renderResetPage(input: ResetPageInput): string {
  const { action, values, error, errorField } = input;
  const focus = (id: string) => (errorField ? errorField === id : id === 'mobile');
  return renderPage({
    title: '找回密码',
    brand: input.brand,
    elder: { on: input.elder, action: input.action, back: `${input.action}/reset` },
    script: input.script,
    children: (
      <>
        <h1 id="page-title">找回密码</h1>
        <div className="card">
          <form
            method="post"
            action={`${action}/reset`}
            aria-labelledby="page-title"
            data-sms-scene="ResetPassword"
          >
            <FormError error={error} />
            <MobileField
              label="注册手机号"
              value={values.mobile}
              error={errorField === 'mobile'}
              autoFocus={focus('mobile')}
            />
            <Captcha />
            <CodeField error={errorField === 'code'} autoFocus={focus('code')} />
            <NewPasswordFields
              labels={['新密码', '确认新密码']}
              errorField={errorField}
              focus={focus}
            />
            <button type="submit">重置密码</button>
          </form>
          <p className="links">
            想起密码了？<a href={action}>返回登录</a>
          </p>
        </div>
        <PortalLink homeUrl={input.homeUrl} />
      </>
    ),
  });
}
