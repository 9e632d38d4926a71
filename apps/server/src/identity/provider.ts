import Provider, { type ClientMetadata, type KoaContext } from 'oidc-provider';
import type { AppDeps } from '../platform/deps.js';
import { ACCESS_TOKEN_TTL_SECONDS, API_AUDIENCE } from '../platform/tokens.js';
import { findActiveUserById } from '../domain/accounts/sign-in.js';
import { createDatabaseAdapterFactory } from './adapter.js';
import { renderLogoutPage, renderMessagePage } from './pages/index.js';
import {
  revokeTokensOfSessions,
  SESSION_TTL_SECONDS,
  sessionIdsOf,
} from '../domain/accounts/sessions.js';

const ID_TOKEN_TTL_SECONDS = 60 * 60;
const INTERACTION_TTL_SECONDS = 60 * 60;

/** The path the Authority lives under on its host, e.g. `/identity`. */
export function authorityBasePath(authorityUrl: string): string {
  return new URL(authorityUrl).pathname.replace(/\/$/, '');
}

/**
 * The SPA (spec §4): implicit flow, `token id_token`, no secret. The code flow with PKCE is
 * open to it as well: standard clients that speak only that flow (oidc-client-ts 3) sign in too.
 */
export function portalClient(deps: AppDeps): ClientMetadata {
  const { config } = deps;
  const origins = [...new Set([config.publicUrl, config.clientDomain])];
  return {
    client_id: config.oidcClientId,
    client_name: config.share.title,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['implicit', 'authorization_code'],
    response_types: ['id_token token', 'code'],
    redirect_uris: origins.map((origin) => `${origin}/views/auth/callback`),
    post_logout_redirect_uris: origins.map((origin) => `${origin}/views/auth/loginout`),
  };
}

/**
 * oidc-provider refuses http:// and localhost redirect URIs for implicit clients (OIDC Core
 * 3.2.2.1). Its documented development recipe skips exactly those two checks; never in production.
 */
export function relaxImplicitRedirectChecks(provider: Provider): void {
  const schema = provider.Client.Schema.prototype;
  const original = schema.invalidate;
  schema.invalidate = function invalidate(message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    original.call(this, message, code);
  };
}

export function createProvider(deps: AppDeps): Provider {
  const { config, db } = deps;
  const client = portalClient(deps);
  const base = authorityBasePath(config.authorityUrl);
  const allowedOrigins = new Set([config.publicUrl, config.clientDomain]);
  const homeUrl = `${config.publicUrl}/views/home/project`;
  const brand = config.share.title;

  const provider = new Provider(config.authorityUrl, {
    adapter: createDatabaseAdapterFactory(db),
    clients: [client],
    jwks: { keys: [deps.secrets.signingJwk] },
    cookies: {
      keys: deps.secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure: config.mode === 'production' },
      short: { httpOnly: true, sameSite: 'lax', secure: config.mode === 'production' },
    },
    responseTypes: ['id_token token', 'code'],
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['name'] },
    // The access token is for the services, not userinfo: let the id token carry the name too.
    conformIdTokenClaims: false,
    routes: {
      authorization: '/connect/authorize',
      end_session: '/connect/endsession',
      jwks: '/jwks',
      token: '/connect/token',
      userinfo: '/connect/userinfo',
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The SPA sends no `resource`: every access token is for the services (JWT, RS256).
        defaultResource: async () => API_AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: 'openid profile',
          audience: API_AUDIENCE,
          accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => {
          ctx.type = 'html';
          ctx.body = renderLogoutPage({ brand, providerForm: form });
        },
        postLogoutSuccessSource: async (ctx: KoaContext) => {
          ctx.type = 'html';
          ctx.body = renderMessagePage({
            brand,
            title: '已退出登录',
            message: '您已安全退出登录。',
            link: { href: homeUrl, text: '返回首页' },
          });
        },
      },
    },
    /**
     * Called (and awaited) for each grant the provider's sign-out confirmation ends, before the
     * session changes: every token issued in what ends is revoked too, before the answer leaves.
     * Otherwise the provider's default: a grant goes with what revokes it, unless an access token
     * is revoked at the revocation endpoint.
     */
    revokeGrantPolicy: async (ctx: KoaContext) => {
      const oidc = ctx.oidc;
      if (oidc.route === 'end_session_confirm' && oidc.session) {
        const { session } = oidc;
        const clientId = session.state?.clientId ?? '';
        // `logout=yes` ends the whole session; otherwise only the asking client's part of it.
        const ending = oidc.params?.logout
          ? sessionIdsOf(session)
          : sessionIdsOf({ authorizations: { [clientId]: session.authorizations?.[clientId] } });
        await revokeTokensOfSessions(deps, ending);
      }
      return !(oidc.route === 'revocation' && oidc.entities?.AccessToken);
    },
    // Our only client is first-party: signing in is consent to its own scopes.
    loadExistingGrant: async (ctx: KoaContext) => {
      const oidc = ctx.oidc;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing && existing.accountId === accountId) return existing;
      }
      if (clientId !== client.client_id) return undefined;
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid profile');
      grant.addResourceScope(API_AUDIENCE, 'openid profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: KoaContext, id: string) => {
      const user = await findActiveUserById(db, Number(id));
      if (!user) return undefined;
      return {
        accountId: String(user.id),
        claims: () => ({ sub: String(user.id), name: user.name }),
      };
    },
    // `sid`: the session the token was issued in, so that ending the session revokes the token.
    extraTokenClaims: async (_ctx: KoaContext, token: { accountId?: string; sid?: string }) => {
      if (!token.accountId) return undefined;
      const user = await findActiveUserById(db, Number(token.accountId));
      return user ? { name: user.name, sid: token.sid } : undefined;
    },
    interactions: {
      url: async (_ctx: KoaContext, interaction: { uid: string }) =>
        `${base}/interaction/${interaction.uid}`,
    },
    clientBasedCORS: (_ctx: KoaContext, origin: string) => allowedOrigins.has(origin),
    renderError: async (ctx: KoaContext, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage({
        brand,
        title: '登录出错了',
        message: describeError(out),
        link: { href: homeUrl, text: '返回首页' },
      });
    },
  });
  // Behind a proxy (TRUST_PROXY) the public scheme, host and address come from X-Forwarded-*.
  provider.proxy = deps.config.trustProxy;
  if (config.mode !== 'production') relaxImplicitRedirectChecks(provider);
  return provider;
}

const ERROR_MESSAGES: Record<string, string> = {
  invalid_client: '应用未登记，无法登录。',
  invalid_redirect_uri: '登录后的返回地址未登记。',
  invalid_request: '登录请求不完整或有误。',
  session_not_found: '登录请求已过期，请返回重新登录。',
  access_denied: '登录已取消。',
  login_required: '请先登录。',
  unsupported_response_type: '不支持的登录方式。',
};

function describeError(out: Record<string, string>): string {
  const known = out.error ? ERROR_MESSAGES[out.error] : undefined;
  const detail = out.error_description ? `（${out.error_description}）` : '';
  return `${known ?? '请求无法完成，请返回重试。'}${detail}`;
}
