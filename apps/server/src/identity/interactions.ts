import { AGREEMENT_REQUIRED, POLICIES_REQUIRED } from './consent-messages.js';
import { randomBytes } from 'node:crypto';
import {
  CAPTCHA_SCENE,
  checkCaptcha as checkCaptchaEndpoint,
  elderModeCookie,
  isElderMode,
  isStrongPassword,
  MOBILE_PATTERN,
  PASSWORD_RULE_TEXT,
  WAITING_LINE_MESSAGE,
} from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import { checkCaptcha } from '../domain/accounts/captcha.js';
import { DomainError } from '../domain/errors.js';
import {
  acceptPolicies,
  POLICY_VERSIONS,
  policiesToAccept,
  type PolicyKind,
} from '../domain/privacy/consents.js';
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
} from '../domain/accounts/sign-in.js';
import type { PageScriptAsset } from './page-script.js';
import {
  contentSecurityPolicy,
  renderMessagePage,
  renderClosingCancelledPage,
  renderPoliciesPage,
  renderResetPage,
  renderSignInPage,
  renderSignUpPage,
  renderTermsPage,
  type InteractionPage,
  type SignInTab,
} from './pages/index.js';
import { authorityBasePath } from './provider.js';
import { endSessions, endSessionsOfAccount, hasEnded } from '../domain/accounts/sessions.js';
import { signInWithWeChat, startWeChatAuthorisation } from '../domain/accounts/users.js';
import type { SmsSignIn } from './sms.js';
import { passwordLine } from '../domain/accounts/passwords.js';
import { LineFull } from '../platform/work-line.js';
import { requestsTurnedAway } from '../platform/metrics.js';

const FORM_LIMIT_BYTES = 16 * 1024;
const MOBILE_INVALID = '请输入正确的11位手机号';
export { AGREEMENT_REQUIRED, POLICIES_REQUIRED };
/** WeChat's in-app browser (and a mini-program's web-view) says so in its user agent. */
const IN_WECHAT = /MicroMessenger/i;
/** How long a sign-in waits for a changed agreement or policy to be accepted. */
const POLICIES_WAIT_SECONDS = 10 * 60;

/** An interaction's address: `/interaction/:uid`, the uid as oidc-provider makes them. */
const INTERACTION = '/interaction/:uid(^[\\w-]+$)';

type Request = FastifyRequest<{ Params: { uid: string }; Querystring: Record<string, unknown> }>;

export interface InteractionRoutesOptions {
  provider: Provider;
  deps: AppDeps;
  /** The SMS sign-in and sign-up code path; absent when SMS is not available. */
  sms?: SmsSignIn | undefined;
  pageScript: PageScriptAsset;
  outLogin: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** A form as sent (`application/x-www-form-urlencoded`); a request without one reads as empty. */
const formOf = (request: FastifyRequest): URLSearchParams =>
  request.body instanceof URLSearchParams ? request.body : new URLSearchParams();

/** A JSON body as sent; anything else reads as empty. */
const jsonOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !(request.body instanceof URLSearchParams)
    ? (request.body as Record<string, unknown>)
    : {};

/**
 * Our pages and endpoints beside the provider, as plain Fastify routes under its prefix: the
 * sign-in, sign-up and reset pages of an interaction (over `provider.interactionDetails` and
 * `interactionResult`), the terms, and Auth/OutLogin (spec §4). Register inside the prefix.
 */
export async function registerInteractionRoutes(
  app: FastifyInstance,
  { provider, deps, sms, pageScript, outLogin }: InteractionRoutesOptions,
): Promise<void> {
  const { config, db } = deps;
  const base = authorityBasePath(config.authorityUrl);
  const brand = config.share.title;
  const limiter = createAttemptLimiter(deps.store);
  /** The portal's one home, the way back from the sign-in pages. */
  const portalHome = `${config.publicUrl}/views/home`;
  const termsUrls = { user: `${base}/terms/user`, privacy: `${base}/terms/privacy` };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body as string);
      } catch {
        parsed = undefined;
      }
      done(null, parsed && typeof parsed === 'object' ? parsed : {});
    },
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    return reply.status(413).type('text/plain; charset=utf-8').send('请求内容过大');
  });

  // HEAD is not answered here (it goes on to the provider): a prefetch must not sign anyone out.
  const get = <R extends FastifyRequest>(
    url: string,
    handler: (request: R, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method: 'GET',
      url,
      exposeHeadRoute: false,
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });

  const send = (reply: FastifyReply, status: number, body: string, scriptNonce?: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(scriptNonce))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(body);

  const expired = (reply: FastifyReply) =>
    send(
      reply,
      400,
      renderMessagePage({
        brand,
        title: '登录请求已过期',
        message: '此登录页面已失效，请返回重新登录。',
        link: { href: `${config.publicUrl}/views/auth/login`, text: '重新登录' },
      }),
    );

  /**
   * The line of password hashes is full (503): the answer says when to come back (Retry-After);
   * the page keeps what was typed and says the wait, 「当前人数较多，正在排队，预计 N 秒」.
   */
  const waitInLine = (reply: FastifyReply, full: LineFull) => {
    requestsTurnedAway.inc({ reason: 'passwordLine' });
    reply.header('retry-after', String(full.retryAfterSeconds));
    return `${WAITING_LINE_MESSAGE}，预计 ${full.retryAfterSeconds} 秒`;
  };

  /** The interaction behind this page, only when the browser's interaction cookie names it (CSRF). */
  const interactionFor = async (
    request: Request,
    reply: FastifyReply,
  ): Promise<InteractionDetails | undefined> => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  /** Signed in: once the current agreement and policy are accepted, back to the portal. */
  const finishLogin = async (request: Request, reply: FastifyReply, userId: number) => {
    const toAccept = await policiesToAccept(db, userId);
    if (toAccept.length > 0) {
      // Who signed in waits beside this interaction (its cookie guards it) until they accept.
      await deps.store.set(policiesKey(request), String(userId), POLICIES_WAIT_SECONDS);
      return showPolicies(request, reply, { kinds: toAccept });
    }
    return completeLogin(request, reply, userId);
  };

  const completeLogin = async (request: Request, reply: FastifyReply, userId: number) => {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: String(userId) } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  };

  /** Our client is first-party: a pending consent is granted without asking. */
  const finishConsent = async (
    request: Request,
    reply: FastifyReply,
    details: InteractionDetails,
  ) => {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id ?? '');
    if (details.prompt.name !== 'consent' || !accountId || !clientId) {
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: 'interaction not supported',
      });
      return reply.redirect(returnTo, 302);
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
      request.raw,
      reply.raw,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
    return reply.redirect(returnTo, 303);
  };

  /** A page of the interaction: its address, and the script with the nonce that lets it run. */
  const show = (
    request: Request,
    reply: FastifyReply,
    status: number,
    render: (page: InteractionPage) => string,
  ) => {
    const action = `${base}/interaction/${request.params.uid}`;
    const nonce = randomBytes(16).toString('base64');
    const script = sms ? { src: pageScript.url, nonce, interaction: action } : undefined;
    const elder = isElderMode(request.headers.cookie);
    return send(
      reply,
      status,
      render({ brand, action, script, homeUrl: portalHome, elder }),
      nonce,
    );
  };

  interface Refusal {
    error?: string;
    errorField?: string;
    status?: number;
  }

  const showSignIn = (
    request: Request,
    reply: FastifyReply,
    {
      status = 200,
      mobile,
      ...view
    }: Refusal & {
      tab: SignInTab;
      mobile?: string;
      captcha?: boolean;
      notice?: string;
      weChatUnbound?: boolean;
    },
  ) =>
    show(request, reply, status, (page) =>
      renderSignInPage({
        ...page,
        ...view,
        weChat: weChatSignInOffered(request),
        smsAvailable: Boolean(sms),
        values: { mobile },
      }),
    );

  /** 微信登录 is offered inside WeChat only, and only with WeChat's authorisation on. */
  const weChatSignInOffered = (request: FastifyRequest) =>
    config.weChat.oauth !== 'off' && IN_WECHAT.test(request.headers['user-agent'] ?? '');

  /** 微信登录: to WeChat's authorisation page; it comes back to /wechat/callback with the code. */
  const startWeChatSignIn = async (request: Request, reply: FastifyReply) => {
    if (!weChatSignInOffered(request)) return showSignIn(request, reply, { tab: 'password' });
    const uid = request.params.uid;
    const address = await startWeChatAuthorisation(
      deps,
      { for: 'sign-in', interaction: uid },
      `${config.authorityUrl}/interaction/${uid}/wechat/callback`,
      'userinfo',
    );
    return reply.redirect(address, 303);
  };

  /**
   * Back from WeChat: the account bound to that WeChat signs in; a WeChat bound to none is told
   * to sign in (or sign up) with the mobile and bind — no account is made or guessed.
   */
  const finishWeChatSignIn = async (request: Request, reply: FastifyReply) => {
    const code = typeof request.query.code === 'string' ? request.query.code : '';
    const state = typeof request.query.state === 'string' ? request.query.state : '';
    // Refused on WeChat's page (no code): the sign-in page again, nothing to say.
    if (!code) return showSignIn(request, reply, { tab: 'password' });
    let userId: number | null;
    try {
      userId = await signInWithWeChat(deps, request.params.uid, { code, state });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return showSignIn(request, reply, { tab: 'password', error: error.message, status: 400 });
    }
    if (userId === null)
      return showSignIn(request, reply, { tab: 'password', weChatUnbound: true });
    return finishLogin(request, reply, userId);
  };

  const showSignUp = (
    request: Request,
    reply: FastifyReply,
    {
      status = 200,
      mobile,
      name,
      code,
      agreed,
      ...view
    }: Refusal & { mobile?: string; name?: string; code?: string; agreed?: boolean },
  ) =>
    show(request, reply, status, (page) =>
      renderSignUpPage({ ...page, ...view, values: { mobile, name, code, agreed }, termsUrls }),
    );

  const showReset = (
    request: Request,
    reply: FastifyReply,
    { status = 200, mobile, ...view }: Refusal & { mobile?: string },
  ) =>
    show(request, reply, status, (page) =>
      renderResetPage({ ...page, ...view, values: { mobile } }),
    );

  /** The proof of work sent with a password try, judged (and spent) when the try needs it. */
  const proofOf = (form: URLSearchParams, address: string) => {
    const challenge = form.get('captchaChallenge');
    if (!challenge) return undefined;
    return async () => {
      let check;
      try {
        check = checkCaptchaEndpoint.request.safeParse({
          Scene: CAPTCHA_SCENE,
          Challenge: JSON.parse(challenge),
          Solution: JSON.parse(form.get('captchaSolution') ?? 'null'),
        });
      } catch {
        return false;
      }
      if (!check.success) return false;
      try {
        await checkCaptcha(deps, check.data, address);
        return true;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    };
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
    async (request: Request, reply: FastifyReply) => {
      const form = formOf(request);
      const mobile = (form.get('mobile') ?? '').trim();
      const raw = form.get(secretField) ?? '';
      // A password is taken as typed; an SMS code may carry stray spaces from copy and paste.
      const secret = secretField === 'code' ? raw.trim() : raw;
      const refuse = (error: string, errorField: string, status: number) =>
        showSignIn(request, reply, { tab, mobile, error, errorField, status });
      if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile', 400);
      if (!secret) return refuse(missingSecret, secretField, 400);
      let outcome: SignInOutcome;
      try {
        outcome = await attempt({ mobile, secret, address: request.ip, form });
      } catch (error) {
        if (!(error instanceof LineFull)) throw error;
        const wait = waitInLine(reply, error);
        return refuse(
          `${wait}，请稍后再点“登录”${sms && tab === 'password' ? '，或改用验证码登录（无需排队）' : ''}`,
          secretField,
          503,
        );
      }
      if (!outcome.ok || !outcome.userId)
        return showSignIn(request, reply, {
          tab,
          mobile,
          error: outcome.message ?? SIGN_IN_FAILED,
          errorField: secretField,
          status: outcome.limited ? 429 : outcome.message === CAPTCHA_REQUIRED ? 400 : 401,
          captcha: outcome.captchaRequired,
        });
      if (outcome.reopened) {
        // Who signed in waits beside this interaction (its cookie guards it) until told.
        await deps.store.set(reopenedKey(request), String(outcome.userId), POLICIES_WAIT_SECONDS);
        return show(request, reply, 200, renderClosingCancelledPage);
      }
      return finishLogin(request, reply, outcome.userId);
    };

  const reopenedKey = (request: Request) => `closing-cancelled:${request.params.uid}`;
  /** Told that the sign-in cancelled the closing: the sign-in goes on. */
  const afterClosingCancelled = async (request: Request, reply: FastifyReply) => {
    const userId = Number(await deps.store.take(reopenedKey(request)));
    if (!userId) return expired(reply);
    return finishLogin(request, reply, userId);
  };

  const passwordSignIn = signInWith('password', 'password', '请输入密码', (input) =>
    signInWithPassword(deps, limiter, {
      ...input,
      password: input.secret,
      human: proofOf(input.form, input.address),
      coolingOff: { now: deps.now(), days: config.accountErasureCoolingOffDays },
    }),
  );

  const smsSignIn = sms
    ? signInWith('sms', 'code', '请输入短信验证码', (input) =>
        sms.signIn({ ...input, code: input.secret }),
      )
    : (request: Request, reply: FastifyReply) =>
        showSignIn(request, reply, {
          tab: 'password',
          mobile: (formOf(request).get('mobile') ?? '').trim(),
        });

  const signUp = async (request: Request, reply: FastifyReply) => {
    const form = formOf(request);
    const mobile = (form.get('mobile') ?? '').trim();
    const code = (form.get('code') ?? '').trim();
    const name = (form.get('name') ?? '').trim();
    const password = form.get('password') ?? '';
    const confirmPassword = form.get('confirmPassword') ?? '';
    // What was typed comes back, but a code refused (and the passwords) must be typed again.
    const refuse = (error: string, errorField: string, status = 400) =>
      showSignUp(request, reply, {
        mobile,
        name,
        code: errorField === 'code' ? '' : code,
        agreed: form.get('agree') === '1',
        error,
        errorField,
        status,
      });
    const busy = (full: LineFull) =>
      refuse(`${waitInLine(reply, full)}，请稍后再点“注册”`, 'password', 503);
    if (!sms) return refuse('暂不支持注册，请联系管理员', 'mobile');
    if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile');
    if (!code) return refuse('请输入短信验证码', 'code');
    if (!name) return refuse('请输入姓名', 'name');
    if (name.length > 20) return refuse('姓名不能超过20个字', 'name');
    if (!isStrongPassword(password)) return refuse(`密码须${PASSWORD_RULE_TEXT}`, 'password');
    if (password !== confirmPassword) return refuse('两次输入的密码不一致', 'confirmPassword');
    if (form.get('agree') !== '1') return refuse(AGREEMENT_REQUIRED, 'agree');
    let created: Awaited<ReturnType<typeof createUser>>;
    try {
      // Before the code is spent: a full line of password hashes is waited out with the code kept.
      passwordLine.admit();
      const verified = await sms.verifySignUp({ mobile, code, address: request.ip });
      if (!verified.ok) return refuse(verified.message ?? '验证码不正确', 'code');
      created = await createUser(db, {
        mobile,
        name,
        password,
        agreed: { address: request.ip, at: deps.now() },
      });
    } catch (error) {
      if (!(error instanceof LineFull)) throw error;
      return busy(error);
    }
    if (!created.ok) return refuse(created.message, 'mobile');
    return finishLogin(request, reply, created.userId);
  };

  const policiesKey = (request: Request) => `policies:${request.params.uid}`;
  const policyKindOf = { 'user-agreement': 'user', 'privacy-policy': 'privacy' } as const;
  const showPolicies = (
    request: Request,
    reply: FastifyReply,
    { kinds, ...refusal }: Refusal & { kinds: PolicyKind[] },
  ) =>
    show(request, reply, refusal.status ?? 200, (page) =>
      renderPoliciesPage({
        ...page,
        ...refusal,
        kinds: kinds.map((kind) => policyKindOf[kind]),
        termsUrls,
      }),
    );

  /** The changed agreement or policy accepted: recorded, and the sign-in finishes. */
  const acceptChangedPolicies = async (request: Request, reply: FastifyReply) => {
    const userId = Number(await deps.store.get(policiesKey(request)));
    if (!userId) return expired(reply);
    const kinds = await policiesToAccept(db, userId);
    if (kinds.length > 0 && formOf(request).get('agree') !== '1')
      return showPolicies(request, reply, {
        kinds,
        error: POLICIES_REQUIRED,
        errorField: 'agree',
        status: 400,
      });
    await acceptPolicies(db, { userId, kinds, address: request.ip, at: deps.now() });
    await deps.store.delete(policiesKey(request));
    return completeLogin(request, reply, userId);
  };

  /** Forgot password: the number's SMS code, then a new password; back to sign-in to use it. */
  const reset = async (request: Request, reply: FastifyReply) => {
    const form = formOf(request);
    const mobile = (form.get('mobile') ?? '').trim();
    const code = (form.get('code') ?? '').trim();
    const password = form.get('password') ?? '';
    const confirmPassword = form.get('confirmPassword') ?? '';
    const refuse = (error: string, errorField: string, status = 400) =>
      showReset(request, reply, { mobile, error, errorField, status });
    const busy = (full: LineFull) =>
      refuse(`${waitInLine(reply, full)}，请稍后再提交`, 'password', 503);
    if (!sms) return refuse('暂不支持找回密码，请联系管理员', 'mobile');
    if (!MOBILE_PATTERN.test(mobile)) return refuse(MOBILE_INVALID, 'mobile');
    if (!code) return refuse('请输入短信验证码', 'code');
    if (!isStrongPassword(password)) return refuse(`密码须${PASSWORD_RULE_TEXT}`, 'password');
    if (password !== confirmPassword) return refuse('两次输入的密码不一致', 'confirmPassword');
    let reset: boolean;
    try {
      passwordLine.admit();
      const verified = await sms.verifyReset({ mobile, code, address: request.ip });
      if (!verified.ok) return refuse(verified.message ?? '验证码不正确', 'code');
      reset = await resetPassword(db, { mobile, password });
    } catch (error) {
      if (!(error instanceof LineFull)) throw error;
      return busy(error);
    }
    // A code is only sent to a live account's number, so a verified one has an account.
    if (!reset) return refuse('该手机号未注册，请先注册', 'mobile');
    // Whoever knew the old password is signed out everywhere.
    const user = await findActiveUserByMobile(db, mobile);
    if (user) await endSessionsOfAccount(deps, user.id);
    return showSignIn(request, reply, {
      tab: 'password',
      mobile,
      notice: '密码已重置，请用新密码登录',
    });
  };

  /** Every route of an interaction answers only for the interaction the browser's cookie names. */
  const ofInteraction =
    (handle: (request: Request, reply: FastifyReply, details: InteractionDetails) => unknown) =>
    async (request: Request, reply: FastifyReply) => {
      const details = await interactionFor(request, reply);
      if (!details) return expired(reply);
      return handle(request, reply, details);
    };

  /** A page of the sign-in; once signed in, a pending consent is all that is left to finish. */
  const page =
    (showPage: (request: Request, reply: FastifyReply) => unknown) =>
    (request: Request, reply: FastifyReply, details: InteractionDetails) =>
      details.prompt.name === 'login'
        ? showPage(request, reply)
        : finishConsent(request, reply, details);

  get(
    INTERACTION,
    ofInteraction(
      page((request, reply) =>
        showSignIn(request, reply, {
          tab: request.query.tab === 'sms' && sms ? 'sms' : 'password',
        }),
      ),
    ),
  );
  get(
    `${INTERACTION}/signup`,
    ofInteraction(page((request, reply) => showSignUp(request, reply, {}))),
  );
  get(
    `${INTERACTION}/reset`,
    ofInteraction(page((request, reply) => showReset(request, reply, {}))),
  );
  app.post(`${INTERACTION}/password`, ofInteraction(passwordSignIn));
  app.post(`${INTERACTION}/sms`, ofInteraction(smsSignIn));
  app.post(`${INTERACTION}/signup`, ofInteraction(signUp));
  app.post(`${INTERACTION}/reset`, ofInteraction(reset));
  // 长辈模式's switch: the cookie, then back to the page it was on (only a page of this interaction).
  app.post(
    `${INTERACTION}/elder-mode`,
    ofInteraction((request, reply) => {
      const form = formOf(request);
      const action = `${base}/interaction/${request.params.uid}`;
      const back = form.get('back') ?? '';
      const pages = [action, `${action}?tab=sms`, `${action}/signup`, `${action}/reset`];
      return reply
        .header('set-cookie', elderModeCookie(form.get('on') === '1'))
        .redirect(pages.includes(back) ? back : action, 303);
    }),
  );
  app.post(`${INTERACTION}/policies`, ofInteraction(acceptChangedPolicies));
  app.post(`${INTERACTION}/closing-cancelled`, ofInteraction(afterClosingCancelled));
  app.post(`${INTERACTION}/wechat`, ofInteraction(page(startWeChatSignIn)));
  get(`${INTERACTION}/wechat/callback`, ofInteraction(page(finishWeChatSignIn)));
  if (sms)
    for (const action of ['captcha', 'sms-code'] as const)
      app.post(
        `${INTERACTION}/${action}`,
        ofInteraction(async (request, reply) => {
          const answer = await sms.answerJson(action, jsonOf(request), request.ip);
          return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
        }),
      );

  for (const kind of ['user', 'privacy'] as const)
    get(`/terms/${kind}`, async (request, reply) =>
      send(
        reply,
        200,
        renderTermsPage({
          brand,
          kind,
          homeUrl: portalHome,
          elder: isElderMode(request.headers.cookie),
          version: POLICY_VERSIONS[kind === 'user' ? 'user-agreement' : 'privacy-policy'],
          retentionDays: config.applicationRetentionDays,
          coolingOffDays: config.accountErasureCoolingOffDays,
        }),
      ),
    );

  // Other spellings of its path reach it through the hand-over to the provider (index.ts).
  get('/Auth/OutLogin', outLogin);

  get(pageScript.path, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      // The address names the content: a new build is a new address.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(pageScript.body),
  );
}

/**
 * Auth/OutLogin?ReturnUrl= (spec §4): end the session and every token issued in it, return only
 * to a registered address.
 */
export function outLoginRoute(provider: Provider, deps: AppDeps) {
  const homeUrl = `${deps.config.publicUrl}/views/home/project`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await endSessions(deps, [await provider.Session.get(sessionLookup(request, reply))]);
    const query = request.query as Record<string, unknown>;
    const returnUrl = query.ReturnUrl ?? query.returnUrl;
    return reply
      .clearCookie(provider.cookieName('session'), { path: '/', httpOnly: true })
      .header('cache-control', 'no-store')
      .redirect(
        safeReturnUrl(typeof returnUrl === 'string' ? returnUrl : undefined, deps) ?? homeUrl,
        302,
      );
  };
}

/** What oidc-provider reads a session from: the request's cookies. */
const sessionLookup = (request: FastifyRequest, reply: FastifyReply) => ({
  req: request.raw,
  res: reply.raw,
  secure: request.protocol === 'https',
});

/**
 * A session whose account has since closed, or that was ended elsewhere (a password change on
 * another device), is ended before the provider sees it: it must not mint another token. The
 * provider expects a session's account to exist, and a closed one must sign in again (and cannot).
 */
export async function dropEndedSession(
  provider: Provider,
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const session = await provider.Session.get(sessionLookup(request, reply));
  if (!session.accountId) return;
  if (
    !(await findActiveUserById(deps.db, Number(session.accountId))) ||
    (await hasEnded(deps, session))
  )
    await endSessions(deps, [session]);
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
