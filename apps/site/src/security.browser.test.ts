/**
 * Security of the built site (issue 21): the security headers on prerendered pages, on pages
 * rendered on demand and on the API; a `javascript:` link that reached the site's data never
 * becomes a link and never runs in Chromium; the CSP refuses an injected inline script while the
 * site's own scripts run; reader identities a client cannot forge; the editor sign-in throttled.
 * One static build (content pages prerendered, forms and API on demand), one Node server.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFixtureSnapshot } from './fixtures/fixture.js';
import { CONTENT_SECURITY_POLICY } from './lib/security-headers.js';
import type { SiteSnapshot } from './lib/snapshot.js';
import {
  buildDirectory,
  buildSite,
  startSite,
  writeSnapshot,
  type SiteBuild,
  type SiteServer,
} from './testing/site-build.js';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = (await import('node:fs')).existsSync(CHROMIUM);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
const HOSTILE_LINK = 'javascript:alert(document.domain)//';
const HOSTILE_STORY = 'h00001';
const EDITOR_TOKEN = 'clave-de-edicion-de-prueba';

/** The fixture with the payload as the link of every article of one story, and as its image. */
function withHostileLinks(snapshot: SiteSnapshot): SiteSnapshot {
  return {
    ...snapshot,
    stories: snapshot.stories.map((story) =>
      story.id !== HOSTILE_STORY
        ? story
        : {
            ...story,
            articles: story.articles.map((article) => ({ ...article, url: HOSTILE_LINK })),
            image: story.image === null ? null : { ...story.image, url: HOSTILE_LINK },
          },
    ),
  };
}

let workDirectory: string;
let build: SiteBuild;
let server: SiteServer;
const url = (path: string) => `${server.origin}${path}`;

beforeAll(async () => {
  workDirectory = buildDirectory('security-test');
  const snapshotPath = join(workDirectory, 'snapshot.json');
  writeSnapshot(snapshotPath, withHostileLinks(buildFixtureSnapshot({ stories: 12 })));
  build = await buildSite(snapshotPath, join(workDirectory, 'dist'), {}, 'static');
  server = await startSite(build.outDir, {
    ESPECTRO_CONTESTATIONS_FILE: join(workDirectory, 'contestaciones.json'),
    ESPECTRO_SITE_SECRET_FILE: join(workDirectory, 'secret'),
    ESPECTRO_EDITOR_TOKEN: EDITOR_TOKEN,
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
});

describe('security headers (issue 21 §2)', () => {
  test('every response carries CSP, nosniff, frame and referrer policies: prerendered, on demand, API, not-found, public files', async () => {
    const paths: [string, number][] = [
      ['/', 200],
      [`/historia/${HOSTILE_STORY}`, 200],
      [`/historia/${HOSTILE_STORY}/`, 200],
      ['/fuentes', 200],
      ['/contestar', 200],
      ['/api/contestaciones', 200],
      ['/no-existe', 404],
      ['/favicon.svg', 200],
    ];
    for (const [path, status] of paths) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      await response.body?.cancel();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
  });

  test('no page has an inline executable script (the CSP allows none)', async () => {
    for (const path of ['/', `/historia/${HOSTILE_STORY}`, '/contestar']) {
      const html = await (await fetch(url(path))).text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes, body]) =>
          !/\bsrc=/.test(attributes!) && !/application\/ld\+json/.test(attributes!) && body!.trim() !== '',
      );
      expect(
        inline.map(([tag]) => tag.slice(0, 120)),
        path,
      ).toEqual([]);
    }
  });
});

describe('links are http(s) only (issue 21 §2)', () => {
  test('the story page writes no javascript: href or src, and keeps the headline text', async () => {
    const html = await (await fetch(url(`/historia/${HOSTILE_STORY}`))).text();
    expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
    expect(html).not.toContain('javascript:alert');
    expect(html).toContain('data-headline=');
  });

  describe.skipIf(!hasChromium)('in chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    test('clicking every headline of the hostile story opens no dialog; the CSP blocks an injected inline script', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(url(`/historia/${HOSTILE_STORY}`));
        expect(await page.locator('a[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
        const headlines = page.locator('[data-headline]');
        expect(await headlines.count()).toBeGreaterThan(0);
        for (const headline of await headlines.all()) await headline.click();
        // A script injected as text (what a stored XSS would be) does not run under the CSP.
        await page.evaluate(() => {
          const script = document.createElement('script');
          script.textContent = 'window.__espectroInjected = true; alert("xss")';
          document.body.append(script);
        });
        const violations = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let count = 0;
              document.addEventListener('securitypolicyviolation', () => (count += 1));
              const script = document.createElement('script');
              script.textContent = 'window.__espectroInjected = true';
              document.body.append(script);
              setTimeout(() => resolve(count), 200);
            }),
        );
        expect(violations).toBeGreaterThan(0);
        expect(
          await page.evaluate(() => (window as { __espectroInjected?: boolean }).__espectroInjected),
        ).toBeUndefined();
        expect(dialogs).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

    test("the site's own scripts run under the CSP: the story page's sources panel opens, with no violation", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      try {
        await page.goto(url('/historia/h00002'));
        const sentence = page.locator('[aria-controls="sources-panel"]').first();
        await sentence.click();
        await expect.poll(() => page.locator('#sources-panel').isVisible()).toBe(true);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});

describe('identities that cannot be forged (issue 21 §3)', () => {
  const contestation = { dimension: 'bias', outlet: 'cordillera.example', text: 'No es de centro.' };
  const post = (headers: Record<string, string>) =>
    fetch(url('/api/contestaciones'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, ...headers },
      body: JSON.stringify(contestation),
    });

  test('60 submissions with rotating client-chosen cookies and forged X-Forwarded-For: at most the per-client limit accepted', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) {
      const response = await post({
        cookie: `espectro_lector=00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        'x-forwarded-for': `198.51.100.${index}`,
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
  });

  test('a reader sees only their own contestations: no cookie, a forged cookie or a forged address see none', async () => {
    // A cookieless submission "from" an address (old code listed it to anyone who sent that address).
    await (await post({ 'x-forwarded-for': '198.51.100.200' })).body?.cancel();
    const cases: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '198.51.100.200' },
      { cookie: 'espectro_lector=x.y' },
    ];
    for (const headers of cases) {
      const listed = (await (await fetch(url('/api/contestaciones'), { headers })).json()) as {
        contestations: unknown[];
      };
      expect(listed.contestations, JSON.stringify(headers)).toEqual([]);
    }
  });
});

describe('editor sign-in (issue 21 §3)', () => {
  const signIn = (token: string) =>
    fetch(url('/editor'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: new URLSearchParams({ action: 'signin', token }).toString(),
    });

  test('the session cookie is opaque, HttpOnly and SameSite=Strict, and signing out ends it on the server', async () => {
    const response = await signIn(EDITOR_TOKEN);
    expect(response.status).toBe(303);
    const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('espectro_editor='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toContain(EDITOR_TOKEN);
    const session = cookie.split(';')[0]!;
    const page = (headers: Record<string, string>) =>
      fetch(url('/editor'), { headers }).then((answer) => answer.text());
    expect(await page({ cookie: session })).toContain('name="action" value="signout"');
    expect(await page({ cookie: `espectro_editor=${EDITOR_TOKEN}` })).not.toContain('value="signout"');
    await fetch(url('/editor'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin, cookie: session },
      body: 'action=signout',
    });
    expect(await page({ cookie: session })).not.toContain('value="signout"');
  });

  test('200 wrong tokens: 401 until the limit, then 429 with Retry-After — and the right token is locked out too', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await signIn(`mala-${attempt}`);
      statuses.push(response.status);
      if (attempt === 199) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.text()).toContain('Demasiados intentos fallidos');
      } else await response.body?.cancel();
    }
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect((await signIn(EDITOR_TOKEN)).status).toBe(429);
  });
});

describe('cross-site form submissions (CSRF), static build', () => {
  test('a form from another origin is refused with the localised 403 page before the route runs; the same form from the site reaches it', async () => {
    const post = (path: string, origin: string, fields: Record<string, string>) =>
      fetch(url(path), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams(fields).toString(),
      });
    const refused = await post('/pt/editor', 'https://otro.example', { action: 'signin', token: EDITOR_TOKEN });
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(refused.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const page = await refused.text();
    expect(page).toContain('<html lang="pt-BR"');
    expect(page).toContain('data-problem="cross_site"');
    expect(page).toContain('Não aceitamos este envio');
    // The control: the same kind of form from the site's own origin reaches the route, which
    // answers with its own validation.
    const fields = { outlet: 'x.example', dimension: 'bias', text: '' };
    const crossSite = await post('/pt/contestar', 'https://otro.example', fields);
    expect(crossSite.status).toBe(403);
    await crossSite.body?.cancel();
    const sameSite = await post('/pt/contestar', server.origin, fields);
    expect(sameSite.status).toBe(400);
    expect(await sameSite.text()).not.toContain('data-problem="cross_site"');
  });
});
