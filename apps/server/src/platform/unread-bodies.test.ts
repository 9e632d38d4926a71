import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUnreadBodies, UNREAD_BODY_LIMIT } from './unread-bodies.js';

const BODY_BYTES = 2 * 1024 * 1024;

describe('closeUnreadBodies', () => {
  let app: FastifyInstance;
  const sockets: Socket[] = [];

  async function start() {
    app = Fastify();
    closeUnreadBodies(app);
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    app.post(
      '/refused',
      {
        onRequest: async (_request, reply) => {
          await reply.status(401).send({ ErrMsg: '请先登录' });
        },
      },
      async () => ({ read: true }),
    );
    app.post('/read', async (request) => ({ length: JSON.stringify(request.body).length }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  afterEach(async () => {
    sockets.length = 0;
    await app.close();
  });

  const post = (url: string, bytes: number) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(bytes) }),
    });

  it('answers a refusal before a large body and closes the connection without reading the body', async () => {
    const base = await start();
    const response = await post(`${base}/refused`, BODY_BYTES);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ErrMsg: '请先登录' });
    expect(response.headers.get('connection')).toBe('close');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Node would have drained all 2 MB to reuse the connection.
    expect(sockets[0]!.bytesRead).toBeLessThan(BODY_BYTES / 4);
  });

  it('keeps the connection of a small refused body, and of a body that was read', async () => {
    const base = await start();
    const small = await post(`${base}/refused`, UNREAD_BODY_LIMIT / 2);
    expect(small.status).toBe(401);
    expect(small.headers.get('connection')).not.toBe('close');
    await small.arrayBuffer();
    const read = await post(`${base}/read`, UNREAD_BODY_LIMIT * 4);
    expect(await read.json()).toEqual({ length: UNREAD_BODY_LIMIT * 4 + '{"text":""}'.length });
    expect(read.headers.get('connection')).not.toBe('close');
  });
});
