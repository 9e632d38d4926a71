export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
}

export const INVALID_JWT = 'Invalid JWT token';

function base64UrlJson(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
  return value as Record<string, unknown>;
}

/** §4 §5: a token is exactly three dot-separated parts; anything else is 'Invalid JWT token'. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(INVALID_JWT);
  const [header, payload, signature] = parts as [string, string, string];
  try {
    return { header: base64UrlJson(header), payload: base64UrlJson(payload), signature };
  } catch {
    throw new Error(INVALID_JWT);
  }
}
