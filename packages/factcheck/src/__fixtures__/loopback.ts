import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded request of {@link startLoopback}. */
export interface LoopbackRequest {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny loopback HTTP server (127.0.0.1, random port) answering with `handler`. */
export async function startLoopback(handler: (request: LoopbackRequest) => { status?: number; body: unknown }): Promise<{
  url: string;
  requests: LoopbackRequest[];
  close: () => Promise<void>;
}> {
  const requests: LoopbackRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      const recorded: LoopbackRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(pieces).toString('utf8'),
      };
      requests.push(recorded);
      const answer = handler(recorded);
      const payload = JSON.stringify(answer.body);
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      response.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
