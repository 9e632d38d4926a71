import type { FastifyInstance } from 'fastify';
import { readUpload } from '../../domain/uploads.js';
import type { AppDeps } from '../../platform/deps.js';
import { refusal } from '../envelope.js';

/** GET /uploads/<name>: what Common/Upload stored, with its sniffed type; never anything else. */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const file = await readUpload(deps.config.dataDir, request.params.name);
    if (!file) return reply.status(404).send(refusal(404, '文件不存在或已删除'));
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.data);
  });
}
