/**
 * Who the client of a request is (issue 21 §3). Astro's `clientAddress` is the first
 * `X-Forwarded-For` value whoever sent it, so a client could be anyone it likes. The site's Node
 * entry (`src/server/espectro-handler.mjs`) passes the socket's address in `x-espectro-peer`; from
 * it, the client is the socket's peer — unless that peer is a proxy listed in
 * `ESPECTRO_TRUSTED_PROXIES` (addresses or CIDR ranges, comma-separated), and then the nearest
 * `X-Forwarded-For` address that is not itself a trusted proxy.
 *
 * Served without that entry (the adapter's `entry.mjs` run directly), the socket is unknown: a
 * request without `X-Forwarded-For` is the socket's peer (Astro falls back to it), and every request
 * carrying one counts as the one client {@link UNVERIFIED_FORWARDED_CLIENT}, so forged headers
 * never buy a new identity.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The header the site's Node entry sets to the socket's address. */
export const PEER_HEADER = 'x-espectro-peer';
/** The global mark the site's Node entry sets (the header is only trusted with it). */
const PEER_MARK = Symbol.for('espectro.site.peer-header');
/** The environment variable listing trusted proxies. */
export const TRUSTED_PROXIES_ENV = 'ESPECTRO_TRUSTED_PROXIES';
/** The one client every forwarded request is, when the socket's address is unknown. */
export const UNVERIFIED_FORWARDED_CLIENT = 'unverified-forwarded';

/** Thrown for an entry of `ESPECTRO_TRUSTED_PROXIES` that is not an address or a CIDR range. */
export class TrustedProxiesError extends Error {
  override readonly name = 'TrustedProxiesError';
}

/** `::ffff:127.0.0.1` → `127.0.0.1`; trims spaces and brackets. */
function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  return isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
}

/**
 * The trusted proxies of a comma-separated list of addresses and CIDR ranges
 * (`10.0.0.1, 192.168.0.0/16, ::1`).
 *
 * @throws TrustedProxiesError naming the entry that is neither.
 */
export function parseTrustedProxies(list: string | undefined): BlockList {
  const trusted = new BlockList();
  for (const entry of (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const normalised = normaliseAddress(address);
    const family = familyOf(normalised);
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (
      family === null ||
      (bits !== undefined && (!Number.isInteger(bits) || bits < 0 || bits > (family === 'ipv4' ? 32 : 128)))
    ) {
      throw new TrustedProxiesError(`${TRUSTED_PROXIES_ENV}: "${entry}" is not an IP address or a CIDR range`);
    }
    if (bits === undefined) trusted.addAddress(normalised, family);
    else trusted.addSubnet(normalised, bits, family);
  }
  return trusted;
}

function isTrusted(trusted: BlockList, address: string): boolean {
  const family = familyOf(address);
  return family !== null && trusted.check(address, family);
}

/**
 * The client address of a request, given the socket's peer (`null` when unknown), its
 * `X-Forwarded-For` header and the trusted proxies.
 *
 * @example
 * const proxies = parseTrustedProxies('10.0.0.1');
 * resolveClientAddress('10.0.0.1', '1.2.3.4, 5.6.7.8', proxies); // '5.6.7.8' (the proxy saw 5.6.7.8)
 * resolveClientAddress('5.6.7.8', '1.2.3.4', proxies); // '5.6.7.8' (not from a trusted proxy)
 */
export function resolveClientAddress(peer: string | null, forwardedFor: string | null, trusted: BlockList): string {
  if (peer === null) return forwardedFor === null ? '' : UNVERIFIED_FORWARDED_CLIENT;
  let client = normaliseAddress(peer);
  if (!isTrusted(trusted, client)) return client;
  const hops = (forwardedFor ?? '').split(',').map(normaliseAddress).filter(Boolean);
  // Right to left: each trusted proxy vouches for the address before it.
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (familyOf(hop) === null) return client;
    client = hop;
    if (!isTrusted(trusted, hop)) return client;
  }
  return client;
}

let trustedFromEnvironment: { list: string | undefined; trusted: BlockList } | undefined;

/**
 * The client address of a request as the site sees it (see the module comment). `astroAddress` is
 * Astro's `clientAddress`, used only for a request without `X-Forwarded-For` when the site's Node
 * entry did not set the peer.
 */
export function clientAddressOf(request: Request, astroAddress: string): string {
  const list = process.env[TRUSTED_PROXIES_ENV];
  if (trustedFromEnvironment === undefined || trustedFromEnvironment.list !== list) {
    trustedFromEnvironment = { list, trusted: parseTrustedProxies(list) };
  }
  const forwardedFor = request.headers.get('x-forwarded-for');
  const marked = (globalThis as Record<symbol, unknown>)[PEER_MARK] === true;
  const peer = marked ? request.headers.get(PEER_HEADER) : forwardedFor === null ? astroAddress : null;
  return resolveClientAddress(peer, forwardedFor, trustedFromEnvironment.trusted);
}
