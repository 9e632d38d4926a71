import type { Endpoint } from '@portal/contracts';
import type {
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { unauthorized } from '../../domain/errors.js';
import {
  PREVIEW_SESSION_EXPIRED,
  requireReviewer,
  type Reviewer,
} from '../../domain/preview/preview.js';
import { tenantIdFor } from '../../domain/sites/tenants.js';
import type { AppDeps } from '../../platform/deps.js';
import type { PreviewProof } from '../route.js';
import { parsedInputOf } from './request-input.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Preview calls: the reviewer the proof and LoginName name, set by identifyReviewer. */
    reviewer: Reviewer | null;
  }
}

/** The reviewer's preview proof: HttpOnly, SameSite=Strict, sent only to the preview paths. */
export const PREVIEW_COOKIE = 'portal_preview';
const PREVIEW_PROOF_SERVICES = ['exam-flow', 'exam-expand'] as const;
export const previewCookiePath = (serviceId: string) =>
  `/services/${serviceId}/OpenService/v1/ProjectPreview`;

export function previewProofOf(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
): PreviewProof {
  const options = (maxAge: number, path: string) => ({
    path,
    maxAge,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.publicUrl.startsWith('https:'),
  });
  return {
    sent: request.cookies[PREVIEW_COOKIE] || undefined,
    set(proof, maxAgeSeconds) {
      for (const service of PREVIEW_PROOF_SERVICES)
        reply.setCookie(PREVIEW_COOKIE, proof, options(maxAgeSeconds, previewCookiePath(service)));
    },
    clear() {
      for (const service of PREVIEW_PROOF_SERVICES)
        reply.clearCookie(PREVIEW_COOKIE, options(0, previewCookiePath(service)));
    },
  };
}

/** A LoginName alone proves nothing (§6): no proof, no preview, and the body is not read. */
export function requirePreviewProof(endpoint: Endpoint): preValidationHookHandler {
  return async (request) => {
    if (endpoint.auth === 'preview' && !request.cookies[PREVIEW_COOKIE])
      throw unauthorized(PREVIEW_SESSION_EXPIRED);
  };
}

/** After the input is parsed: the reviewer its LoginName and the proof name, on this site. */
export function identifyReviewer(endpoint: Endpoint, deps: AppDeps): preHandlerHookHandler {
  return async (request) => {
    if (endpoint.auth !== 'preview') return;
    request.reviewer = await requireReviewer(deps.db, deps.store, {
      proof: request.cookies[PREVIEW_COOKIE],
      loginName: (parsedInputOf(request, endpoint) as { LoginName: string }).LoginName,
      siteTenantId: await tenantIdFor(deps.db, request.hostname.toLowerCase(), null),
    });
  };
}
