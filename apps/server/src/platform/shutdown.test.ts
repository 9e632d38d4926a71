import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('closing the app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers a request begun on a kept connection before it stopped listening, ending the connection, instead of a bare 503', async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    const ended = new Promise((resolve) => socket.once('end', resolve));
    // The request has begun (its connection is not idle) when the close comes, as when nginx sends
    // on a kept connection at that moment.
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = t.app.close();
    await vi.waitFor(() => expect(t!.app.server.listening).toBe(false));
    socket.write('\r\n');
    await ended;
    await closed;
    const [head] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    socket.destroy();
  });
});
