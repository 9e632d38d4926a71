import { ERROR_CODES, type Envelope } from '@portal/contracts';

export const SERVER_ERROR_MESSAGE = '服务器异常，请联系管理员';

export function ok<T>(data: T): Envelope<T> {
  return { ErrCode: ERROR_CODES.OK, ErrMsg: '', Data: data };
}

export function refusal(status: number, message: string, data: unknown = null): Envelope<unknown> {
  return { ErrCode: status, ErrMsg: message, Data: data };
}
