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
      evidence: 'despachó',
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
    'quotes its evidence verbatim from the field it names',
    (title, description) => {
      const result = baseline.classifyOne({ id: 'p', title: title === '' ? 'x' : title, description });
      if (result.evidence !== null) {
        const field = result.evidenceField === 'title' ? (title === '' ? 'x' : title) : description!;
        expect(field.normalize('NFC')).toContain(result.evidence);
      }
    },
  );

  it('does not read a vote on Congress business that is not a bill as a legislative act (codebook 1)', () => {
    expect(classify('Cámara de Diputados aprueba acusación constitucional contra el ministro').class).toBe(
      'non_legislative_politics',
    );
    expect(classify('Senado aprobó extender el Estado de Excepción en la macrozona sur').class).toBe(
      'non_legislative_politics',
    );
    // …but a bill named in the same text keeps the chamber's vote a legislative act.
    expect(classify('Senado aprobó el proyecto que prorroga el estado de excepción').class).toBe('legislative_process');
    expect(classify('Consejo Constitucional: las bancadas ingresaron indicaciones al anteproyecto').class).toBe(
      'non_legislative_politics',
    );
  });

  it('reads votes on a named bill, and urgencias in the plural', () => {
    expect(classify('Moreira no vota el cuarto retiro y se retira del Senado').class).toBe('legislative_process');
    expect(classify('Gobierno ingresa nuevas urgencias al Congreso')).toMatchObject({
      class: 'legislative_process',
      evidence: 'urgencias',
    });
    expect(classify('Locales de votación abren a las 8 horas').class).not.toBe('legislative_process');
  });

  it('finds a parliamentarian named with the office after the name or referred back to by it', () => {
    expect(classify('Entrevista a Manuel José Ossandón, senador RN')).toMatchObject({
      class: 'parliamentary_activity',
      evidence: 'Manuel José Ossandón',
    });
    expect(classify('Juan Ejemplo Pérez juró como diputado entre polémicos dichos').class).toBe(
      'parliamentary_activity',
    );
    expect(
      classify('Felipe Ejemplo y el plan regional: “Tiene un componente político”', 'El senador destacó el plan.'),
    ).toMatchObject({ class: 'parliamentary_activity', evidence: 'Felipe Ejemplo', evidenceField: 'title' });
    // An office without a definite article, or an ex-office, names nobody.
    expect(classify('Felipe Ejemplo y el plan regional', 'Un senador destacó el plan.').class).not.toBe(
      'parliamentary_activity',
    );
    expect(classify('Felipe Ejemplo y el plan regional', 'El ex senador destacó el plan.').class).not.toBe(
      'parliamentary_activity',
    );
  });

  it('answers ambiguous when a norm is called both law and bill in a conditional sentence with no act (HC-1)', () => {
    expect(
      classify(
        'Condenado podría ser beneficiado por ley que favorece a reos enfermos',
        'La iniciativa busca la suspensión de penas.',
      ),
    ).toMatchObject({ class: 'ambiguous', evidence: 'podría' });
    expect(classify('Los proyectos de ley que buscan ampliar los permisos laborales').class).not.toBe('ambiguous');
  });

  it('a bill word under a condition, a request or a reproach is no act (rules 2026-12-03)', () => {
    expect(classify('Gremio por proyecto de salas cuna: "El Gobierno debió poner urgencia"').class).toBe(
      'non_legislative_politics',
    );
    expect(classify('Alcaldes y multas: "Si el Gobierno no manda la indicación, será un caos"').class).toBe(
      'non_legislative_politics',
    );
    expect(classify('Oposición rechaza boicot por indicación de su líder', 'Los partidos lo negaron.').class).not.toBe(
      'legislative_process',
    );
    expect(classify('Gobierno ingresa indicación al proyecto de salas cuna').class).toBe('legislative_process');
    expect(classify('Diputados presentan proyecto para regular el lobby').class).toBe('legislative_process');
    expect(classify('Rebaja de multas fue respaldada de manera unánime en el Senado').class).toBe(
      'legislative_process',
    );
  });

  it('a committee or the Sala is an act only with a bill in the text', () => {
    expect(
      classify('Ministra recibe críticas', 'Lo dijo un diputado que integra la Comisión de Seguridad Ciudadana.').class,
    ).toBe('non_legislative_politics');
    expect(classify('Sesión de la Cámara fracasa: 48 parlamentarios en sala').class).toBe('non_legislative_politics');
    expect(classify('Proyecto de ley de lobby llega a la Sala').class).toBe('legislative_process');
  });

  it('a roster surname after another office, an obituary and a foreign law are not what they look like', () => {
    expect(classify('Encuesta municipal: lidera el alcalde de Maipú, Tomás Vodanovic').class).toBe(
      'non_legislative_politics',
    );
    expect(classify('Diputada Karol Cariola falleció a los 90 años').class).toBe('non_legislative');
    expect(classify('Investigación en EEUU contra minera por la Ley FCPA').class).toBe('non_legislative');
    expect(classify('Gobierno firma decreto que cambia los estatutos universitarios').class).toBe('law_in_force');
    expect(classify('Modifican ordenanza de seguridad en terminales de buses').class).toBe('law_in_force');
    expect(classify('Desde abril', 'Las empresas deben adaptarse a esta nueva regulación.').class).toBe('law_in_force');
  });

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
