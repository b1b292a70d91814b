import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { normaliseHost, STRIPPED_HOST_PREFIXES } from './host.js';

describe('normaliseHost', () => {
  it('strips the variant labels, lowercases and drops a trailing dot', () => {
    expect(normaliseHost('WWW.ElPais.com.')).toBe('elpais.com');
    expect(normaliseHost('m.folha.uol.com.br')).toBe('folha.uol.com.br');
    expect(normaliseHost('www.m.amp.emol.com')).toBe('emol.com');
    expect(normaliseHost('mobile.lanacion.com.ar')).toBe('lanacion.com.ar');
    expect(normaliseHost('www.com')).toBe('www.com');
    expect(normaliseHost('media.gob.cl')).toBe('media.gob.cl');
  });

  const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
  test.prop([fc.array(label, { minLength: 1, maxLength: 4 }), fc.array(fc.constantFrom(...STRIPPED_HOST_PREFIXES))])(
    'is idempotent, and a host under variant prefixes normalises like the host itself',
    (labels, prefixes) => {
      const host = [...labels, 'cl'].join('.');
      const once = normaliseHost(`${prefixes.join('')}${host}`);
      expect(normaliseHost(once)).toBe(once);
      expect(once).toBe(normaliseHost(host));
    },
  );
});
