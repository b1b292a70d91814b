import { perClassMeasurability } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { createRulesBaseline } from './baseline.js';
import { classifyAndLink } from './pipeline.js';

describe('classifyAndLink (LINK-1, AGR-3)', () => {
  const baseline = createRulesBaseline();

  it('links a headline to bills only through boletín numbers in its title or description', async () => {
    const rows = await classifyAndLink(baseline, [
      { id: 'a', title: 'Senado despacha el Boletín N° 12.345-07 a comisión mixta' },
      {
        id: 'b',
        title: 'Cámara aprueba reforma de pensiones',
        description: 'Los boletines 1234-05 y 5678-06 pasan al Senado.',
      },
      { id: 'c', title: 'Senado despacha la reforma de pensiones' },
      { id: 'd', title: 'Colo Colo gana; RUT 12.345.678-9 y teléfono 2 2345 6789-12' },
    ]);
    expect(rows.map((row) => [row.id, row.class, row.boletines])).toEqual([
      ['a', 'legislative_process', ['12345-07']],
      ['b', 'legislative_process', ['1234-05', '5678-06']],
      ['c', 'legislative_process', []],
      ['d', 'non_legislative', []],
    ]);
    for (const row of rows) {
      expect(row.classLink.allowed).toBe(false);
      expect(row.backend).toBe('rules-baseline (offline)');
    }
  });

  it('records AGR-3 while a class’s precision is unmeasured (< 25 gold cases)', async () => {
    const measurability = perClassMeasurability({ legislative_process: 20, non_legislative: 28 });
    const [legislative, other] = await classifyAndLink(
      baseline,
      [
        { id: 'a', title: 'Senado despacha el boletín 12345-07' },
        { id: 'b', title: 'Temblor en la zona sur; se menciona el boletín 9999-01' },
      ],
      measurability,
    );
    expect(legislative).toMatchObject({
      classLink: { reason: 'class_precision_not_measured' },
      trace: ['HC-1', 'LINK-1', 'AGR-3'],
    });
    // A boletín number makes the text legislative (HC-1), and the link still comes from the number.
    expect(other).toMatchObject({ class: 'legislative_process', boletines: ['9999-01'] });
  });
});
