/**
 * A lenient, namespace-aware element tree of an XML document, built from htmlparser2's tokenizer in
 * XML mode. Lenient the way feed readers must be: whitespace or a byte-order mark before `<?xml`,
 * a stray `&`, HTML entities that XML does not define (`&oacute;`), undeclared prefixes and
 * mismatched or missing end tags are read as a forgiving parser reads them, and each structural
 * repair is reported as a diagnostic (with its line) instead of failing the whole feed. Entities
 * are never expanded from a DTD (no XXE, no billion laughs): htmlparser2 does not read DTDs.
 *
 * htmlparser2 gives no namespace resolution, so this module adds it (xmlns scopes, with the
 * conventional prefixes of {@link CONVENTIONAL_PREFIXES} for undeclared ones), together with the
 * `xml:base` and `xml:lang` in force at each element.
 */
import { Parser } from 'htmlparser2';
import { canonicalNamespace, CONVENTIONAL_PREFIXES, NS } from './namespaces.js';

/** Deepest element nesting kept; deeper content is dropped with a diagnostic (a nesting bomb). */
export const MAX_XML_DEPTH = 256;

/** One element of the tree. */
export interface XmlElement {
  /** Name as written (`media:content`). */
  readonly name: string;
  /** Canonical namespace URI (`''` for no namespace). */
  readonly ns: string;
  /** Local name (`content`). */
  readonly local: string;
  /** Attributes by name as written; values with XML references decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** Character data directly inside the element: text with XML references decoded, CDATA as written. */
  text: string;
  /** Absolute base URI in force here (`xml:base` resolved against the document's address), or null. */
  readonly base: string | null;
  /** `xml:lang` in force here, or null. */
  readonly lang: string | null;
  /** Source offsets of the content between the start and end tags. */
  readonly innerStart: number;
  innerEnd: number;
}

/** A parsed document. */
export interface XmlDocument {
  /** The first top-level element, or null when the document has none. */
  root: XmlElement | null;
  /** The decoded source the offsets refer to. */
  source: string;
  /** Structural repairs made while reading, in words (at most a few, with line numbers). */
  diagnostics: string[];
}

const MAX_DIAGNOSTICS = 5;

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let index = source.indexOf('\n'); index !== -1 && index < offset; index = source.indexOf('\n', index + 1))
    line += 1;
  return line;
}

function resolveBase(value: string, parentBase: string | null): string | null {
  try {
    return parentBase === null ? new URL(value).href : new URL(value, parentBase).href;
  } catch {
    return parentBase;
  }
}

interface OpenElement {
  element: XmlElement;
  start: number;
  scope: Map<string, string>;
}

/**
 * Reads an XML document into a tree (never throws for malformed markup; see the module comment).
 *
 * @param documentUrl the document's own address, the base of relative references (RFC 3986 §5.1.3).
 * @example
 * const { root } = parseXmlTree('<a:feed xmlns:a="http://www.w3.org/2005/Atom"/>', null);
 * root?.ns; // 'http://www.w3.org/2005/Atom'
 */
export function parseXmlTree(source: string, documentUrl: string | null): XmlDocument {
  const diagnostics: string[] = [];
  const note = (offset: number, message: string) => {
    if (diagnostics.length < MAX_DIAGNOSTICS) diagnostics.push(`line ${lineOf(source, offset)}: ${message}`);
  };
  const stack: OpenElement[] = [];
  let root: XmlElement | null = null;
  let closedRoot = false;
  let skippedDepth = 0;
  let documentBase: string | null = null;
  if (documentUrl !== null) documentBase = resolveBase(documentUrl, null);

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (closedRoot || stack.length >= MAX_XML_DEPTH) {
          if (stack.length >= MAX_XML_DEPTH && skippedDepth === 0)
            note(parser.startIndex, `elements nested deeper than ${MAX_XML_DEPTH} levels were dropped`);
          if (closedRoot && skippedDepth === 0)
            note(parser.startIndex, `content after the end of the root element was ignored`);
          skippedDepth += 1;
          return;
        }
        const parent = stack[stack.length - 1];
        let scope = parent?.scope ?? new Map<string, string>();
        for (const [attribute, value] of Object.entries(attributes)) {
          if (attribute === 'xmlns' || attribute.startsWith('xmlns:')) {
            if (scope === parent?.scope || parent === undefined) scope = new Map(scope);
            scope.set(attribute === 'xmlns' ? '' : attribute.slice(6), canonicalNamespace(value));
          }
        }
        const colon = name.indexOf(':');
        const prefix = colon === -1 ? '' : name.slice(0, colon);
        const local = colon === -1 ? name : name.slice(colon + 1);
        const ns = scope.get(prefix) ?? (prefix === '' ? '' : (CONVENTIONAL_PREFIXES[prefix.toLowerCase()] ?? prefix));
        const parentBase = parent?.element.base ?? documentBase;
        const xmlBase = attributes['xml:base'];
        const element: XmlElement = {
          name,
          ns,
          local,
          attributes,
          children: [],
          text: '',
          base: xmlBase === undefined ? parentBase : resolveBase(xmlBase, parentBase),
          lang: attributes['xml:lang'] ?? parent?.element.lang ?? null,
          innerStart: parser.endIndex + 1,
          innerEnd: parser.endIndex + 1,
        };
        if (parent) parent.element.children.push(element);
        else root = element;
        stack.push({ element, start: parser.startIndex, scope });
      },
      ontext(text) {
        if (skippedDepth > 0) return;
        const current = stack[stack.length - 1];
        if (current) current.element.text += text;
      },
      onclosetag(name, isImplied) {
        if (skippedDepth > 0) {
          skippedDepth -= 1;
          return;
        }
        const open = stack.pop();
        if (!open) return;
        const selfClosing = isImplied && parser.startIndex === open.start;
        if (isImplied && !selfClosing) {
          if (parser.startIndex >= source.length - 1)
            note(parser.startIndex, `the document ends before </${name}> (truncated?)`);
          else
            note(
              parser.startIndex,
              `<${name}> was closed by ${source.slice(parser.startIndex, parser.endIndex + 1).slice(0, 40)}`,
            );
        }
        open.element.innerEnd = selfClosing ? open.element.innerStart : parser.startIndex;
        if (stack.length === 0) closedRoot = true;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true, recognizeSelfClosing: true },
  );
  parser.write(source);
  parser.end();
  return { root, source, diagnostics };
}

/** The children of `element` with this namespace and local name. */
export function childrenOf(element: XmlElement, ns: string, local: string): XmlElement[] {
  return element.children.filter((child) => child.local === local && child.ns === ns);
}

/** The first child of `element` with this namespace and local name. */
export function childOf(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  return element.children.find((child) => child.local === local && child.ns === ns);
}

/**
 * An attribute by local name: unprefixed first, then one prefixed with the element's own namespace
 * (`<atom:link atom:href="…">`), then `xml:` attributes by their full name.
 */
export function attributeOf(element: XmlElement, local: string): string | null {
  const plain = element.attributes[local];
  if (plain !== undefined) return plain;
  for (const [name, value] of Object.entries(element.attributes)) {
    const colon = name.indexOf(':');
    if (colon !== -1 && name.slice(colon + 1) === local && name.slice(0, colon) !== 'xmlns') return value;
  }
  return null;
}

/** Every descendant of `element` (depth first) with this namespace and local name, not looking inside matches. */
export function descendantsOf(element: XmlElement, ns: string, local: string): XmlElement[] {
  const found: XmlElement[] = [];
  const pending = [...element.children].reverse();
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.local === local && next.ns === ns) found.push(next);
    else for (let index = next.children.length - 1; index >= 0; index -= 1) pending.push(next.children[index]!);
  }
  return found;
}

/** The XML source between an element's tags (its markup, for XHTML content). */
export function innerMarkup(document: XmlDocument, element: XmlElement): string {
  return document.source.slice(element.innerStart, Math.max(element.innerStart, element.innerEnd));
}

export { NS };
