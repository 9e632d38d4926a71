// oidc-provider 9 ships no types; these cover only what src/identity uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface CookieOptions {
    path?: string;
    httpOnly?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
    secure?: boolean;
    signed?: boolean;
    maxAge?: number;
    expires?: Date;
    overwrite?: boolean;
  }

  export interface Cookies {
    get(name: string, options?: CookieOptions): string | undefined;
    set(name: string, value: string | null, options?: CookieOptions): void;
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    [key: string]: unknown;
  }

  export interface Client {
    clientId: string;
    redirectUris?: string[];
    postLogoutRedirectUris?: string[];
  }

  export interface Session {
    accountId?: string;
    uid: string;
    /** The id the `_session` cookie carries (and the adapter stores it under). */
    jti: string;
    loginTs?: number;
    /** The sign-out in progress: which client asked for it. */
    state?: { clientId?: string };
    authorizations?: Record<string, { sid?: string; grantId?: string } | undefined>;
    destroy(): Promise<void>;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface OIDCContext {
    client?: Client;
    session?: Session;
    params?: Record<string, unknown>;
    result?: { consent?: { grantId?: string } };
    route?: string;
    entities?: Record<string, unknown>;
    provider: Provider;
  }

  /** The Koa context the provider's middleware receives (only what we read). */
  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    url: string;
    query: Record<string, string | string[] | undefined>;
    ip: string;
    secure: boolean;
    status: number;
    body: unknown;
    type: string;
    cookies: Cookies;
    oidc: OIDCContext;
    set(field: string, value: string): void;
    redirect(url: string): void;
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    returnTo: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; acr?: string; amr?: string[] };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Configuration {
    [key: string]: unknown;
  }

  interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  interface ClientSchemaPrototype {
    invalidate(this: unknown, message: string, code?: string): void;
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly Session: {
      /** The session the request's cookie names (a new, unsaved one when there is none). */
      get(ctx: { req: IncomingMessage; res: ServerResponse; secure?: boolean }): Promise<Session>;
      findByUid(uid: string): Promise<Session | undefined>;
    };
    readonly Client: {
      Schema: { prototype: ClientSchemaPrototype };
      find(id: string): Promise<Client | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    cookieName(type: 'session' | 'interaction' | 'resume'): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export const errors: Record<string, new (...args: unknown[]) => Error>;
  export default Provider;
}
