import { readFileSync } from 'node:fs';
import type { ClassifiedHeadline } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { createRulesBaseline } from './baseline.js';
import type { HeadlineClassifier } from './classifier.js';
import { findOutlet, MONITORED_OUTLETS, type Outlet } from './feeds/outlets.js';
import { ingestFeedDocument, pollMonitoredFeeds, type ClassifiedHeadlineSink, type FeedFetcher } from './monitor.js';

// The feed fixtures are synthetic (invented items in each outlet's feed shape).
const fixture = (name: string) => readFileSync(new URL(`./feeds/__fixtures__/${name}`, import.meta.url), 'utf8');

/** An in-memory sink with the store's semantics: an id keeps its first classification. */
function memorySink(): ClassifiedHeadlineSink & { rows: Map<string, ClassifiedHeadline> } {
  const rows = new Map<string, ClassifiedHeadline>();
  return {
    rows,
    async known(ids) {
      return new Set(ids.filter((id) => rows.has(id)));
    },
    async save(headlines) {
      const inserted: string[] = [];
      const existing: string[] = [];
      for (const headline of headlines) {
        if (rows.has(headline.id)) existing.push(headline.id);
        else {
          rows.set(headline.id, headline);
          inserted.push(headline.id);
        }
      }
      return { inserted, existing };
    },
  };
}

/** The baseline, counting how many headlines it was asked to classify. */
function countingBaseline(): HeadlineClassifier & { asked: number } {
  const baseline = createRulesBaseline();
  const counting = {
    backend: baseline.backend,
    asked: 0,
    async classify(items: Parameters<HeadlineClassifier['classify']>[0]) {
      counting.asked += items.length;
      return baseline.classify(items);
    },
  };
  return counting;
}

const clock = () => new Date('2026-11-30T12:00:00.000Z');

describe('ingestFeedDocument', () => {
  it('stores title and bajada with class, backend, evidence and boletines — never the body (HC-2, LINK-1)', async () => {
    const sink = memorySink();
    const report = await ingestFeedDocument({
      outlet: findOutlet('latercera')!,
      xml: fixture('latercera.xml'),
      classifier: createRulesBaseline(),
      sink,
      now: clock,
    });
    expect(report).toMatchObject({ outlet: 'latercera', items: 2, stored: 2, alreadyStored: 0, rejected: 0 });
    expect(report.droppedFields).toEqual({ 'content:encoded': 2 });
    const rows = [...sink.rows.values()];
    expect(JSON.stringify(rows)).not.toContain('CUERPO');
    const bill = rows.find((row) => row.boletines.length > 0)!;
    expect(bill).toMatchObject({
      outlet: 'latercera.com',
      class: 'legislative_process',
      backend: 'rules-baseline (offline)',
      boletines: ['12345-07'],
      evidenceField: 'title',
      firstSeenAt: '2026-11-30T12:00:00Z',
      trace: ['HC-1', 'LINK-1', 'AGR-3'],
    });
    expect(bill.title).toContain(bill.evidence!);
  });

  it('classifies only what the store does not have yet', async () => {
    const sink = memorySink();
    const classifier = countingBaseline();
    const input = { outlet: findOutlet('cooperativa')!, xml: fixture('cooperativa.xml'), classifier, sink, now: clock };
    expect((await ingestFeedDocument(input)).stored).toBe(2);
    const second = await ingestFeedDocument(input);
    expect(second).toMatchObject({ stored: 0, alreadyStored: 2 });
    expect(classifier.asked).toBe(2);
  });
});

describe('pollMonitoredFeeds (one cycle of the worker’s job)', () => {
  it('polls the five outlets; a failing feed is reported with its reason and never stops the others', async () => {
    const documents = new Map(MONITORED_OUTLETS.map((outlet) => [outlet.feedUrl, `${outlet.id}.xml`]));
    documents.set(findOutlet('exante')!.feedUrl, 'broken.xml');
    const fetchFeed: FeedFetcher = async (url: string, outlet: Outlet) => {
      if (outlet.id === 'lacuarta') throw Object.assign(new Error(`GET ${url}: HTTP 503`), { code: 'http_5xx' });
      return { text: fixture(documents.get(url)!) };
    };
    const sink = memorySink();
    const outcomes = await pollMonitoredFeeds({ fetchFeed, classifier: createRulesBaseline(), sink, now: clock });
    expect(outcomes.map((outcome) => [outcome.outlet, outcome.ok])).toEqual([
      ['latercera', true],
      ['lacuarta', false],
      ['exante', false],
      ['biobiochile', true],
      ['cooperativa', true],
    ]);
    expect(outcomes[1]).toMatchObject({ error: { code: 'http_5xx', message: expect.stringContaining('HTTP 503') } });
    expect(outcomes[2]).toMatchObject({ error: { code: 'feed_xml_invalid' } });
    expect(sink.rows.size).toBe(6);
    expect(new Set([...sink.rows.values()].map((row) => row.outlet))).toEqual(
      new Set(['latercera.com', 'biobiochile.cl', 'cooperativa.cl']),
    );
  });
});
