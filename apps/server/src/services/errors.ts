import { ERROR_CODES, REQUEST_ID_HEADER } from '@portal/contracts';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import { DomainError } from '../domain/errors.js';
import { newRequestId, REQUEST_ID_LOG_LABEL } from '../platform/request-id.js';
import { loggableError } from '../platform/loggable-error.js';
import { refusal, refuse, SERVER_ERROR_MESSAGE } from '../platform/envelope.js';
import { waitingLine } from '../platform/load-shedding.js';
import { LineFull } from '../platform/work-line.js';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Zod issues → one Chinese message plus the fields at fault (path joined with dots). */
export function describeZodError(error: { issues: readonly Issue[] }): {
  message: string;
  fieldErrors: Record<string, string>;
} {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  const [first] = error.issues;
  const where = first && first.path.length > 0 ? `${first.path.join('.')}：` : '';
  return { message: `参数不正确，${where}${first?.message ?? '格式有误'}`, fieldErrors };
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，请填写后再提交',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_REQ_FILE_TOO_LARGE: '文件过大，请压缩后再上传',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '上传请使用 multipart/form-data',
};

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    '请求地址或请求头过长，请缩短查询条件后重试',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时，请检查网络后重试'],
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a query string past the
 * header limit, a malformed request line); those answers are the envelope too, with an id of
 * their own that the log line names.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  log: FastifyBaseLogger,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    '请求格式有误',
  ];
  const requestId = newRequestId();
  log.info(
    { [REQUEST_ID_LOG_LABEL]: requestId, code: error.code, status },
    'request refused by the HTTP parser',
  );
  const body = Buffer.from(JSON.stringify(refusal(status, message, null, requestId)));
  const head =
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(head), body]));
  else socket.destroy();
}

/**
 * One place turns every failure into the envelope, which names the request (RequestId); 5xx
 * details stay in the log, under the same id.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // The contract's own messages are Chinese; zod's built-in ones (types, ranges) are made so too.
  z.config(z.locales.zhCN());
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // A full line of CPU-bound work (password hashes): the SPA's waiting line sends it again.
    if (error instanceof LineFull)
      return reply.send(waitingLine(reply, 'passwordLine', error.retryAfterSeconds));
    if (error instanceof DomainError) {
      const data = error.fieldErrors ? { FieldErrors: error.fieldErrors } : null;
      return refuse(reply, error.status, error.message, data);
    }
    // The contract's check of a call's input (fastify-type-provider-zod), issue by issue.
    const issues = hasZodFastifySchemaValidationErrors(error)
      ? error.validation.map((item) => ({
          path: item.instancePath.split('/').slice(1).filter(Boolean),
          message: item.message ?? '格式有误',
        }))
      : error instanceof ZodError
        ? error.issues
        : null;
    if (issues) {
      const { message, fieldErrors } = describeZodError({ issues });
      return refuse(reply, ERROR_CODES.BAD_REQUEST, message, { FieldErrors: fieldErrors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      const code = (error as FastifyError).code ?? '';
      const message =
        FRAMEWORK_MESSAGES[code] ??
        (status === 429 ? '请求过于频繁，请稍后再试' : `请求有误（${status}）`);
      return refuse(reply, status, message);
    }
    // Not under `err`: the logger's error serializer would join the causes' own messages back in.
    request.log.error(
      { failure: loggableError(error) },
      isResponseSerializationError(error as FastifyError & { method?: string })
        ? 'answer outside the contract'
        : 'request failed',
    );
    return refuse(reply, ERROR_CODES.SERVER_ERROR, SERVER_ERROR_MESSAGE);
  });
  app.setNotFoundHandler((request, reply) => {
    refuse(
      reply,
      ERROR_CODES.NOT_FOUND,
      `接口不存在：${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
