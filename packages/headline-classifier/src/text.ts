/**
 * Fold table for the Basic Multilingual Plane: upper case → lower case, accented vowels (and `ç`)
 * → plain, everything else unchanged. `ñ`/`Ñ` fold to `ñ` (kept, it distinguishes words).
 */
let foldTable: Uint16Array | undefined;

function buildFoldTable(): Uint16Array {
  const table = new Uint16Array(0x10000);
  for (let code = 0; code < 0x10000; code += 1) table[code] = code;
  for (let code = 0x41; code <= 0x5a; code += 1) table[code] = code + 0x20;
  const plain: Record<string, string> = {
    a: 'áàäâãÁÀÄÂÃ',
    e: 'éèëêÉÈËÊ',
    i: 'íìïîÍÌÏÎ',
    o: 'óòöôõÓÒÖÔÕ',
    u: 'úùüûÚÙÜÛ',
    c: 'çÇ',
    ñ: 'Ñ',
  };
  for (const [target, sources] of Object.entries(plain)) {
    for (const source of sources) table[source.charCodeAt(0)] = target.charCodeAt(0);
  }
  // Other upper-case letters that lower-case to a single code unit (Latin Extended, Greek, Cyrillic…).
  for (let code = 0xc0; code < 0x10000; code += 1) {
    if (table[code] !== code || (code >= 0xd800 && code <= 0xdfff)) continue;
    const character = String.fromCharCode(code);
    const lower = character.toLowerCase();
    if (lower.length === 1 && lower !== character) table[code] = lower.charCodeAt(0);
  }
  return table;
}

let buffer = new Uint16Array(1024);

/**
 * Lower-cases a text and removes the accents of its vowels (`Tramitación` → `tramitacion`), keeping
 * `ñ` and **the length of the text** (one code unit in, one out), so that an offset found in the
 * folded text is the offset of the same phrase in the original — used to quote evidence verbatim.
 * Callers pass NFC text (combining accents are left as they are).
 *
 * @example
 * foldText('Senado APROBÓ el proyecto'); // 'senado aprobo el proyecto'
 */
export function foldText(text: string): string {
  const fold = (foldTable ??= buildFoldTable());
  const length = text.length;
  if (buffer.length < length) buffer = new Uint16Array(Math.max(length, buffer.length * 2));
  for (let position = 0; position < length; position += 1) buffer[position] = fold[text.charCodeAt(position)]!;
  let folded = '';
  for (let start = 0; start < length; start += 4096) {
    folded += String.fromCharCode.apply(
      null,
      buffer.subarray(start, Math.min(length, start + 4096)) as unknown as number[],
    );
  }
  return folded;
}

/** Collapses every run of whitespace to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
