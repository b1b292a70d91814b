/**
 * A kept-alive connection reset by the server as the next request goes out (issue 15: ECONNRESET
 * between the worker and the loopback replay under load — the server's 5-s idle timeout fired while
 * a long stage held the event loop, before the client's own idle timer ran). The fetcher sends that
 * GET once more on a new connection; a server that resets every connection still ends in a recorded
 * failure after two attempts, not a loop.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createFeedFetcher } from './fetcher.js';

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>';
const answer = `HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: ${Buffer.byteLength(FEED)}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n${FEED}`;

/** A raw HTTP/1.1 server: `decide(connection, requestOnIt)` answers or resets (RST) the socket. */
async function rawServer(decide: (connection: number, request: number) => 'answer' | 'reset') {
  let connections = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    const connection = ++connections;
    let requests = 0;
    sockets.push(socket);
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      while (pending.includes('\r\n\r\n')) {
        pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
        requests += 1;
        if (decide(connection, requests) === 'reset') socket.resetAndDestroy();
        else socket.write(answer);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.xml`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

describe('the fetcher over a kept-alive connection the server resets', () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('sends the GET again on a new connection and gets the feed', async () => {
    // The second request on the first connection is reset before any answer.
    const server = await rawServer((connection, request) => (connection === 1 && request === 2 ? 'reset' : 'answer'));
    servers.push(server);
    const fetcher = createFeedFetcher();
    try {
      expect(await fetcher.fetch({ url: server.url })).toMatchObject({ result: 'fetched', status: 200 });
      const second = await fetcher.fetch({ url: server.url });
      expect(second).toMatchObject({ result: 'fetched', status: 200 });
      expect(server.connections()).toBe(2);
    } finally {
      await fetcher.close();
    }
  });

  it('a server resetting every request is recorded as failed after one retry', async () => {
    const server = await rawServer(() => 'reset');
    servers.push(server);
    const fetcher = createFeedFetcher();
    try {
      const result = await fetcher.fetch({ url: server.url });
      expect(result).toMatchObject({ result: 'failed', status: null });
      expect(result.result === 'failed' ? result.errorClass : 'not failed').toMatch(/^\w+$/);
      expect(server.connections()).toBe(2);
    } finally {
      await fetcher.close();
    }
  });
});
