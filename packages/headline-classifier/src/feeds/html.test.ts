import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html.js';

describe('decodeEntities', () => {
  it('decodes numeric and Spanish named entities, leaves unknown ones', () => {
    expect(decodeEntities('Comisi&oacute;n aprob&#243; &laquo;idea&raquo; &#x2014; &foo; &#0;')).toBe(
      'Comisión aprobó «idea» — &foo; &#0;',
    );
  });
});

describe('htmlToText', () => {
  it('strips tags, scripts and comments and collapses whitespace', () => {
    expect(
      htmlToText(
        '<p>La <strong>Sala</strong>\n despach&oacute;</p><script>alert(1)</script><!-- x --><br/>el proyecto',
      ),
    ).toBe('La Sala despachó el proyecto');
  });

  test.prop([fc.string()])(
    'never returns markup brackets that came from tags, and is idempotent on plain text',
    (text) => {
      const plain = text.replace(/[<>&]/g, ' ');
      expect(htmlToText(plain)).toBe(plain.replace(/[\s\u00a0]+/g, ' ').trim());
      expect(htmlToText(`<b>${plain}</b>`)).toBe(htmlToText(plain));
    },
  );
});
