import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { RULES_BASELINE_BACKEND, createRulesBaseline } from './baseline.js';

const baseline = createRulesBaseline();
const classify = (title: string, description?: string) =>
  baseline.classifyOne({ id: 'x', title, description: description ?? null });

describe('rules baseline (offline)', () => {
  it('labels every result with its backend', async () => {
    const results = await baseline.classify([
      { id: 'a', title: 'Senado despacha proyecto de pensiones' },
      { id: 'b', title: 'Colo Colo gana el clásico' },
    ]);
    expect(results.map((result) => [result.id, result.backend])).toEqual([
      ['a', RULES_BASELINE_BACKEND],
      ['b', RULES_BASELINE_BACKEND],
    ]);
    expect(RULES_BASELINE_BACKEND).toBe('rules-baseline (offline)');
  });

  it('reads tramitación acts and boletín numbers as legislative_process', () => {
    expect(classify('Comisión de Hacienda despachó el proyecto a la Sala')).toMatchObject({
      class: 'legislative_process',
      evidence: 'Comisión de Hacienda',
    });
    expect(classify('Gobierno pone suma urgencia a la reforma')).toMatchObject({
      class: 'legislative_process',
      evidence: 'suma urgencia',
    });
    expect(classify('Lo que se sabe del boletín 16.576-08')).toMatchObject({
      class: 'legislative_process',
      evidence: 'boletín 16.576-08',
    });
    expect(classify('Senado aprobó en general el proyecto')).toMatchObject({
      class: 'legislative_process',
      evidence: 'Senado aprobó',
    });
  });

  it('a law in force that also mentions a legislative act is legislative_process (HC-1 precedence)', () => {
    expect(classify('Ley Karin entra en vigencia').class).toBe('law_in_force');
    expect(classify('Ley Karin entra en vigencia y la Cámara aprueba su reforma').class).toBe('legislative_process');
  });

  it('needs a named sitting parliamentarian for parliamentary_activity', () => {
    expect(classify('Diputada Pérez pide comisión investigadora')).toMatchObject({
      class: 'parliamentary_activity',
      evidence: 'Diputada Pérez',
    });
    expect(classify('Karol Cariola critica recortes del Gobierno')).toMatchObject({
      class: 'parliamentary_activity',
      evidence: 'Karol Cariola',
    });
    expect(classify('Diputados critican recortes del Gobierno').class).toBe('non_legislative_politics');
    expect(classify('Fallece el ex senador Juan Ejemplo').class).not.toBe('parliamentary_activity');
    expect(classify('Diputado electo Gustavo Gatica habla del fallo').class).not.toBe('parliamentary_activity');
  });

  it('reads promulgation vocabulary as law_in_force and political vocabulary as non_legislative_politics', () => {
    expect(classify('Presidente promulgó la ley de ejemplo').class).toBe('law_in_force');
    expect(classify('Publicada en el Diario Oficial la norma sobre ejemplo').class).toBe('law_in_force');
    expect(classify('Encuesta Cadem: aprobación del Gobierno sube').class).toBe('non_legislative_politics');
    expect(classify('Temblor sacude la zona sur')).toMatchObject({
      class: 'non_legislative',
      evidence: null,
      evidenceField: null,
    });
  });

  test.prop([fc.string({ maxLength: 120 }), fc.option(fc.string({ maxLength: 200 }), { nil: null })])(
    'never answers ambiguous and quotes its evidence verbatim from the field it names',
    (title, description) => {
      const result = baseline.classifyOne({ id: 'p', title: title === '' ? 'x' : title, description });
      expect(result.class).not.toBe('ambiguous');
      if (result.evidence !== null) {
        const field = result.evidenceField === 'title' ? (title === '' ? 'x' : title) : description!;
        expect(field.normalize('NFC')).toContain(result.evidence);
      }
    },
  );

  test.prop([
    fc.constantFrom(
      'Senado despacha',
      'Cámara aprueba',
      'comisión mixta',
      'veto',
      'indicaciones',
      'Boletín N° 12.345-07',
    ),
    fc.constantFrom('Ley Karin', 'promulgó', 'Diario Oficial', 'Diputado Pérez', 'Presidente Boric', 'Encuesta Cadem'),
  ])('a legislative act always wins (HC-1)', (act, other) => {
    expect(classify(`${other}: ${act} el proyecto`).class).toBe('legislative_process');
  });
});
