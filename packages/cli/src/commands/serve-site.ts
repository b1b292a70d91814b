/**
 * The site's Node server inside `espectro serve`: the built Astro site (`@astrojs/node` standalone,
 * built with `ESPECTRO_SITE_MODE=served`) is imported, not started — its entry
 * (`server/espectro-handler.mjs`, the adapter's handler with the security headers) exports the request
 * `handler` (static files, then the on-demand routes), and this module serves it on its own HTTP
 * server, so that the process controls the port, the address it prints and the shutdown order
 * (stop accepting, let requests finish, then cut the long-lived event streams of `/placar`).
 *
 * Why the standalone handler and not the `middleware` build: the same `apps/site/dist` then runs
 * both under `espectro serve` and alone (`node dist/server/entry.mjs`, the browser tests), and the
 * standalone handler already serves the client assets.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputFileError } from '../errors.js';

/** Where `espectro serve` looks for the built site when neither `--site` nor `ESPECTRO_SITE_DIR` says. */
export const DEFAULT_SITE_DIRECTORY = 'apps/site/dist';

/** The command that builds the site for `espectro serve`. */
export const SERVED_SITE_BUILD_COMMAND = 'ESPECTRO_SITE_MODE=served pnpm --filter @espectro/site build';

/**
 * How long a stopping server lets requests in flight finish before it closes every connection
 * (Espectro choice: a page renders in well under a second; the event streams never end by themselves).
 */
export const SITE_SHUTDOWN_GRACE_MS = 3_000;

/**
 * The built site's folder, checked: it has a server entry and was built in served mode (a static
 * build's prerendered pages would never follow the store, so it is refused).
 */
export function servedSiteDirectory(cwd: string, asked: string | undefined): string {
  const directory = resolve(cwd, asked ?? DEFAULT_SITE_DIRECTORY);
  const entry = join(directory, 'server', 'entry.mjs');
  if (!existsSync(entry))
    throw new InputFileError(
      `no built site at ${directory} (server/entry.mjs is missing): build it with \`${SERVED_SITE_BUILD_COMMAND}\`, or point --site / ESPECTRO_SITE_DIR at a built site's dist folder`,
    );
  if (existsSync(join(directory, 'client', 'index.html')))
    throw new InputFileError(
      `the site at ${directory} was built in static mode (its pages are prerendered and would not follow the store): rebuild it with \`${SERVED_SITE_BUILD_COMMAND}\``,
    );
  return directory;
}

/** A running site server. */
export interface SiteServer {
  /** `http://host:port` as a reader's browser reaches it. */
  origin: string;
  /** Stops accepting, waits up to `graceMs` for requests in flight, then closes every connection. */
  close(graceMs?: number): Promise<void>;
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Imports the built site's handler and serves it on `host:port` (port 0: any free port).
 * Set `ESPECTRO_SITE_SOURCE=store` and share the store first: the site reads the environment when a
 * page first asks for data.
 */
export async function startSiteServer(options: { directory: string; host: string; port: number }): Promise<SiteServer> {
  // The standalone entry would start its own server on import unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // The site's own Node entry wraps the adapter's handler with the security headers and the
  // socket's address (issue 21 §2–§3); a build without it serves the adapter's handler.
  const wrapped = join(options.directory, 'server', 'espectro-handler.mjs');
  const file = existsSync(wrapped) ? wrapped : join(options.directory, 'server', 'entry.mjs');
  const entry = (await import(pathToFileURL(file).href)) as { handler?: RequestHandler };
  if (typeof entry.handler !== 'function')
    throw new InputFileError(
      `${file} exports no request handler: is it an @astrojs/node standalone build of the site?`,
    );
  const handler = entry.handler;
  const server: Server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolveListening, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new InputFileError(`port ${options.port} on ${options.host} is in use: choose another with --port`)
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolveListening());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    origin: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`,
    async close(graceMs = SITE_SHUTDOWN_GRACE_MS) {
      const closed = new Promise<void>((resolveClosed) => server.close(() => resolveClosed()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), graceMs);
      grace.unref();
      await closed;
      clearTimeout(grace);
    },
  };
}
