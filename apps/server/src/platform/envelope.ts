import { ERROR_CODES, type Envelope } from '@portal/contracts';
import type { FastifyReply } from 'fastify';

export const SERVER_ERROR_MESSAGE = '服务器异常，请联系管理员';

export function ok<T>(data: T): Envelope<T> {
  return { ErrCode: ERROR_CODES.OK, ErrMsg: '', Data: data };
}

/** A refusal's envelope; it names the request it answers (as its X-Request-Id header does). */
export function refusal(
  status: number,
  message: string,
  data: unknown,
  requestId: string,
): Envelope<unknown> {
  return { ErrCode: status, ErrMsg: message, Data: data, RequestId: requestId };
}

/** Answers a request with a refusal: the HTTP status is its ErrCode. */
export function refuse(
  reply: FastifyReply,
  status: number,
  message: string,
  data: unknown = null,
): FastifyReply {
  return reply.status(status).send(refusal(status, message, data, reply.request.id));
}
