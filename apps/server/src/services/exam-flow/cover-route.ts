import type { FastifyInstance } from 'fastify';
import { projectCoverUrl } from '../../domain/projects/projects.js';
import type { AppDeps } from '../../platform/deps.js';
import { refuse } from '../../platform/envelope.js';

/** A data: URL's bytes and type; only images. */
export function decodeImageDataUrl(url: string): { contentType: string; data: Buffer } | null {
  const match = /^data:(image\/[a-z0-9.+-]+)((?:;[^,]*)?),(.*)$/is.exec(url);
  if (!match) return null;
  const [, contentType, params, body] = match as unknown as [string, string, string, string];
  try {
    const data = /;base64/i.test(params)
      ? Buffer.from(body, 'base64')
      : Buffer.from(decodeURIComponent(body), 'utf8');
    return { contentType: contentType.toLowerCase(), data };
  } catch {
    return null;
  }
}

/**
 * GET /services/exam-flow/project-covers/<id>: a project's cover stored as a data: URL, served as
 * an image so the project list carries its address (projectCoverPath) instead of the image.
 */
export async function registerProjectCoverRoute(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/services/exam-flow/project-covers/:id',
    async (request, reply) => {
      const id = Number(request.params.id);
      const coverUrl =
        Number.isSafeInteger(id) && id > 0 ? await projectCoverUrl(deps.db, id) : undefined;
      const image = coverUrl ? decodeImageDataUrl(coverUrl) : null;
      if (!image) return refuse(reply, 404, '封面不存在');
      return reply
        .type(image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=86400')
        .send(image.data);
    },
  );
}
