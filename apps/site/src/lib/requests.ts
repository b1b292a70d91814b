/**
 * Reading and checking what readers send to the server routes: a capped body (413), an accepted
 * content type (415), only known fields (400), then the methodology's schema (CON-1) and rate
 * limits (CON-3, 429 with `Retry-After`). Shared by `POST /api/contestaciones`, the no-JavaScript
 * form of `/contestar`, and the reader reports of `/placar`.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTESTATION_TEXT_MAX_LENGTH,
  ContestationSchema,
  ContestationTransitionRequestSchema,
  type ContestationRateLimitRule,
  type ContestationRefusalReasonSchema,
  type ContestationStatus,
  type ContestationTransitionRequest,
} from '@espectro/methodology';
import { z } from 'zod';
import { CONTESTATION_DIMENSION_LABELS, CONTESTATION_STATUS_LABELS, t, type LabelKey } from '../i18n.js';
import type { ContestationBackend, ContestationRecord, ReaderReport } from './contestations.js';
import type { Locale } from './types.js';

/** Largest request body accepted, in bytes (a 5 000-character text in UTF-8 plus the other fields). */
export const MAX_BODY_BYTES = 32 * 1024;

/** A refused request, ready to become an HTTP response. */
export interface RequestProblem {
  status: 400 | 403 | 404 | 413 | 415 | 422 | 429;
  code:
    | 'invalid_body'
    | 'unknown_fields'
    | 'invalid_fields'
    | 'payload_too_large'
    | 'unsupported_media_type'
    | 'unknown_outlet'
    | 'rate_limited'
    | 'not_found'
    | 'cross_site';
  message: string;
  /** Each field's problem: its path, a stable code, its label and a message in the reader's language. */
  issues?: FieldIssue[];
  /** 429 only. */
  retryAt?: string;
  retryAfterSeconds?: number;
  rule?: ContestationRateLimitRule;
}

/** Stable machine codes of a field's problem (beside the localised message, for API clients). */
export type FieldIssueCode =
  | 'required'
  | 'blank'
  | 'too_long'
  | 'not_text'
  | 'invalid_option'
  | 'invalid_domain'
  | 'invalid_characters'
  | 'unknown_field'
  | 'unknown_outlet'
  | 'invalid';

/**
 * One field's problem, as `/api/contestaciones` answers it: `path` is the field's name in the body,
 * `field` its label on the form in the request's language, `message` names it by that label.
 * `too_long` carries the limit and the length received (a long text is refused, never cut).
 */
export interface FieldIssue {
  path: string;
  code: FieldIssueCode;
  field: string;
  message: string;
  maximum?: number;
  received?: number;
}

/** A parsed body: a flat record of string fields. */
export type BodyFields = Record<string, unknown>;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Reads at most `limit` bytes of the body; `null` when it is longer. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return null;
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Reads a JSON object or an url-encoded form body, refusing other content types (415), bodies
 * over `limit` bytes (413), malformed JSON, non-object JSON and repeated form fields (400).
 */
export async function readFields(
  request: Request,
  locale: Locale,
  limit = MAX_BODY_BYTES,
): Promise<{ ok: true; fields: BodyFields; form: boolean } | { ok: false; problem: RequestProblem }> {
  const type = mediaType(request);
  if (type !== JSON_TYPE && type !== FORM_TYPE) {
    return {
      ok: false,
      problem: {
        status: 415,
        code: 'unsupported_media_type',
        message:
          locale === 'es'
            ? `Tipo de contenido no admitido: usa ${JSON_TYPE} o ${FORM_TYPE}.`
            : `Tipo de conteúdo não aceito: use ${JSON_TYPE} ou ${FORM_TYPE}.`,
      },
    };
  }
  const bytes = await readCapped(request, limit);
  if (bytes === null) {
    return {
      ok: false,
      problem: {
        status: 413,
        code: 'payload_too_large',
        message: locale === 'es' ? `El cuerpo supera ${limit} bytes.` : `O corpo passa de ${limit} bytes.`,
      },
    };
  }
  const invalid = (message: string) => ({
    ok: false as const,
    problem: { status: 400 as const, code: 'invalid_body' as const, message },
  });
  let text: string;
  try {
    // Invalid UTF-8 is refused, never replaced silently (issue 21 §6/§9).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return invalid(locale === 'es' ? 'El cuerpo no es UTF-8 válido.' : 'O corpo não é UTF-8 válido.');
  }
  if (type === JSON_TYPE) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return invalid(locale === 'es' ? 'El cuerpo no es JSON válido.' : 'O corpo não é JSON válido.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return invalid(locale === 'es' ? 'El cuerpo debe ser un objeto JSON.' : 'O corpo deve ser um objeto JSON.');
    }
    return { ok: true, fields: parsed as BodyFields, form: false };
  }
  const fields: BodyFields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name))
      return invalid(locale === 'es' ? `Campo repetido: ${name}.` : `Campo repetido: ${name}.`);
    fields[name] = value;
  }
  return { ok: true, fields, form: true };
}

/** Refuses any field outside `allowed` (400 `unknown_fields`). */
export function rejectUnknownFields(
  fields: BodyFields,
  allowed: readonly string[],
  locale: Locale,
): RequestProblem | null {
  const unknown = Object.keys(fields).filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return null;
  const issues = unknown.map((name) => ({
    path: name,
    code: 'unknown_field' as const,
    field: name,
    message: t(locale, 'fieldUnknown', { field: name }),
  }));
  return { status: 400, code: 'unknown_fields', message: issues.map((issue) => issue.message).join('; '), issues };
}

/** Each form field as the reader sees it (its label), for messages (issue 18 §7). */
const FIELD_LABELS: Record<string, LabelKey> = {
  dimension: 'contestDimension',
  outlet: 'outlet',
  text: 'contestText',
  message: 'reportMessage',
  checkId: 'reportCheck',
  lang: 'fieldLanguage',
  by: 'triageEditor',
  notes: 'triageNotes',
  to: 'status',
};

/** A field's label in `locale`, or its name when it has none. */
function fieldLabel(locale: Locale, path: string): string {
  const key = FIELD_LABELS[path];
  return key === undefined ? path : t(locale, key);
}

/** The labels of a field's options, for an `invalid_option` message (the value beside its label). */
const OPTION_LABELS: Record<string, Record<string, Record<Locale, string>>> = {
  dimension: CONTESTATION_DIMENSION_LABELS,
  to: CONTESTATION_STATUS_LABELS,
};

function optionsText(locale: Locale, path: string, values: readonly unknown[]): string {
  const labels = OPTION_LABELS[path];
  return values
    .map((value) => {
      const label = labels?.[String(value)]?.[locale];
      return label === undefined ? String(value) : `«${label}» (${String(value)})`;
    })
    .join(', ');
}

/**
 * Each zod issue as a {@link FieldIssue}: a stable code and a message of the site's own in `locale`
 * naming the field by its label (`«Medio»: …`). The schemas' own messages (English, for logs) are
 * never shown; an issue the site has no words for gets zod's message in `locale`. `fields` is what
 * was parsed (for the length of a text over its limit).
 */
export function fieldIssuesOf(locale: Locale, error: z.ZodError, fields: BodyFields): FieldIssue[] {
  return error.issues.map((issue): FieldIssue => {
    const path = issue.path.map(String).join('.');
    const field = fieldLabel(locale, path);
    const made = (code: FieldIssueCode, message: string, extra: Partial<FieldIssue> = {}): FieldIssue => ({
      path,
      code,
      field,
      message,
      ...extra,
    });
    const value = fields[path];
    if (value === undefined && issue.path.length === 1) return made('required', t(locale, 'fieldRequired', { field }));
    switch (issue.code) {
      case 'invalid_type':
        return made('not_text', t(locale, 'fieldNotText', { field }));
      case 'too_big': {
        const maximum = Number(issue.maximum);
        const received = typeof value === 'string' ? value.length : Number.NaN;
        return made('too_long', t(locale, 'fieldTooLong', { field, maximum, received }), { maximum, received });
      }
      case 'too_small':
        return made('blank', t(locale, 'fieldBlank', { field }));
      case 'invalid_value':
        return made(
          'invalid_option',
          t(locale, 'fieldInvalidOption', { field, options: optionsText(locale, path, issue.values) }),
        );
      case 'invalid_format':
        return path === 'outlet'
          ? made('invalid_domain', t(locale, 'fieldInvalidDomain', { field }))
          : made('invalid', `«${field}»: ${issue.message}`);
      case 'custom':
        // The schemas' only refinements on reader fields: a text of blanks.
        return typeof value === 'string' && value.trim() === ''
          ? made('blank', t(locale, 'fieldBlank', { field }))
          : made('invalid', t(locale, 'fieldInvalid', { field }));
      default:
        return made('invalid', `«${field}»: ${issue.message}`);
    }
  });
}

/**
 * A zod error as the reader reads it: each field under its label in `locale`, the problem beside
 * it in that language (`«Texto»: …; «Medio»: …`).
 */
export function describeFieldIssues(locale: Locale, error: z.ZodError, fields: BodyFields): string {
  return fieldIssuesOf(locale, error, fields)
    .map((issue) => issue.message)
    .join('; ');
}

/** zod's messages in the reader's language (pass to `safeParse`). */
export function zodErrors(locale: Locale) {
  return { error: (locale === 'es' ? z.locales.es() : z.locales.pt()).localeError };
}

/**
 * A NUL byte, another control character (tab and line breaks allowed), a lone surrogate or a
 * noncharacter: refused with a 400 naming the field (issue 21 §6) — PostgreSQL cannot store NUL,
 * and such characters are never meant by a reader.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;

/** The first string field holding a character a reader never means, as a 400 problem. */
export function rejectInvalidCharacters(fields: BodyFields, locale: Locale): RequestProblem | null {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    if (value.isWellFormed() && !CONTROL_CHARACTER.test(value)) continue;
    const field = fieldLabel(locale, name);
    const message = t(locale, 'invalidCharacters', { field });
    return {
      status: 400,
      code: 'invalid_fields',
      message,
      issues: [{ path: name, code: 'invalid_characters', field, message }],
    };
  }
  return null;
}

/** The fields a reader sends with a contestation; id, contester and time are set by the server. */
export const CONTESTATION_FIELDS = ['dimension', 'outlet', 'text'] as const;

/** What the reader sends, checked by CON-1's own field schemas at once (every bad field named together). */
const SubmittedContestationSchema = ContestationSchema.pick({ dimension: true, outlet: true, text: true });

const WINDOW_LABELS: Record<ContestationRateLimitRule, LabelKey> = {
  contester_hour: 'windowContesterHour',
  contester_day: 'windowContesterDay',
  outlet_day: 'windowOutletDay',
};

/** Outcome of {@link submitContestation}. */
export type SubmissionOutcome = { ok: true; record: ContestationRecord } | { ok: false; problem: RequestProblem };

/**
 * Validates a reader's contestation (unknown fields, then CON-1 via the methodology's
 * `ContestationSchema`), checks the outlet is in the roster, and stores it through the backend,
 * which enforces CON-3. `now` is the server's clock.
 */
export async function submitContestation(input: {
  fields: BodyFields;
  contesterId: string;
  /** Keyed hash of the client address: CON-3 counts the contester with its client. */
  clientKey?: string;
  backend: ContestationBackend;
  outletExists: (domain: string) => Promise<boolean>;
  now: Date;
  locale: Locale;
}): Promise<SubmissionOutcome> {
  const { fields, locale } = input;
  const unknown = rejectUnknownFields(fields, CONTESTATION_FIELDS, locale) ?? rejectInvalidCharacters(fields, locale);
  if (unknown !== null) return { ok: false, problem: unknown };
  const invalid = (error: z.ZodError): SubmissionOutcome => {
    const issues = fieldIssuesOf(locale, error, fields);
    return {
      ok: false,
      problem: {
        status: 400,
        code: 'invalid_fields',
        message: t(locale, 'invalidContestation', { problems: issues.map((issue) => issue.message).join('; ') }),
        issues,
      },
    };
  };
  const submitted = SubmittedContestationSchema.safeParse(fields, zodErrors(locale));
  if (!submitted.success) return invalid(submitted.error);
  const contestation = ContestationSchema.safeParse(
    {
      id: `imp-${randomUUID()}`,
      dimension: submitted.data.dimension,
      outlet: submitted.data.outlet,
      contesterId: input.contesterId,
      text: submitted.data.text,
      createdAt: input.now.toISOString(),
    },
    zodErrors(locale),
  );
  if (!contestation.success) return invalid(contestation.error);
  if (!(await input.outletExists(contestation.data.outlet))) {
    const message = t(locale, 'unknownOutlet', { domain: contestation.data.outlet });
    return {
      ok: false,
      problem: {
        status: 422,
        code: 'unknown_outlet',
        message,
        issues: [{ path: 'outlet', code: 'unknown_outlet', field: fieldLabel(locale, 'outlet'), message }],
      },
    };
  }
  const created = await input.backend.create(
    contestation.data,
    input.clientKey === undefined ? {} : { clientKey: input.clientKey },
  );
  if (created.ok) return created;
  const { refusal } = created;
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(refusal.retryAt) - input.now.getTime()) / 1000));
  return {
    ok: false,
    problem: {
      status: 429,
      code: 'rate_limited',
      message: t(locale, 'rateLimited', {
        limit: refusal.limit,
        window: t(locale, WINDOW_LABELS[refusal.rule]),
        retryAt: refusal.retryAt.slice(0, 16).replace('T', ' '),
      }),
      retryAt: refusal.retryAt,
      retryAfterSeconds,
      rule: refusal.rule,
    },
  };
}

/** The fields of a reader's error report on a check. */
export const REPORT_FIELDS = ['checkId', 'message'] as const;

const ReportSchema = z.strictObject({
  checkId: z.string().min(1).max(200),
  message: z
    .string()
    .max(CONTESTATION_TEXT_MAX_LENGTH)
    .refine((message) => message.trim().length > 0, { message: 'the report message must not be blank' }),
});

/** Validates and stores a reader's error report on a check that exists. */
export async function submitReport(input: {
  fields: BodyFields;
  backend: ContestationBackend;
  checkExists: (checkId: string) => Promise<boolean>;
  now: Date;
  locale: Locale;
}): Promise<{ ok: true; report: ReaderReport } | { ok: false; problem: RequestProblem }> {
  const unknown =
    rejectUnknownFields(input.fields, REPORT_FIELDS, input.locale) ??
    rejectInvalidCharacters(input.fields, input.locale);
  if (unknown !== null) return { ok: false, problem: unknown };
  const parsed = ReportSchema.safeParse(input.fields, zodErrors(input.locale));
  if (!parsed.success) {
    const issues = fieldIssuesOf(input.locale, parsed.error, input.fields);
    return {
      ok: false,
      problem: {
        status: 400,
        code: 'invalid_fields',
        message: issues.map((issue) => issue.message).join('; '),
        issues,
      },
    };
  }
  if (!(await input.checkExists(parsed.data.checkId))) {
    return {
      ok: false,
      problem: {
        status: 404,
        code: 'not_found',
        message: t(input.locale, 'checkNotFound', { id: parsed.data.checkId }),
      },
    };
  }
  const report: ReaderReport = {
    id: `rel-${randomUUID()}`,
    checkId: parsed.data.checkId,
    receivedAt: input.now.toISOString(),
    message: parsed.data.message,
  };
  await input.backend.addReport(report);
  return { ok: true, report };
}

/**
 * The language a JSON client asks for with the body's `lang` field (`es`, `pt-BR` or `pt`, the
 * form's `lang`); `fallback` (its `Accept-Language`) when the field is absent; a 400 naming the
 * field when it holds anything else.
 *
 * @example
 * requestedLocale('pt', 'es'); // { ok: true, locale: 'pt-BR' }
 */
export function requestedLocale(
  lang: unknown,
  fallback: Locale,
): { ok: true; locale: Locale } | { ok: false; problem: RequestProblem } {
  if (lang === undefined) return { ok: true, locale: fallback };
  if (lang === 'es') return { ok: true, locale: 'es' };
  if (lang === 'pt-BR' || lang === 'pt') return { ok: true, locale: 'pt-BR' };
  const field = fieldLabel(fallback, 'lang');
  const message = t(fallback, 'fieldInvalidOption', { field, options: 'es, pt-BR' });
  return {
    ok: false,
    problem: {
      status: 400,
      code: 'invalid_fields',
      message,
      issues: [{ path: 'lang', code: 'invalid_option', field, message }],
    },
  };
}

/**
 * A JSON error response for a refused request (with `Retry-After` on 429), its `Content-Language`
 * the language of its messages.
 */
export function problemResponse(problem: RequestProblem, locale: Locale): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-language': locale,
  });
  if (problem.retryAfterSeconds !== undefined) headers.set('retry-after', String(problem.retryAfterSeconds));
  const { status, ...error } = problem;
  return new Response(JSON.stringify({ error }), { status, headers });
}

/** A JSON response. */
export function jsonResponse(body: unknown, status = 200, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extraHeaders },
  });
}

/** The fields of an editor's transition form (`/editor`); `action` says which form it is. */
export const TRANSITION_FIELDS = ['action', 'id', 'to', 'by', 'notes'] as const;

/** Outcome of {@link parseTransitionFields}. */
export type TransitionFieldsOutcome =
  { ok: true; request: ContestationTransitionRequest } | { ok: false; problem: RequestProblem };

/**
 * Validates an editor's transition form (CON-2: target status, who, notes) at `at`, with zod's
 * messages in the editor's language, each naming the field by its label on the form.
 *
 * @example
 * parseTransitionFields({ action: 'transition', id: 'imp-1', to: 'triage', by: '' }, new Date(), 'pt-BR');
 * // { ok: false, problem: { status: 400, message: 'A transição não é válida: «Editor»: …' } }
 */
export function parseTransitionFields(fields: BodyFields, at: Date, locale: Locale): TransitionFieldsOutcome {
  const unknown = rejectUnknownFields(fields, TRANSITION_FIELDS, locale) ?? rejectInvalidCharacters(fields, locale);
  if (unknown !== null) return { ok: false, problem: unknown };
  const parsed = ContestationTransitionRequestSchema.safeParse(
    { to: fields.to, by: fields.by, notes: fields.notes ?? '', at: at.toISOString() },
    zodErrors(locale),
  );
  if (parsed.success) return { ok: true, request: parsed.data };
  const issues = fieldIssuesOf(locale, parsed.error, fields);
  return {
    ok: false,
    problem: {
      status: 400,
      code: 'invalid_fields',
      message: t(locale, 'invalidTransition', { problems: issues.map((issue) => issue.message).join('; ') }),
      issues,
    },
  };
}

type ContestationRefusalReason = z.infer<typeof ContestationRefusalReasonSchema>;

const REFUSAL_LABELS: Record<ContestationRefusalReason, LabelKey> = {
  terminal_state: 'triageRefusedTerminal',
  invalid_transition: 'triageRefusedInvalid',
  not_chronological: 'triageRefusedChronological',
  notes_required: 'triageRefusedNotes',
};

/**
 * Why CON-2 refused a transition, in the editor's language, with the statuses as the page names
 * them (the methodology's own message is English, for logs).
 */
export function transitionRefusalText(
  locale: Locale,
  refusal: { reason: ContestationRefusalReason; from: ContestationStatus; to: ContestationStatus },
): string {
  return t(locale, REFUSAL_LABELS[refusal.reason], {
    from: CONTESTATION_STATUS_LABELS[refusal.from][locale],
    to: CONTESTATION_STATUS_LABELS[refusal.to][locale],
  });
}
