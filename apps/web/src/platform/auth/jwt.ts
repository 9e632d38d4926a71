import { base64UrlJson } from '@portal/contracts';
export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
}

export const INVALID_JWT = 'Invalid JWT token';

function jsonObject(part: string): Record<string, unknown> {
  const value = base64UrlJson(part);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
  return value as Record<string, unknown>;
}

/** §4 §5: a token is exactly three dot-separated parts; anything else is 'Invalid JWT token'. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(INVALID_JWT);
  const [header, payload, signature] = parts as [string, string, string];
  try {
    return { header: jsonObject(header), payload: jsonObject(payload), signature };
  } catch {
    throw new Error(INVALID_JWT);
  }
}
