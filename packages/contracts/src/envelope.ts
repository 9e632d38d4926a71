import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * Every body on the wire: `{ ErrCode, ErrMsg, Data }`; success is HTTP 200 with ErrCode 0. A
 * refusal also names its request (RequestId, the X-Request-Id header's value), the id its log
 * lines carry: a caller who reports an error can quote it.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    ErrCode: z.number().int(),
    ErrMsg: z.string(),
    Data: data,
    RequestId: z.string().optional(),
  });
}

export interface Envelope<T> {
  ErrCode: number;
  ErrMsg: string;
  Data: T;
  RequestId?: string;
}

/** The header that carries a request's id both ways (RequestId in a refusal). */
export const REQUEST_ID_HEADER = 'x-request-id';

export const ERROR_CODES = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** §8: the caller handles it itself (a human check must be done again); no toast. */
  VERIFICATION_EXPIRED: 419,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Data of a 400 refusal that names the form fields at fault (FieldId → message). */
export const fieldErrorsSchema = lazySchema(() =>
  z.object({ FieldErrors: z.record(z.string(), z.string()) }),
);
export type FieldErrors = z.infer<typeof fieldErrorsSchema>['FieldErrors'];

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * A box past its capacity turns new work away with 503, `Retry-After` and this Data: the caller
 * waits about that long and sends the same call again (with the same idempotency key), as a
 * waiting line. Exam answering is never turned away.
 */
export const waitingLineSchema = lazySchema(() =>
  z.object({ RetryAfterSeconds: z.number().int().positive() }),
);
export type WaitingLine = z.infer<typeof waitingLineSchema>;
export const WAITING_LINE_MESSAGE = '当前人数较多，正在排队';

/** The largest id: ids are PostgreSQL integer (int4) columns. */
export const MAX_ID = 2_147_483_647;
/**
 * Caps on what a caller may send: every string, list and map in a request has one, checked before
 * any pattern runs (bounded-input.test.ts walks every request schema).
 */
export const MAX_TOKEN_LENGTH = 2_048;
export const MAX_URL_LENGTH = 2_048;
/** RFC 5321's longest forward path. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 50;
export const MAX_PASSWORD_LENGTH = 128;
/** A QR code screenshot as a data: URL; the body limit (4 MiB) bounds it anyway. */
export const MAX_IMAGE_BASE64_LENGTH = 4_000_000;
/** A counter per save; one below the int4 column's top, so the server's own +1 still fits. */
export const MAX_REVISION = MAX_ID - 1;

/** A string of at most `max` characters; longer ones are refused before any later check runs. */
export function boundedString(max: number, message?: string) {
  const error = message ? { error: message } : {};
  return z.string(error).max(max, { abort: true, ...error });
}

/** An absolute address a caller sends (a return or share address). */
export const urlSchema = lazySchema(() => boundedString(MAX_URL_LENGTH).url());

/** The deepest page a list serves; paging further than this is a scraper, not a person. */
export const MAX_PAGE_INDEX = 100_000;

/**
 * Numbers are typed strictly: a JSON body's types are checked as they are, and the server turns
 * a query string's text into numbers for the fields typed as numbers before it parses (GET only).
 */
export const idSchema = lazySchema(() => z.number().int().min(1).max(MAX_ID));

/** Ids travel as positive integers (idSchema); an id read from an address may be anything. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A positive integer id from a search parameter, or undefined. */
export function idParam(text: string | null): number | undefined {
  const n = Number(text);
  return text && isId(n) ? n : undefined;
}

/** Query fields of a paged list; page numbers start at 1. */
export const pageQuerySchema = lazySchema(() =>
  z.object({
    PageIndex: z.number().int().min(1).max(MAX_PAGE_INDEX).default(1),
    PageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  }),
);
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    Items: z.array(item),
    Total: z.number().int().min(0),
    PageIndex: z.number().int().min(1),
    PageSize: z.number().int().min(1),
  });
}
export interface Paged<T> {
  Items: T[];
  Total: number;
  PageIndex: number;
  PageSize: number;
}

/** Times travel as ISO 8601 with an offset. */
export const timeSchema = lazySchema(() => z.iso.datetime({ offset: true }));
export const emptySchema = lazySchema(() => z.object({}).loose());
export const nullDataSchema = lazySchema(() => z.null());
