/** One monitored outlet and its RSS 2.0 feed. */
export interface Outlet {
  /** Stable id, used in headline ids (`latercera:…`). */
  id: string;
  name: string;
  /** Domain stored as the headline's outlet (HC-2 record). */
  domain: string;
  /** Default feed URL. Not fetched by this package's tests; check it before production use. */
  feedUrl: string;
}

/**
 * The five Chilean outlets seed 004 monitors by RSS. Feed URLs are the public addresses these
 * outlets advertise (as commonly configured in public feed readers); the package never fetches
 * them in tests, and `espectro hc` accepts any feed file or URL.
 */
export const MONITORED_OUTLETS: readonly Outlet[] = [
  {
    id: 'latercera',
    name: 'La Tercera',
    domain: 'latercera.com',
    feedUrl: 'https://www.latercera.com/arc/outboundfeeds/rss/?outputType=xml',
  },
  {
    id: 'lacuarta',
    name: 'La Cuarta',
    domain: 'lacuarta.com',
    feedUrl: 'https://www.lacuarta.com/arc/outboundfeeds/rss/?outputType=xml',
  },
  { id: 'exante', name: 'Ex-Ante', domain: 'ex-ante.cl', feedUrl: 'https://www.ex-ante.cl/feed/' },
  {
    id: 'biobiochile',
    name: 'BioBioChile',
    domain: 'biobiochile.cl',
    feedUrl: 'https://www.biobiochile.cl/static/feed-rss',
  },
  {
    id: 'cooperativa',
    name: 'Cooperativa',
    domain: 'cooperativa.cl',
    feedUrl: 'https://www.cooperativa.cl/noticias/site/tax/port/all/rss____1.xml',
  },
];

/** Finds a monitored outlet by id or domain. */
export function findOutlet(idOrDomain: string): Outlet | undefined {
  return MONITORED_OUTLETS.find((outlet) => outlet.id === idOrDomain || outlet.domain === idOrDomain);
}
