import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';

/** Aliyun NVC's captcha scripts (apps/web/src/platform/captcha/aliyun-nvc.ts). */
const ALIYUN_NVC_ORIGIN = 'https://g.alicdn.com';
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

type RouteHelmet = Omit<FastifyHelmetOptions, 'global'>;

const originOf = (url: string) => new URL(url).origin;

/**
 * Every answer: nosniff, no framing, no referrer, HSTS in production (helmet's defaults otherwise).
 * Resources stay loadable from the client domain (CORP cross-origin) since the SPA may live there.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    hsts:
      config.mode === 'production'
        ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
        : false,
  });
}

/**
 * The SPA's host page. The access token lives in localStorage, so no inline script runs at all (the
 * config object is a JSON data island); styles may be inline (antd writes its CSS at run time). Framing only by
 * our own origin (the reviewer's preview shows a mobile route in a same-origin iframe).
 */
export function hostPageHelmet(config: ServerConfig): RouteHelmet {
  const apiOrigins = [
    originOf(config.authorityUrl),
    ...Object.values(config.serviceEndpoints).map(originOf),
  ];
  return {
    frameguard: { action: 'sameorigin' },
    // The page's address holds no token (the sign-in answer's fragment is never sent); an origin
    // is still told to other sites, which WeChat's H5 payment checks.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.aliyunNvcAppKey ? [ALIYUN_NVC_ORIGIN] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...new Set(apiOrigins)],
        frameSrc: ["'self'", ...(config.aliyunNvcAppKey ? ['https:'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", originOf(config.authorityUrl)],
        frameAncestors: ["'self'"],
      },
    },
  };
}

/** The sandbox cashier: its address carries the order's signature, so no referrer and no script. */
export function cashierPageHelmet(config: ServerConfig): RouteHelmet {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        // Paying posts here, then returns to the SPA (Chromium checks redirects of a form too).
        formAction: ["'self'", originOf(config.publicUrl), originOf(config.clientDomain)],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  };
}
