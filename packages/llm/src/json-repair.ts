/**
 * Recovering JSON from model text. Only repairs that cannot invent content are made:
 * code fences and surrounding prose are stripped, trailing commas removed, and truncated JSON is
 * cut back to the last complete element and closed — a half-written string, number or key is
 * dropped, never completed. Whether what remains is acceptable is the schema's decision.
 */

/** A repair applied to model text before it parsed. */
export type JsonRepair = 'stripped_code_fence' | 'stripped_prose' | 'removed_trailing_commas' | 'closed_truncated_json';

/** Result of {@link repairJson}. */
export type JsonRepairResult =
  { ok: true; value: unknown; repairs: JsonRepair[] } | { ok: false; error: string; repairs: JsonRepair[] };

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Index of the bracket closing the one at `start` (string-aware), or -1 when the text ends first. */
function findEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Removes commas directly before `}` or `]` (outside strings). */
export function removeTrailingCommas(text: string): string {
  let output = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (inString) {
      output += char;
      if (char === '\\' && index + 1 < text.length) {
        output += text[index + 1];
        index += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ',') {
      let next = index + 1;
      while (next < text.length && /\s/.test(text[next]!)) next += 1;
      if (text[next] === '}' || text[next] === ']') continue;
    }
    output += char;
  }
  return output;
}

type FrameState = 'key_or_end' | 'key' | 'colon' | 'value' | 'value_or_end' | 'comma_or_end';
interface Frame {
  kind: 'object' | 'array';
  state: FrameState;
}

const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)$/;

/**
 * Closes JSON that was cut off: keeps everything up to the last complete value (or opened
 * container) and appends the missing closers. Returns undefined when the text is not a JSON prefix
 * or nothing complete remains.
 */
export function closeTruncatedJson(text: string): string | undefined {
  const frames: Frame[] = [];
  let safeCut = -1;
  let safeClosers = '';
  const closers = (): string =>
    frames
      .map((frame) => (frame.kind === 'object' ? '}' : ']'))
      .reverse()
      .join('');
  const expectsValue = (frame: Frame | undefined): boolean =>
    frame === undefined ? false : frame.state === 'value' || frame.state === 'value_or_end';
  const completeValue = (cut: number): void => {
    const frame = frames[frames.length - 1];
    if (frame !== undefined) frame.state = 'comma_or_end';
    safeCut = cut;
    safeClosers = closers();
  };
  let index = 0;
  const first = text[0];
  if (first !== '{' && first !== '[') return undefined;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const top = frames[frames.length - 1];
    if (top === undefined && frames.length === 0 && index > 0) return undefined; // complete already; not truncated
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) break; // cut inside a string: drop it
      if (top?.kind === 'object' && (top.state === 'key_or_end' || top.state === 'key')) top.state = 'colon';
      else if (expectsValue(top)) completeValue(end + 1);
      else return undefined;
      index = end + 1;
      continue;
    }
    if (char === '{' || char === '[') {
      if (frames.length > 0 && !expectsValue(top)) return undefined;
      frames.push({ kind: char === '{' ? 'object' : 'array', state: char === '{' ? 'key_or_end' : 'value_or_end' });
      safeCut = index + 1;
      safeClosers = closers();
      index += 1;
      continue;
    }
    if (char === '}' || char === ']') {
      const kind = char === '}' ? 'object' : 'array';
      if (
        top === undefined ||
        top.kind !== kind ||
        top.state === 'colon' ||
        (kind === 'object' && top.state === 'value')
      ) {
        return undefined;
      }
      frames.pop();
      if (frames.length === 0) return undefined; // the text was complete: nothing to close
      completeValue(index + 1);
      index += 1;
      continue;
    }
    if (char === ':') {
      if (top?.kind !== 'object' || top.state !== 'colon') return undefined;
      top.state = 'value';
      index += 1;
      continue;
    }
    if (char === ',') {
      if (top === undefined || top.state !== 'comma_or_end') return undefined;
      top.state = top.kind === 'object' ? 'key' : 'value';
      index += 1;
      continue;
    }
    let end = index;
    while (end < text.length && /[-+.\w]/.test(text[end]!)) end += 1;
    if (end >= text.length) break; // cut inside a number or literal: drop it
    if (end === index || !LITERAL.test(text.slice(index, end)) || !expectsValue(top)) return undefined;
    completeValue(end);
    index = end;
  }
  if (safeCut < 0 || frames.length === 0) return undefined;
  return text.slice(0, safeCut) + safeClosers;
}

/**
 * Recovers one JSON value from model text: parses it as is, else strips a code fence and prose
 * around the first JSON object or array, removes trailing commas and, when the text was cut off,
 * keeps the complete elements and closes the brackets. Every applied repair is listed.
 *
 * @example
 * repairJson('Sure!\n```json\n{"a": [1, 2,],}\n```') // { ok: true, value: { a: [1, 2] }, repairs: [...] }
 */
export function repairJson(text: string): JsonRepairResult {
  const direct = tryParse(text.trim());
  if (direct.ok) return { ok: true, value: direct.value, repairs: [] };
  const baseRepairs: JsonRepair[] = [];
  let body = text;
  const fence = /```[A-Za-z0-9_-]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/.exec(text);
  if (fence?.[1] !== undefined) {
    body = fence[1];
    baseRepairs.push('stripped_code_fence');
    const fenced = tryParse(body.trim());
    if (fenced.ok) return { ok: true, value: fenced.value, repairs: baseRepairs };
    // A string inside the JSON may itself contain ``` (a model quoting Markdown): then the fence
    // closes at the last ``` of the text, not the first.
    const greedy = /```[A-Za-z0-9_-]*[^\S\n]*\n?([\s\S]*)```/.exec(text);
    if (greedy?.[1] !== undefined && greedy[1] !== fence[1]) {
      const wholeFence = tryParse(greedy[1].trim());
      if (wholeFence.ok) return { ok: true, value: wholeFence.value, repairs: baseRepairs };
    }
  }
  const starts: number[] = [];
  for (let index = 0; index < body.length && starts.length < 10; index += 1) {
    if (body[index] === '{' || body[index] === '[') starts.push(index);
  }
  if (starts.length === 0) return { ok: false, error: 'no JSON object or array in the text', repairs: baseRepairs };
  let firstError: string | undefined;
  for (const start of starts) {
    const repairs = [...baseRepairs];
    const end = findEnd(body, start);
    const before = body.slice(0, start).trim();
    const after = end >= 0 ? body.slice(end + 1).trim() : '';
    if (before !== '' || after !== '') repairs.push('stripped_prose');
    const candidate = end >= 0 ? body.slice(start, end + 1) : body.slice(start).trimEnd();
    const withoutCommas = removeTrailingCommas(candidate);
    if (withoutCommas !== candidate) repairs.push('removed_trailing_commas');
    const parsed = tryParse(withoutCommas);
    if (parsed.ok) return { ok: true, value: parsed.value, repairs };
    firstError ??= parsed.error;
    if (end < 0) {
      const closed = closeTruncatedJson(withoutCommas);
      if (closed !== undefined) {
        const closedParse = tryParse(closed);
        if (closedParse.ok)
          return { ok: true, value: closedParse.value, repairs: [...repairs, 'closed_truncated_json'] };
      }
    }
  }
  return { ok: false, error: firstError ?? 'no parseable JSON', repairs: baseRepairs };
}
