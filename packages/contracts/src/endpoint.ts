import type { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { CLIENT_SERVICE, type ClientId, type ServiceId } from './services.js';

export type HttpMethod = 'GET' | 'POST';
/**
 * required: a bearer token must be sent; optional: sent when signed in (answers may differ);
 * preview: flow-preview mode, identified by LoginName instead of a token (§6).
 */
export type EndpointAuth = 'required' | 'optional' | 'preview';
export type EndpointBody = 'json' | 'multipart';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Area/Action, e.g. 'Project/GetProject'. */
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly client: ClientId;
  readonly service: ServiceId;
  readonly auth: EndpointAuth;
  readonly body: EndpointBody;
  /** GET: the query; POST: the body (multipart: the non-file fields). */
  readonly request: Req;
  /** The envelope's Data on success. */
  readonly response: Res;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

export const OPEN_SERVICE_PREFIX = '/OpenService/v1';

/**
 * A POST may carry this header; the server answers a repeat of the same call with the same key
 * (a retry after a lost answer) with the first answer instead of doing it twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

interface EndpointOptions<Req extends z.ZodType, Res extends z.ZodType> {
  method: HttpMethod;
  client: ClientId;
  /** Built on first use (lazySchema): a page calls a handful of the contract's endpoints. */
  request: () => Req;
  response: () => Res;
  auth?: EndpointAuth;
  body?: EndpointBody;
  /** The full path where the spec gives one outside /OpenService/v1. */
  path?: string;
}

const definedEndpoints = new WeakSet<object>();

/** An endpoint defineEndpoint made; it looks at nothing in the value, so no lazy schema is built. */
export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && definedEndpoints.has(value);
}

export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  options: EndpointOptions<Req, Res>,
): Endpoint<Req, Res> {
  const endpoint: Endpoint<Req, Res> = {
    name,
    method: options.method,
    path: options.path ?? `${OPEN_SERVICE_PREFIX}/${name}`,
    client: options.client,
    service: CLIENT_SERVICE[options.client],
    auth: options.auth ?? (options.client.endsWith('-preview') ? 'preview' : 'required'),
    body: options.body ?? 'json',
    request: lazySchema(options.request),
    response: lazySchema(options.response),
  };
  definedEndpoints.add(endpoint);
  return endpoint;
}
