import { createHash } from 'node:crypto';

/** The page a signature is for: WeChat signs the address without its fragment. */
export const withoutFragment = (url: string) => url.split('#')[0]!;

/**
 * WeChat JS-SDK signature (JS-SDK docs, appendix 1): sha1 of the four fields, keys sorted by
 * ASCII, joined as a query string with raw (unencoded) values.
 */
export function jsApiSignature(fields: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const text = [
    `jsapi_ticket=${fields.ticket}`,
    `noncestr=${fields.nonceStr}`,
    `timestamp=${fields.timestamp}`,
    `url=${withoutFragment(fields.url)}`,
  ].join('&');
  return createHash('sha1').update(text).digest('hex');
}
