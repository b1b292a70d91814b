import { describe, expect, it } from 'vitest';
import { PARLIAMENTARIAN_ROSTER, compileRoster } from './roster.js';
import { foldText } from './text.js';

describe('parliamentarian roster (data/parliamentarians.json)', () => {
  it('every member cites at least one listed source, and every source is cited', () => {
    const sourceIds = new Set(PARLIAMENTARIAN_ROSTER.sources.map((source) => source.id));
    const cited = new Set<string>();
    for (const member of PARLIAMENTARIAN_ROSTER.members) {
      expect(member.sources.length).toBeGreaterThan(0);
      for (const source of member.sources) {
        expect(sourceIds.has(source), `${member.name} cites unknown source ${source}`).toBe(true);
        cited.add(source);
      }
    }
    expect([...sourceIds].filter((id) => !cited.has(id))).toEqual([]);
    for (const source of PARLIAMENTARIAN_ROSTER.sources) expect(source.url).toMatch(/^https?:\/\//);
  });

  it('has unique names and unique aliases', () => {
    const forms = PARLIAMENTARIAN_ROSTER.members.flatMap((member) =>
      [member.name, ...(member.aliases ?? [])].map(foldText),
    );
    expect(new Set(forms).size).toBe(forms.length);
  });

  it('matches full names and unique surnames on folded text, with word boundaries', () => {
    const matcher = compileRoster(PARLIAMENTARIAN_ROSTER);
    expect(matcher.find(foldText('La senadora YASNA PROVOSTE criticó'))?.member.name).toBe('Yasna Provoste');
    expect(matcher.find(foldText('Provoste y la carrera presidencial'))?.member.name).toBe('Yasna Provoste');
    expect(matcher.find(foldText('Paulina Núñez asume'))?.member.name).toBe('Paulina Núñez');
    expect(matcher.find(foldText('Proveedores de Provostería'))).toBeNull();
  });
});
