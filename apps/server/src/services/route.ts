import type { Endpoint, ParsedRequestOf, ResponseOf } from '@portal/contracts';
import type { Reviewer } from '../domain/preview/preview.js';
import type { AppDeps } from '../platform/deps.js';

export interface AuthUser {
  userId: number;
  tenantId: number;
  name: string;
  /** The provider session the caller's token was issued in, when it was issued in one. */
  sessionId?: string;
}

export interface UploadedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface HandlerArgs<E extends Endpoint> {
  input: ParsedRequestOf<E>;
  /** Null for an anonymous caller of an endpoint whose auth is optional or preview. */
  user: AuthUser | null;
  /** The signed-in user; 401 when there is none. */
  requireUser(): AuthUser;
  /** Preview endpoints: the reviewer proven by the preview proof and LoginName (checked before the handler). */
  requireReviewer(): Reviewer;
  /** The preview proof cookie: what the browser sent, and setting or clearing it on the answer. */
  previewProof: PreviewProof;
  deps: AppDeps;
  clientIp: string;
  /** multipart endpoints: the files sent. */
  files: UploadedFile[];
  /** The caller's host name, for tenant lookups. */
  host: string;
}

export interface PreviewProof {
  readonly sent: string | undefined;
  set(proof: string, maxAgeSeconds: number): void;
  clear(): void;
}

export interface RouteOptions {
  /**
   * A public GET read by every visitor (the project list, a project's page): its answer to an
   * anonymous caller is the same for every anonymous caller of the site, so it is kept for
   * ANONYMOUS_ANSWER_TTL_MS and served again to them. Signed-in callers are not served this kept
   * answer (theirs may carry their own flags and tenant); the handler may still share what names
   * nobody (a project's page keeps its row per tenant, domain/projects/projects.ts).
   */
  sharedAnonymousAnswer?: boolean;
  /**
   * A public GET whose answer to a signed-in caller depends on their tenant alone, never on who
   * they are (a project's positions, notices, answered questions): kept for ANONYMOUS_ANSWER_TTL_MS
   * too and served again to the tenant's signed-in callers, as a crowd opening one project asks.
   */
  sharedTenantAnswer?: boolean;
  /**
   * Whether the caller may be served at all, judged from their verified token alone, before the
   * database is asked and before their body is read (a request that will be refused must cost
   * neither): throws the refusal. `caller` is null without a token.
   */
  admit?: (args: { caller: { userId: number } | null; deps: AppDeps }) => void;
  /**
   * Answered even when the box is past capacity (platform/load-shedding.ts): a candidate in the
   * exam room is never sent to the waiting line.
   */
  neverTurnedAway?: boolean;
}

/**
 * What every visitor reads first (lists, a project's page, the home page's sections): a second's
 * staleness of a count or a state is not seen, and a crowd opening one shared link costs one query
 * a second.
 */
export const PUBLIC_READ: RouteOptions = { sharedAnonymousAnswer: true };

/** A public read that names nobody, signed in or not: one answer a second per site or tenant. */
export const SHARED_READ: RouteOptions = { sharedAnonymousAnswer: true, sharedTenantAnswer: true };

/** Sitting an exam: its page, starting, reading the paper, saving, leaving and submitting. */
export const EXAM_ROOM: RouteOptions = { neverTurnedAway: true };

export interface ServiceRoute {
  endpoint: Endpoint;
  handler: (args: HandlerArgs<Endpoint>) => Promise<unknown>;
  options: RouteOptions;
}

/** Binds a contract endpoint to its handler; input and output types come from the contract. */
export function route<E extends Endpoint>(
  endpoint: E,
  handler: (args: HandlerArgs<E>) => Promise<ResponseOf<E>>,
  options: RouteOptions = {},
): ServiceRoute {
  return { endpoint, handler: handler as ServiceRoute['handler'], options };
}
