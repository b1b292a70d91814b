/**
 * Full-page screenshots of a running site at 1280 and 390 px in headless Debian chromium, to look
 * at what readers see after a change (never committed). Prints each page's document width at 390
 * px, which must not exceed the viewport (no horizontal overflow).
 *
 * pnpm --filter @espectro/site screenshots -- --origin http://127.0.0.1:4321 --out /tmp/shots / /historia/h00001
 * (add --first-screen for the first screen only, --selector '.featured-blindspots' for one element)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values, positionals } = parseArgs({
  // pnpm passes the `--` separator through.
  args: process.argv.slice(2).filter((argument) => argument !== '--'),
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:4321' },
    out: { type: 'string', default: 'test-results/screenshots' },
    widths: { type: 'string', default: '1280,390' },
    /** Only the first screen (what a reader sees before scrolling) instead of the full page. */
    'first-screen': { type: 'boolean', default: false },
    /** Only the first element matching this CSS selector. */
    selector: { type: 'string' },
  },
  allowPositionals: true,
});
const paths = positionals.length > 0 ? positionals : ['/'];
const widths = values.widths.split(',').map(Number);
mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 } });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${values.origin}${path}`, { waitUntil: 'load' });
      const file = join(values.out, `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
      if (values.selector !== undefined) await page.locator(values.selector).first().screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: !values['first-screen'] });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      console.log(
        `${width} ${path} → ${file} (document ${scrollWidth} px wide${scrollWidth > width ? ', OVERFLOWS' : ''})`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
}
