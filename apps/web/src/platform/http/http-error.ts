import type { FieldErrors } from '@portal/contracts';

/** Why a call failed: the envelope's ErrCode (or the HTTP status), or what went wrong before one came. */
export type HttpErrorCode = number | 'network' | 'timeout' | 'invalid-response';

/** A call's rejection (§8); screens read `code`, and `fieldErrors` to mark a form's fields (400). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    /** 0 when no response came. */
    readonly status: number,
    /** The whole response body (§8: a 419 is rejected with it). */
    readonly response: unknown = undefined,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}
