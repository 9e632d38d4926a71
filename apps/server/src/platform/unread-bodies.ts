import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a refused request's connection stays open, unread, after its answer is written. */
export const LINGER_MS = 2_000;
/** A body this large or larger is not read only to be thrown away (a smaller one costs less than a new connection). */
export const UNREAD_BODY_LIMIT = 64 * 1024;

const isLarge = (request: IncomingMessage) =>
  Number(request.headers['content-length'] ?? 0) >= UNREAD_BODY_LIMIT ||
  request.headers['transfer-encoding'] !== undefined;

/**
 * An answer given before a large request body was read (a refusal judged from the headers: 401,
 * 429, 413) closes the connection instead of reading the body to reuse it. Node would otherwise
 * pull the whole body off the wire into memory to discard it, and a client that sends a large
 * body again at once after each refusal makes the server read megabytes a second for nothing
 * (and collect them as garbage). As nginx's lingering close: the answer goes out, the server's
 * side of the connection ends, the unread bytes stay in the kernel, and after LINGER_MS the
 * connection is closed for good, late enough that the client has read its answer.
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    const { socket } = raw;
    // (An injected request has no socket to close.)
    if (raw.readableEnded || !isLarge(raw) || !(socket instanceof Socket)) return;
    void reply.header('connection', 'close');
    // Node drains a request nobody read from when its answer ends; one read from is left alone,
    // and the paused socket takes no more bytes off the wire.
    raw.read(0);
    socket.pause();
    reply.raw.once('finish', () => setTimeout(() => socket.destroy(), LINGER_MS).unref());
  });
}
