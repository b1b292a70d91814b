/**
 * Character encodings of feeds, in the order of evidence RFC 7303 §3 gives for XML media types: a
 * byte-order mark; the HTTP `Content-Type` charset; the XML declaration
 * (`<?xml … encoding="ISO-8859-1"?>`); UTF-16 recognised from its first bytes; otherwise UTF-8.
 * Two common lies are caught: a feed said to be UTF-8 (or not said) whose bytes are not valid
 * UTF-8 is decoded as Windows-1252 (a superset of ISO-8859-1's printable range), and a feed said to
 * be ISO-8859-1 or Windows-1252 whose bytes are valid UTF-8 with multi-byte sequences is decoded as
 * UTF-8. Each correction, and a charset that contradicts the declaration, is reported as a warning.
 */
import iconv from 'iconv-lite';

/** How a feed's bytes were decoded. */
export interface DecodedText {
  text: string;
  /** Encoding used, lowercase (`utf-8`, `windows-1252`, `iso-8859-1`, …). */
  encoding: string;
  /** What decided it. */
  decidedBy: 'bom' | 'content-type' | 'declaration' | 'sniffed' | 'default' | 'correction';
  /** A correction of a wrong or missing declaration, in words. */
  warning: string | null;
}

const LATIN1_NAMES = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'latin-1',
  'l1',
  'windows-1252',
  'cp1252',
  'us-ascii',
  'ascii',
]);

function declaredInXml(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match ? match[1]!.toLowerCase() : null;
}

function charsetOf(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const match = /charset\s*=\s*"?([A-Za-z0-9._:-]+)"?/i.exec(contentType);
  return match ? match[1]!.toLowerCase() : null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function hasMultiByte(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

/**
 * Decodes feed bytes to text (rules in the module comment). A leading BOM is dropped.
 *
 * @example
 * decodeFeedBytes(latin1Bytes).encoding; // 'windows-1252' (undeclared, invalid as UTF-8)
 */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      text: new TextDecoder('utf-8').decode(bytes.subarray(3)),
      encoding: 'utf-8',
      decidedBy: 'bom',
      warning: null,
    };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      decidedBy: 'bom',
      warning: null,
    };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'),
      encoding: 'utf-16be',
      decidedBy: 'bom',
      warning: null,
    };
  }
  if (bytes.length >= 4 && bytes[0] === 0x3c && bytes[1] === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) {
    return {
      text: new TextDecoder('utf-16le').decode(bytes),
      encoding: 'utf-16le',
      decidedBy: 'sniffed',
      warning: null,
    };
  }
  if (bytes.length >= 4 && bytes[0] === 0x00 && bytes[1] === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) {
    return {
      text: iconv.decode(Buffer.from(bytes), 'utf-16be'),
      encoding: 'utf-16be',
      decidedBy: 'sniffed',
      warning: null,
    };
  }
  const declared = declaredInXml(bytes);
  const announced = charsetOf(contentType);
  const header = announced !== null && isKnownEncoding(announced) ? announced : null;
  const ignoredHeader = announced !== null && header === null ? `unknown HTTP charset "${announced}" ignored` : null;
  // RFC 7303 §3: the charset parameter of the media type wins over the XML declaration.
  const claimed = header ?? declared;
  const decidedBy = header ? 'content-type' : declared ? 'declaration' : 'default';
  const disagreement =
    header !== null && declared !== null && !sameEncoding(header, declared)
      ? `the HTTP charset (${header}) and the XML declaration (${declared}) disagree; RFC 7303 prefers the HTTP charset`
      : null;
  const decoded = decodeClaimed(bytes, claimed, decidedBy);
  const note = disagreement ?? ignoredHeader;
  if (note !== null && decoded.decidedBy !== 'correction') return { ...decoded, warning: note };
  return decoded;
}

function isKnownEncoding(name: string): boolean {
  return name === 'utf-8' || name === 'utf8' || LATIN1_NAMES.has(name) || iconv.encodingExists(name);
}

function sameEncoding(left: string, right: string): boolean {
  const normal = (name: string) => (LATIN1_NAMES.has(name) ? 'latin1' : name.replace(/^utf8$/, 'utf-8'));
  return normal(left) === normal(right);
}

function decodeClaimed(
  bytes: Uint8Array,
  claimed: string | null,
  decidedBy: 'content-type' | 'declaration' | 'default',
): DecodedText {
  if (claimed === null || claimed === 'utf-8' || claimed === 'utf8') {
    const text = tryUtf8(bytes);
    if (text !== null) return { text, encoding: 'utf-8', decidedBy, warning: null };
    return {
      text: iconv.decode(Buffer.from(bytes), 'windows-1252'),
      encoding: 'windows-1252',
      decidedBy: 'correction',
      warning: `${claimed === null ? 'no encoding declared' : `declared UTF-8 (${decidedBy})`} but the bytes are not valid UTF-8; decoded as Windows-1252 (ISO-8859-1)`,
    };
  }
  if (LATIN1_NAMES.has(claimed) && hasMultiByte(bytes)) {
    const text = tryUtf8(bytes);
    if (text !== null) {
      return {
        text,
        encoding: 'utf-8',
        decidedBy: 'correction',
        warning: `declared ${claimed} but the bytes are valid UTF-8 with multi-byte characters; decoded as UTF-8`,
      };
    }
  }
  const encoding = LATIN1_NAMES.has(claimed) ? 'windows-1252' : claimed;
  if (!iconv.encodingExists(encoding)) {
    const text = tryUtf8(bytes);
    return {
      text: text ?? iconv.decode(Buffer.from(bytes), 'windows-1252'),
      encoding: text !== null ? 'utf-8' : 'windows-1252',
      decidedBy: 'correction',
      warning: `unknown encoding "${claimed}"; decoded as ${text !== null ? 'UTF-8' : 'Windows-1252'}`,
    };
  }
  return { text: iconv.decode(Buffer.from(bytes), encoding), encoding: claimed, decidedBy, warning: null };
}
