import { ERROR_CODES, type FieldErrors } from '@portal/contracts';

/** A refusal a person can act on: HTTP status, a Chinese message, and the fields at fault. */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new DomainError(ERROR_CODES.BAD_REQUEST, message, fieldErrors);
export const unauthorized = (message = '登录已失效，请重新登录') =>
  new DomainError(ERROR_CODES.UNAUTHORIZED, message);
export const forbidden = (message: string) => new DomainError(ERROR_CODES.FORBIDDEN, message);
export const notFound = (message: string) => new DomainError(ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string) => new DomainError(ERROR_CODES.CONFLICT, message);
export const verificationExpired = (message: string) =>
  new DomainError(ERROR_CODES.VERIFICATION_EXPIRED, message);
export const tooManyRequests = (message = '操作过于频繁，请稍后再试') =>
  new DomainError(ERROR_CODES.TOO_MANY_REQUESTS, message);
export const serviceUnavailable = (message: string) =>
  new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, message);

/**
 * A message its recipient cannot receive (a 公众号 follower who unfollowed): the notification job
 * gives it up at once instead of trying again.
 */
export class UndeliverableError extends Error {
  override name = 'UndeliverableError';
}
