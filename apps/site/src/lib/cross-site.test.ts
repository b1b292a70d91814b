import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { isCrossSiteSubmission, refusalLocale } from './cross-site.js';
import { localeOfPagePath } from './locales.js';

/** Astro's own check (`security.checkOrigin`), which the site's replaces: not exported, read from its file. */
type AstroOriginCheck = (
  context: { request: Request; url: URL; isPrerendered: boolean },
  next: () => Promise<Response>,
) => Promise<Response> | Response;
const astroDirectory = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const { createOriginCheckMiddleware } = (await import(
  pathToFileURL(join(astroDirectory, 'dist/core/app/middlewares.js')).href
)) as { createOriginCheckMiddleware: () => AstroOriginCheck };

const SITE = new URL('https://espectro.example/contestar');
const FORM = 'application/x-www-form-urlencoded';

function request(method: string, headers: Record<string, string>): Request {
  return new Request(SITE, { method, headers });
}

/** Whether Astro 5's check answers 403 (it calls `next` when it lets the request through). */
async function astroRefuses(method: string, headers: Record<string, string>, isPrerendered: boolean): Promise<boolean> {
  const passed = new Response('passed');
  const response = await createOriginCheckMiddleware()(
    { request: request(method, headers), url: SITE, isPrerendered },
    async () => passed,
  );
  return response !== passed && response.status === 403;
}

describe('isCrossSiteSubmission', () => {
  test('refuses a form from another origin, or from no origin, and lets the site’s own through', () => {
    const refused = (method: string, headers: Record<string, string>, isPrerendered = false) =>
      isCrossSiteSubmission(request(method, headers), SITE, isPrerendered);
    expect(refused('POST', { origin: 'https://otro.example', 'content-type': FORM })).toBe(true);
    expect(refused('POST', { 'content-type': 'multipart/form-data; boundary=x' })).toBe(true);
    expect(refused('PUT', { origin: 'https://otro.example', 'content-type': 'Text/Plain;charset=UTF-8' })).toBe(true);
    expect(refused('POST', { origin: 'https://otro.example' })).toBe(true);
    expect(refused('POST', { origin: 'https://espectro.example', 'content-type': FORM })).toBe(false);
    // the same host over http is another origin
    expect(refused('POST', { origin: 'http://espectro.example', 'content-type': FORM })).toBe(true);
    // a JSON body needs a CORS preflight first, which the site never grants
    expect(refused('POST', { origin: 'https://otro.example', 'content-type': 'application/json' })).toBe(false);
    expect(refused('GET', { origin: 'https://otro.example' })).toBe(false);
    expect(refused('POST', { origin: 'https://otro.example', 'content-type': FORM }, true)).toBe(false);
  });

  const methods = fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE');
  const origins = fc.option(
    fc.constantFrom('https://espectro.example', 'http://espectro.example', 'https://otro.example', 'null'),
    { nil: undefined },
  );
  const contentTypes = fc.option(
    fc.oneof(
      fc.constantFrom(FORM, 'multipart/form-data; boundary=b', 'TEXT/PLAIN', 'application/json', 'application/xml', ''),
      fc.string({ maxLength: 30 }).filter((value) => /^[\x20-\x7e]*$/.test(value)),
    ),
    { nil: undefined },
  );

  propertyTest.prop([methods, origins, contentTypes, fc.boolean()])(
    'decides every request as Astro’s checkOrigin does',
    async (method, origin, contentType, isPrerendered) => {
      const headers: Record<string, string> = {};
      if (origin !== undefined) headers.origin = origin;
      if (contentType !== undefined) headers['content-type'] = contentType;
      expect(isCrossSiteSubmission(request(method, headers), SITE, isPrerendered)).toBe(
        await astroRefuses(method, headers, isPrerendered),
      );
    },
  );
});

describe('refusalLocale', () => {
  test('a form answers in its page’s language, the API in the Accept-Language one', () => {
    expect(refusalLocale('/contestar', 'pt-BR')).toBe('es');
    expect(refusalLocale('/pt/contestar', 'es')).toBe('pt-BR');
    expect(refusalLocale('/editor', null)).toBe('es');
    expect(refusalLocale('/placar/relato', 'es-CL')).toBe('pt-BR');
    expect(refusalLocale('/api/contestaciones', 'en-US,pt;q=0.8,es;q=0.5')).toBe('pt-BR');
    expect(refusalLocale('/api/contestaciones', 'en-US')).toBe('es');
    expect(refusalLocale('/api/contestaciones', null)).toBe('es');
  });

  test('localeOfPagePath: /pt and the Brazilian sections are pt-BR, a look-alike path is not', () => {
    expect(
      ['/pt', '/pt/fuentes', '/placar', '/placar/relato', '/fuja-da-bolha', '/placar-x', '/chile', '/'].map(
        localeOfPagePath,
      ),
    ).toEqual(['pt-BR', 'pt-BR', 'pt-BR', 'pt-BR', 'pt-BR', 'es', 'es', 'es']);
  });
});
