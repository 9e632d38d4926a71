import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  CAPTCHA_SCENE,
  isStrongPassword,
  MOBILE_PATTERN,
  PASSWORD_RULE_TEXT,
} from '@portal/contracts';
import type Provider from 'oidc-provider';
import type { InteractionDetails, KoaContext, KoaMiddleware } from 'oidc-provider';
import { checkCaptcha } from '../domain/accounts/captcha.js';
import { DomainError } from '../domain/errors.js';
import { ownAddress, ownOrigins } from '../platform/own-addresses.js';
import type { AppDeps } from '../platform/deps.js';
import { CAPTCHA_REQUIRED, createAttemptLimiter } from '../platform/attempt-limiter.js';
import {
  createUser,
  findActiveUserById,
  findActiveUserByMobile,
  resetPassword,
  SIGN_IN_FAILED,
  signInWithPassword,
  type SignInOutcome,
} from './accounts.js';
import { authorityBasePath } from './provider.js';
import {
  contentSecurityPolicy,
  renderMessagePage,
  renderResetPage,
  renderSignInPage,
  renderSignUpPage,
  renderTermsPage,
  type SignInTab,
} from './pages.js';
import {
  endSessions,
  endSessionsOfAccount,
  hasEnded,
  revokeTokensOfSessions,
  sessionIdsOf,
} from './sessions.js';
import type { SmsSignIn } from './sms.js';

const FORM_LIMIT_BYTES = 16 * 1024;
const MOBILE_INVALID = '请输入正确的11位手机号';
export const AGREEMENT_REQUIRED = '请阅读并勾选同意《用户协议》和《隐私政策》';

export class FormTooLarge extends Error {}

/** Reads the body straight from the request (Fastify left it unread for Koa). */
async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new FormTooLarge('form too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readBody(req));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    if (error instanceof FormTooLarge) throw error;
    return {};
  }
}

export interface InteractionRoutesOptions {
  /** The SMS sign-in and sign-up code path; absent when SMS is not available. */
  sms?: SmsSignIn;
}

/**
 * Our pages and endpoints inside the provider (Koa middleware in front of its router):
 * the sign-in and sign-up pages of an interaction, and Auth/OutLogin (spec §4).
 */
export function interactionRoutes(
  provider: Provider,
  deps: AppDeps,
  options: InteractionRoutesOptions = {},
): KoaMiddleware {
  const { config, db } = deps;
  const base = authorityBasePath(config.authorityUrl);
  const brand = config.share.title;
  const limiter = createAttemptLimiter(deps.store);
  const homeUrl = `${config.publicUrl}/views/home/project`;
  /** The portal's one home, the way back from the sign-in pages. */
  const portalHome = `${config.publicUrl}/views/home`;
  const termsUrls = { user: `${base}/terms/user`, privacy: `${base}/terms/privacy` };
  const { sms } = options;

  const send = (ctx: KoaContext, status: number, body: string, scriptNonce?: string) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', contentSecurityPolicy(scriptNonce));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.body = body;
  };

  const expired = (ctx: KoaContext) =>
    send(
      ctx,
      400,
      renderMessagePage({
        brand,
        title: '登录请求已过期',
        message: '此登录页面已失效，请返回重新登录。',
        link: { href: `${config.publicUrl}/views/auth/login`, text: '重新登录' },
      }),
    );

  /** The interaction behind this page, only when the browser's interaction cookie names it (CSRF). */
  const interactionFor = async (
    ctx: KoaContext,
    uid: string,
  ): Promise<InteractionDetails | undefined> => {
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      return details.uid === uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  const finishLogin = async (ctx: KoaContext, userId: number) => {
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: String(userId) } },
      { mergeWithLastSubmission: false },
    );
    ctx.status = 303;
    ctx.redirect(returnTo);
  };

  const showSignIn = (
    ctx: KoaContext,
    uid: string,
    view: {
      tab: SignInTab;
      mobile?: string;
      error?: string;
      errorField?: string;
      status?: number;
      captcha?: boolean;
      notice?: string;
    },
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const action = `${base}/interaction/${uid}`;
    send(
      ctx,
      view.status ?? 200,
      renderSignInPage({
        brand,
        action,
        tab: view.tab,
        smsAvailable: Boolean(sms),
        values: { mobile: view.mobile },
        error: view.error,
        errorField: view.errorField,
        scriptNonce: nonce,
        smsScript: sms?.pageScript(action),
        captcha: view.captcha,
        notice: view.notice,
        homeUrl: portalHome,
      }),
      nonce,
    );
  };

  const showSignUp = (
    ctx: KoaContext,
    uid: string,
    view: {
      mobile?: string;
      name?: string;
      code?: string;
      agreed?: boolean;
      error?: string;
      errorField?: string;
      status?: number;
    },
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const action = `${base}/interaction/${uid}`;
    send(
      ctx,
      view.status ?? 200,
      renderSignUpPage({
        brand,
        action,
        values: { mobile: view.mobile, name: view.name, code: view.code, agreed: view.agreed },
        error: view.error,
        errorField: view.errorField,
        scriptNonce: nonce,
        smsScript: sms?.pageScript(action),
        homeUrl: portalHome,
        termsUrls,
      }),
      nonce,
    );
  };

  const showReset = (
    ctx: KoaContext,
    uid: string,
    view: { mobile?: string; error?: string; errorField?: string; status?: number },
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const action = `${base}/interaction/${uid}`;
    send(
      ctx,
      view.status ?? 200,
      renderResetPage({
        brand,
        action,
        values: { mobile: view.mobile },
        error: view.error,
        errorField: view.errorField,
        scriptNonce: nonce,
        smsScript: sms?.pageScript(action),
        homeUrl: portalHome,
      }),
      nonce,
    );
  };

  /** Password and SMS sign-in: check the number and the secret, try it, then answer on the page. */
  const signInWith =
    (
      tab: 'password' | 'sms',
      secretField: 'password' | 'code',
      missingSecret: string,
      attempt: (input: {
        mobile: string;
        secret: string;
        address: string;
        form: URLSearchParams;
      }) => Promise<SignInOutcome>,
    ) =>
    async (ctx: KoaContext, uid: string) => {
      const form = await readForm(ctx.req);
      const mobile = (form.get('mobile') ?? '').trim();
      const raw = form.get(secretField) ?? '';
      // A password is taken as typed; an SMS code may carry stray spaces from copy and paste.
      const secret = secretField === 'code' ? raw.trim() : raw;
      const refuse = (error: string, errorField: string, status: number) =>
        showSignIn(ctx, uid, { tab, mobile, error, errorField, status });
      if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile', 400);
      if (!secret) return refuse(missingSecret, secretField, 400);
      const outcome = await attempt({ mobile, secret, address: ctx.ip, form });
      if (!outcome.ok || !outcome.userId)
        return showSignIn(ctx, uid, {
          tab,
          mobile,
          error: outcome.message ?? SIGN_IN_FAILED,
          errorField: secretField,
          status: outcome.limited ? 429 : outcome.message === CAPTCHA_REQUIRED ? 400 : 401,
          captcha: outcome.captchaRequired,
        });
      return finishLogin(ctx, outcome.userId);
    };

  const passwordSignIn = signInWith('password', 'password', '请输入密码', (input) =>
    signInWithPassword(db, limiter, {
      ...input,
      password: input.secret,
      human: slideCheckOf(input.form),
    }),
  );

  /** The slide check sent with a password try, judged (and spent) when the try needs it. */
  const slideCheckOf = (form: URLSearchParams) => {
    const challengeId = form.get('captchaChallengeId');
    if (!challengeId) return undefined;
    return async () => {
      let trail: { X: number; T: number }[] = [];
      try {
        const parsed: unknown = JSON.parse(form.get('captchaTrail') ?? '[]');
        if (Array.isArray(parsed))
          trail = parsed.slice(0, 500).map((point: { X?: unknown; T?: unknown } | null) => ({
            X: Number(point?.X) || 0,
            T: Number(point?.T) || 0,
          }));
      } catch {
        return false;
      }
      try {
        await checkCaptcha(deps, {
          ChallengeId: challengeId,
          Scene: CAPTCHA_SCENE,
          X: Number(form.get('captchaX')) || 0,
          Trail: trail,
        });
        return true;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    };
  };

  const smsSignIn = async (ctx: KoaContext, uid: string) => {
    if (!sms) {
      const form = await readForm(ctx.req);
      return showSignIn(ctx, uid, { tab: 'password', mobile: (form.get('mobile') ?? '').trim() });
    }
    return signInWith('sms', 'code', '请输入短信验证码', (input) =>
      sms.signIn({ ...input, code: input.secret }),
    )(ctx, uid);
  };

  const signUp = async (ctx: KoaContext, uid: string) => {
    const form = await readForm(ctx.req);
    const mobile = (form.get('mobile') ?? '').trim();
    const code = (form.get('code') ?? '').trim();
    const name = (form.get('name') ?? '').trim();
    const password = form.get('password') ?? '';
    const confirmPassword = form.get('confirmPassword') ?? '';
    // What was typed comes back, but a code refused (and the passwords) must be typed again.
    const refuse = (error: string, errorField: string) =>
      showSignUp(ctx, uid, {
        mobile,
        name,
        code: errorField === 'code' ? '' : code,
        agreed: form.get('agree') === '1',
        error,
        errorField,
        status: 400,
      });
    if (!sms) return refuse('暂不支持注册，请联系管理员', 'mobile');
    if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile');
    if (!code) return refuse('请输入短信验证码', 'code');
    if (!name) return refuse('请输入姓名', 'name');
    if (name.length > 20) return refuse('姓名不能超过20个字', 'name');
    if (!isStrongPassword(password)) return refuse(`密码须${PASSWORD_RULE_TEXT}`, 'password');
    if (password !== confirmPassword) return refuse('两次输入的密码不一致', 'confirmPassword');
    if (form.get('agree') !== '1') return refuse(AGREEMENT_REQUIRED, 'agree');
    const verified = await sms.verifySignUp({ mobile, code, address: ctx.ip });
    if (!verified.ok) return refuse(verified.message ?? '验证码不正确', 'code');
    const created = await createUser(db, { mobile, name, password });
    if (!created.ok) return refuse(created.message, 'mobile');
    return finishLogin(ctx, created.userId);
  };

  /** Forgot password: the number's SMS code, then a new password; back to sign-in to use it. */
  const reset = async (ctx: KoaContext, uid: string) => {
    const form = await readForm(ctx.req);
    const mobile = (form.get('mobile') ?? '').trim();
    const code = (form.get('code') ?? '').trim();
    const password = form.get('password') ?? '';
    const confirmPassword = form.get('confirmPassword') ?? '';
    const refuse = (error: string, errorField: string) =>
      showReset(ctx, uid, { mobile, error, errorField, status: 400 });
    if (!sms) return refuse('暂不支持找回密码，请联系管理员', 'mobile');
    if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile');
    if (!code) return refuse('请输入短信验证码', 'code');
    if (!isStrongPassword(password)) return refuse(`密码须${PASSWORD_RULE_TEXT}`, 'password');
    if (password !== confirmPassword) return refuse('两次输入的密码不一致', 'confirmPassword');
    const verified = await sms.verifyReset({ mobile, code, address: ctx.ip });
    if (!verified.ok) return refuse(verified.message ?? '验证码不正确', 'code');
    // A code is only sent to a live account's number, so a verified one has an account.
    if (!(await resetPassword(db, { mobile, password })))
      return refuse('该手机号未注册，请先注册', 'mobile');
    // Whoever knew the old password is signed out everywhere.
    const user = await findActiveUserByMobile(db, mobile);
    if (user) await endSessionsOfAccount(deps, user.id);
    return showSignIn(ctx, uid, { tab: 'password', mobile, notice: '密码已重置，请用新密码登录' });
  };

  /**
   * Auth/OutLogin?ReturnUrl= (spec §4): end the session and every token issued in it, return only
   * to a registered address.
   */
  const outLogin = async (ctx: KoaContext) => {
    await endSessions(deps, [await provider.Session.get(ctx)]);
    ctx.cookies.set(provider.cookieName('session'), null);
    const returnUrl = ctx.query.ReturnUrl ?? ctx.query.returnUrl;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(
      safeReturnUrl(typeof returnUrl === 'string' ? returnUrl : undefined, deps) ?? homeUrl,
    );
  };

  /**
   * A session whose account has since closed, or that was ended elsewhere (a password change on
   * another device), is ended before the provider sees it: it must not mint another token. The
   * provider expects a session's account to exist, and a closed one must sign in again (and cannot).
   */
  const dropEndedSession = async (ctx: KoaContext) => {
    const session = await provider.Session.get(ctx);
    if (!session.accountId) return;
    if (
      !(await findActiveUserById(db, Number(session.accountId))) ||
      (await hasEnded(deps, session))
    )
      await endSessions(deps, [session]);
  };

  /** The provider's own sign-out page: the tokens of whatever it ends are revoked too. */
  const endSessionConfirm = async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const before = await provider.Session.get(ctx);
    await next();
    const after = await provider.Session.findByUid(before.uid);
    const kept = after ? sessionIdsOf(after) : [];
    const ended = sessionIdsOf(before).filter((sid) => !kept.includes(sid));
    await revokeTokensOfSessions(deps, ended);
  };

  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path.toLowerCase() === '/auth/outlogin') return outLogin(ctx);
    const terms = /^\/terms\/(user|privacy)$/.exec(ctx.path);
    if (ctx.method === 'GET' && terms) {
      const kind = terms[1] === 'user' ? 'user' : 'privacy';
      return send(ctx, 200, renderTermsPage({ brand, kind, homeUrl: portalHome }));
    }
    if (ctx.path.startsWith('/connect/authorize')) {
      await dropEndedSession(ctx);
      return next();
    }
    if (ctx.method === 'POST' && ctx.path === '/connect/endsession/confirm')
      return endSessionConfirm(ctx, next);
    const match =
      /^\/interaction\/([\w-]+)(?:\/(password|sms|signup|reset|captcha|sms-code))?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid = '', action] = match;
    const details = await interactionFor(ctx, uid);
    if (!details) return expired(ctx);
    try {
      if (ctx.method === 'GET') {
        if (details.prompt.name !== 'login') return finishConsent(provider, ctx, details);
        if (action === 'signup') return showSignUp(ctx, uid, {});
        if (action === 'reset') return showReset(ctx, uid, {});
        if (action) return next();
        const tab = ctx.query.tab === 'sms' && sms ? 'sms' : 'password';
        return showSignIn(ctx, uid, { tab });
      }
      if (ctx.method !== 'POST') return next();
      if (action === 'password') return await passwordSignIn(ctx, uid);
      if (action === 'sms') return await smsSignIn(ctx, uid);
      if (action === 'signup') return await signUp(ctx, uid);
      if (action === 'reset') return await reset(ctx, uid);
      if (sms && (action === 'captcha' || action === 'sms-code'))
        return await sms.handleJson(ctx, action);
      return next();
    } catch (error) {
      if (error instanceof FormTooLarge) {
        ctx.status = 413;
        ctx.body = '请求内容过大';
        return;
      }
      throw error;
    }
  };
}

/** Our client is first-party: a pending consent is granted without asking. */
async function finishConsent(provider: Provider, ctx: KoaContext, details: InteractionDetails) {
  const accountId = details.session?.accountId;
  const clientId = String(details.params.client_id ?? '');
  if (details.prompt.name !== 'consent' || !accountId || !clientId) {
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, {
      error: 'access_denied',
      error_description: 'interaction not supported',
    });
    ctx.redirect(returnTo);
    return;
  }
  const grantId = (details as { grantId?: string }).grantId;
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(resource, scopes.join(' '));
  const returnTo = await provider.interactionResult(
    ctx.req,
    ctx.res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
  ctx.status = 303;
  ctx.redirect(returnTo);
}

/**
 * Where OutLogin may send the browser: an address on this deployment's own origins
 * (which covers the client's registered post-logout addresses); a relative path is read
 * against the public URL. Anything else is refused.
 */
export function safeReturnUrl(returnUrl: string | undefined, deps: AppDeps): string | undefined {
  if (!returnUrl) return undefined;
  const base = `${deps.config.publicUrl}/`;
  if (!URL.canParse(returnUrl, base)) return undefined;
  return ownAddress(new URL(returnUrl, base).href, ownOrigins(deps.config))?.href;
}
