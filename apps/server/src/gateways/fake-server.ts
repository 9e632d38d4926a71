import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local fake of a provider, listening on a free loopback port. */
export async function listenOnLoopback(
  server: Server,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FakeCall {
  path: string;
  query: Record<string, string>;
}

/** A GET of a fake JSON API (WeChat's): recorded in `calls`, with a way to answer JSON. */
export function receiveJsonCall(
  request: IncomingMessage,
  response: ServerResponse,
  calls: FakeCall[],
): { url: URL; query: Record<string, string>; send(body: object): void } {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const query = Object.fromEntries(url.searchParams);
  calls.push({ path: url.pathname, query });
  const send = (body: object) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  return { url, query, send };
}
