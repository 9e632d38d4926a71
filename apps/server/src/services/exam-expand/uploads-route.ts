import type { FastifyInstance } from 'fastify';
import {
  isGenuineUploadSignature,
  readUpload,
  uploadIdOfPath,
  uploadSignerOf,
} from '../../domain/uploads/uploads.js';
import type { AppDeps } from '../../platform/deps.js';
import { refuse } from '../../platform/envelope.js';
import { authenticate } from '../register.js';

const NOT_FOUND = '文件不存在、已删除或链接已过期';

/**
 * GET /uploads/<id>: an upload, to whoever holds an address an answer signed for it (short-lived),
 * or to its owner's token; never cached on the way. Anything else is not found.
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Params: { name: string }; Querystring: { expires?: string; signature?: string } }>(
    '/uploads/:name',
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const id = uploadIdOfPath(request.params.name);
      const { expires, signature } = request.query;
      const signer = uploadSignerOf(deps.secrets, deps.now());
      let owner: number | null = null;
      if (typeof expires !== 'string' || typeof signature !== 'string') {
        const user = await authenticate(request, deps);
        if (!user) return refuse(reply, 401, '请登录后查看文件');
        owner = user.userId;
      } else if (!id || !isGenuineUploadSignature(signer, id, expires, signature))
        return refuse(reply, 404, NOT_FOUND);
      const file = id ? await readUpload(deps.db, deps.gateways.files, id) : null;
      if (!file || (owner !== null && file.row.userId !== owner))
        return refuse(reply, 404, NOT_FOUND);
      return reply
        .type(file.row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(file.row.fileName)}`,
        )
        .send(file.data);
    },
  );
}
