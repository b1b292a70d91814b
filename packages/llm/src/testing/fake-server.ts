import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeStep, FakeUsage } from './replies.js';

/** Vendors whose wire format the fake server speaks. */
export type FakeVendor = 'openai' | 'groq' | 'anthropic' | 'gemini';
/** Kind of endpoint. */
export type FakeRoute = 'chat' | 'transcription';

/** A request the fake server received. */
export interface FakeRequest {
  /** Sequence number, from 1. */
  index: number;
  vendor: FakeVendor;
  route: FakeRoute;
  method: string;
  /** URL path (with query string). */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body (chat), or `{ fields, files }` for multipart (transcription). */
  body: unknown;
  /** Model id from the body, the Gemini path, or the multipart `model` field. */
  model: string | undefined;
  /** Chat only: the system prompt, normalised across vendors. */
  system: string | undefined;
  /** Chat only: the conversation, normalised across vendors (`assistant` for Gemini's `model`). */
  messages: { role: string; content: string }[];
  /** Transcription only: multipart text fields (`model`, `prompt`, `language`, …). */
  fields: Record<string, string>;
  /** Transcription only: uploaded files. */
  files: { field: string; fileName: string; size: number; type: string }[];
  /** Kind of the step that answered (`unscripted` when nothing was scripted). */
  answeredWith: FakeStep['kind'] | 'unscripted';
}

/** Restricts scripted steps to matching requests. */
export interface FakeMatch {
  vendor?: FakeVendor;
  model?: string;
  route?: FakeRoute;
}

/** Options of {@link startFakeLlmServer}. */
export interface FakeServerOptions {
  /** Answer used when no scripted step matches; default: HTTP 400 "nothing scripted". */
  defaultStep?: FakeStep;
  /** Host to bind; default 127.0.0.1 (never anything else in tests). */
  host?: string;
}

/** The scripting and inspection surface shared by the server handle. */
export interface FakeServerCore {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received so far, in arrival order. */
  readonly requests: readonly FakeRequest[];
  /** Appends steps to the shared queue (answers any request). */
  enqueue(...steps: FakeStep[]): this;
  /** Appends steps for matching requests only (checked before the shared queue, in registration order). */
  enqueueFor(match: FakeMatch, ...steps: FakeStep[]): this;
  /** Sets (or clears, with undefined) the answer used when nothing scripted matches. */
  setDefault(step: FakeStep | undefined): this;
  /** Steps not yet consumed. */
  pending(): number;
  /** Requests whose headers have arrived and whose body is still being read. */
  reading(): number;
  /** Requests that match (all when no match is given). */
  requestsFor(match?: FakeMatch): FakeRequest[];
  /**
   * Clears queues, default and recorded requests. A request that arrived before the reset and is
   * still being read is closed unanswered: it never takes a step scripted after the reset.
   */
  reset(): void;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
  /** Lets the process exit while the server is still open (benchmarks, scripts). */
  unref(): this;
}

function matches(
  match: FakeMatch,
  request: { vendor: FakeVendor; model: string | undefined; route: FakeRoute },
): boolean {
  return (
    (match.vendor === undefined || match.vendor === request.vendor) &&
    (match.model === undefined || match.model === request.model) &&
    (match.route === undefined || match.route === request.route)
  );
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => {
        if (typeof part === 'string') return part;
        const candidate = part as { text?: unknown; input?: unknown; type?: unknown };
        if (typeof candidate.text === 'string') return candidate.text;
        if (candidate.type === 'tool_use') return JSON.stringify(candidate.input);
        return '';
      })
      .join('');
  }
  if (content !== null && typeof content === 'object' && Array.isArray((content as { parts?: unknown }).parts)) {
    return textOf((content as { parts: unknown[] }).parts);
  }
  return '';
}

interface Routed {
  vendor: FakeVendor;
  route: FakeRoute;
  pathModel: string | undefined;
}

function routeOf(method: string, path: string): Routed | undefined {
  if (method !== 'POST') return undefined;
  const pathname = path.split('?')[0] ?? path;
  if (pathname.endsWith('/chat/completions')) {
    return { vendor: pathname.startsWith('/openai/v1/') ? 'groq' : 'openai', route: 'chat', pathModel: undefined };
  }
  if (pathname.endsWith('/audio/transcriptions')) {
    return {
      vendor: pathname.startsWith('/openai/v1/') ? 'groq' : 'openai',
      route: 'transcription',
      pathModel: undefined,
    };
  }
  if (pathname.endsWith('/v1/messages')) return { vendor: 'anthropic', route: 'chat', pathModel: undefined };
  const gemini = /\/models\/([^/:]+):generateContent$/.exec(pathname);
  if (gemini?.[1] !== undefined) return { vendor: 'gemini', route: 'chat', pathModel: decodeURIComponent(gemini[1]) };
  return undefined;
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function errorBody(vendor: FakeVendor, status: number, message: string, retryAfterMs: number | undefined): unknown {
  if (vendor === 'anthropic') {
    const type =
      status === 429
        ? 'rate_limit_error'
        : status === 401
          ? 'authentication_error'
          : status === 403
            ? 'permission_error'
            : status === 529
              ? 'overloaded_error'
              : status >= 500
                ? 'api_error'
                : 'invalid_request_error';
    return { type: 'error', error: { type, message } };
  }
  if (vendor === 'gemini') {
    const statusName =
      status === 429
        ? 'RESOURCE_EXHAUSTED'
        : status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'PERMISSION_DENIED'
            : status === 503
              ? 'UNAVAILABLE'
              : status >= 500
                ? 'INTERNAL'
                : 'INVALID_ARGUMENT';
    return {
      error: {
        code: status,
        message,
        status: statusName,
        ...(retryAfterMs !== undefined
          ? {
              details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterMs / 1000}s` }],
            }
          : {}),
      },
    };
  }
  const type =
    status === 429
      ? 'rate_limit_exceeded'
      : status === 401
        ? 'invalid_request_error'
        : status >= 500
          ? 'server_error'
          : 'invalid_request_error';
  return { error: { message, type, code: status === 401 ? 'invalid_api_key' : null, param: null } };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

let responseCounter = 0;

function chatAnswer(vendor: FakeVendor, step: FakeStep, parsed: ParsedChat): Answer {
  responseCounter += 1;
  const id = `fake-${responseCounter}`;
  type Content = { text?: string; toolInput?: unknown; finish: 'stop' | 'length' | 'refusal'; refusal?: string };
  let content: Content;
  let usage: FakeUsage | undefined;
  switch (step.kind) {
    case 'text':
    case 'transcript':
      content = { text: step.text, finish: 'stop' };
      usage = step.kind === 'text' ? step.usage : undefined;
      break;
    case 'json':
      content =
        vendor === 'anthropic' && parsed.toolName !== undefined
          ? { toolInput: step.value, finish: 'stop' }
          : { text: JSON.stringify(step.value), finish: 'stop' };
      usage = step.usage;
      break;
    case 'truncated_json': {
      const full = JSON.stringify(step.value);
      content = { text: full.slice(0, Math.max(1, Math.floor(full.length * step.keepFraction))), finish: 'length' };
      usage = step.usage;
      break;
    }
    case 'malformed_json':
      content = { text: step.text, finish: 'stop' };
      usage = step.usage;
      break;
    case 'refusal':
      content = { refusal: step.message, finish: 'refusal' };
      usage = step.usage;
      break;
    default:
      throw new Error(`fake server: step ${step.kind} is not an answer`);
  }
  const outputText =
    content.text ?? (content.toolInput !== undefined ? JSON.stringify(content.toolInput) : (content.refusal ?? ''));
  const tokens = usage ?? { inputTokens: estimateTokens(parsed.promptText), outputTokens: estimateTokens(outputText) };
  const created = Math.floor(Date.now() / 1000);
  if (vendor === 'openai' || vendor === 'groq') {
    const refused = content.finish === 'refusal';
    return {
      status: 200,
      headers: {},
      body: {
        id: `chatcmpl-${id}`,
        object: 'chat.completion',
        created,
        model: parsed.model ?? 'unknown',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: refused ? null : (content.text ?? ''),
              ...(vendor === 'openai' ? { refusal: refused ? content.refusal : null } : {}),
            },
            logprobs: null,
            finish_reason: refused ? (vendor === 'openai' ? 'stop' : 'content_filter') : content.finish,
          },
        ],
        usage: {
          prompt_tokens: tokens.inputTokens,
          completion_tokens: tokens.outputTokens,
          total_tokens: tokens.inputTokens + tokens.outputTokens,
        },
        ...(vendor === 'groq' ? { x_groq: { id: `req_${id}` } } : {}),
      },
    };
  }
  if (vendor === 'anthropic') {
    const blocks =
      content.toolInput !== undefined
        ? [{ type: 'tool_use', id: `toolu_${id}`, name: parsed.toolName, input: content.toolInput }]
        : content.finish === 'refusal'
          ? [{ type: 'text', text: content.refusal ?? '' }]
          : [{ type: 'text', text: content.text ?? '' }];
    return {
      status: 200,
      headers: {},
      body: {
        id: `msg_${id}`,
        type: 'message',
        role: 'assistant',
        model: parsed.model ?? 'unknown',
        content: blocks,
        stop_reason:
          content.toolInput !== undefined
            ? 'tool_use'
            : content.finish === 'length'
              ? 'max_tokens'
              : content.finish === 'refusal'
                ? 'refusal'
                : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: tokens.inputTokens, output_tokens: tokens.outputTokens },
      },
    };
  }
  // gemini
  const candidate =
    content.finish === 'refusal'
      ? {
          index: 0,
          finishReason: 'SAFETY',
          safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
        }
      : {
          index: 0,
          content: { role: 'model', parts: [{ text: content.text ?? '' }] },
          finishReason: content.finish === 'length' ? 'MAX_TOKENS' : 'STOP',
        };
  return {
    status: 200,
    headers: {},
    body: {
      candidates: [candidate],
      usageMetadata: {
        promptTokenCount: tokens.inputTokens,
        candidatesTokenCount: tokens.outputTokens,
        totalTokenCount: tokens.inputTokens + tokens.outputTokens,
      },
      modelVersion: parsed.model ?? 'unknown',
      responseId: id,
    },
  };
}

function transcriptionAnswer(vendor: FakeVendor, step: FakeStep, fields: Record<string, string>): Answer {
  responseCounter += 1;
  let text: string;
  let durationSeconds: number | undefined;
  let language: string | undefined;
  if (step.kind === 'transcript') {
    text = step.text;
    durationSeconds = step.durationSeconds;
    language = step.language;
  } else if (step.kind === 'text' || step.kind === 'malformed_json') {
    text = step.text;
  } else if (step.kind === 'json') {
    text = JSON.stringify(step.value);
  } else {
    throw new Error(`fake server: step ${step.kind} is not a transcription answer`);
  }
  if (vendor === 'groq') {
    return {
      status: 200,
      headers: {},
      body: {
        task: 'transcribe',
        language: language ?? fields.language ?? 'unknown',
        ...(durationSeconds !== undefined ? { duration: durationSeconds } : {}),
        text,
        segments: [],
        x_groq: { id: `req_fake_${responseCounter}` },
      },
    };
  }
  return {
    status: 200,
    headers: {},
    body: { text, ...(durationSeconds !== undefined ? { usage: { type: 'duration', seconds: durationSeconds } } : {}) },
  };
}

interface ParsedChat {
  model: string | undefined;
  system: string | undefined;
  messages: { role: string; content: string }[];
  promptText: string;
  toolName: string | undefined;
}

function parseChat(vendor: FakeVendor, body: Record<string, unknown>, pathModel: string | undefined): ParsedChat {
  let system: string | undefined;
  let messages: { role: string; content: string }[] = [];
  let toolName: string | undefined;
  if (vendor === 'openai' || vendor === 'groq') {
    const all = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
    const systemParts = all
      .filter((message) => message.role === 'system' || message.role === 'developer')
      .map((message) => textOf(message.content));
    system = systemParts.length > 0 ? systemParts.join('\n') : undefined;
    messages = all
      .filter((message) => message.role !== 'system' && message.role !== 'developer')
      .map((message) => ({ role: message.role, content: textOf(message.content) }));
  } else if (vendor === 'anthropic') {
    system = body.system !== undefined ? textOf(body.system) : undefined;
    messages = (Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : []).map(
      (message) => ({
        role: message.role,
        content: textOf(message.content),
      }),
    );
    const tools = Array.isArray(body.tools) ? (body.tools as { name?: string }[]) : [];
    const choice = body.tool_choice as { name?: string } | undefined;
    toolName = choice?.name ?? tools[0]?.name;
  } else {
    system = body.systemInstruction !== undefined ? textOf(body.systemInstruction) : undefined;
    messages = (Array.isArray(body.contents) ? (body.contents as { role?: string; parts?: unknown }[]) : []).map(
      (content) => ({
        role: content.role === 'model' ? 'assistant' : (content.role ?? 'user'),
        content: textOf(content.parts),
      }),
    );
  }
  const model = pathModel ?? (typeof body.model === 'string' ? body.model : undefined);
  return {
    model,
    system,
    messages,
    promptText: `${system ?? ''}${messages.map((message) => message.content).join('')}`,
    toolName,
  };
}

/**
 * Starts the loopback fake server (node:http on 127.0.0.1, random port). See `startFakeLlmServer`
 * in `./index.ts` for the handle with adapter helpers.
 */
export async function startFakeServerCore(options: FakeServerOptions = {}): Promise<FakeServerCore> {
  const shared: FakeStep[] = [];
  const targeted: { match: FakeMatch; steps: FakeStep[] }[] = [];
  let defaultStep = options.defaultStep;
  let requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Bumped by reset(): a request that arrived before it belongs to a test that has ended. */
  let generation = 0;
  let reading = 0;

  const nextStep = (request: {
    vendor: FakeVendor;
    model: string | undefined;
    route: FakeRoute;
  }): FakeStep | undefined => {
    for (const queue of targeted) {
      if (queue.steps.length > 0 && matches(queue.match, request)) return queue.steps.shift();
    }
    return shared.shift() ?? defaultStep;
  };

  const send = (response: ServerResponse, answer: Answer): void => {
    if (response.destroyed || response.writableEnded) return;
    const payload = JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      ...answer.headers,
    });
    response.end(payload);
  };

  const serve = (
    step: FakeStep,
    routed: Routed,
    parsed: ParsedChat,
    fields: Record<string, string>,
    request: IncomingMessage,
    response: ServerResponse,
  ): void => {
    switch (step.kind) {
      case 'disconnect':
        request.socket.destroy();
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          serve(step.then, routed, parsed, fields, request, response);
        }, step.delayMs);
        timers.add(timer);
        response.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return;
      }
      case 'rate_limit': {
        const retryAfterMs =
          step.retryAfterMs ?? (step.retryAfterSeconds !== undefined ? step.retryAfterSeconds * 1000 : undefined);
        const headers: Record<string, string> = {};
        if (routed.vendor !== 'gemini') {
          if (step.retryAfterMs !== undefined) {
            headers['retry-after-ms'] = String(step.retryAfterMs);
            headers['retry-after'] = String(Math.ceil(step.retryAfterMs / 1000));
          } else if (step.retryAfterSeconds !== undefined) {
            headers['retry-after'] = String(step.retryAfterSeconds);
          }
        }
        send(response, {
          status: 429,
          headers,
          body: errorBody(routed.vendor, 429, step.message, routed.vendor === 'gemini' ? retryAfterMs : undefined),
        });
        return;
      }
      case 'http_error':
        send(response, {
          status: step.status,
          headers: {},
          body: errorBody(routed.vendor, step.status, step.message, undefined),
        });
        return;
      default:
        send(
          response,
          routed.route === 'transcription'
            ? transcriptionAnswer(routed.vendor, step, fields)
            : chatAnswer(routed.vendor, step, parsed),
        );
    }
  };

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const arrivedIn = generation;
      reading += 1;
      let raw: Buffer;
      try {
        raw = await readBody(request);
      } finally {
        reading -= 1;
      }
      if (arrivedIn !== generation) {
        // A request a client gave up on (e.g. after a 60 ms timeout) whose body was read only after
        // reset(), on a loaded machine: it must not take the next test's scripted step. Closed unanswered.
        response.destroy();
        return;
      }
      const routed = routeOf(method, path);
      if (routed === undefined) {
        send(response, {
          status: 404,
          headers: {},
          body: {
            error: {
              message: `fake server: no route for ${method} ${path} (supported: POST …/chat/completions, /openai/v1/chat/completions, /v1/messages, /v1beta/models/{model}:generateContent, …/audio/transcriptions)`,
            },
          },
        });
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      let body: unknown;
      const fields: Record<string, string> = {};
      const files: FakeRequest['files'] = [];
      if (routed.route === 'transcription') {
        const form = await new Response(raw, { headers: { 'content-type': headers['content-type'] ?? '' } }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') fields[name] = value;
          else files.push({ field: name, fileName: value.name, size: value.size, type: value.type });
        }
        body = { fields, files };
      } else {
        try {
          body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as unknown) : {};
        } catch {
          body = raw.toString('utf8');
        }
      }
      const parsed =
        routed.route === 'chat' && body !== null && typeof body === 'object'
          ? parseChat(routed.vendor, body as Record<string, unknown>, routed.pathModel)
          : {
              model: fields.model,
              system: undefined,
              messages: [],
              promptText: fields.prompt ?? '',
              toolName: undefined,
            };
      const model = parsed.model;
      const step = nextStep({ vendor: routed.vendor, model, route: routed.route });
      requests.push({
        index: requests.length + 1,
        vendor: routed.vendor,
        route: routed.route,
        method,
        path,
        headers,
        body,
        model,
        system: parsed.system,
        messages: parsed.messages,
        fields,
        files,
        answeredWith: step?.kind ?? 'unscripted',
      });
      if (step === undefined) {
        send(response, {
          status: 400,
          headers: {},
          body: errorBody(
            routed.vendor,
            400,
            `fake server: nothing scripted for ${routed.vendor} ${routed.route} request (model ${model ?? '?'}); call enqueue()/enqueueFor() or setDefault()`,
            undefined,
          ),
        });
        return;
      }
      serve(step, routed, parsed, fields, request, response);
    })().catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `fake server failure: ${String(error)}` } }));
      }
    });
  });
  server.keepAliveTimeout = 1_000;
  let unreferenced = false;
  server.on('connection', (socket) => {
    if (unreferenced) socket.unref();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  const core: FakeServerCore = {
    url,
    get requests() {
      return requests;
    },
    enqueue(...steps) {
      shared.push(...steps);
      return this;
    },
    enqueueFor(match, ...steps) {
      const existing = targeted.find(
        (queue) =>
          queue.match.vendor === match.vendor && queue.match.model === match.model && queue.match.route === match.route,
      );
      if (existing !== undefined) existing.steps.push(...steps);
      else targeted.push({ match: { ...match }, steps: [...steps] });
      return this;
    },
    setDefault(step) {
      defaultStep = step;
      return this;
    },
    reading() {
      return reading;
    },
    pending() {
      return shared.length + targeted.reduce((sum, queue) => sum + queue.steps.length, 0);
    },
    requestsFor(match) {
      return match === undefined ? [...requests] : requests.filter((request) => matches(match, request));
    },
    reset() {
      generation += 1;
      shared.length = 0;
      targeted.length = 0;
      defaultStep = options.defaultStep;
      requests = [];
    },
    unref() {
      unreferenced = true;
      server.unref();
      return this;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return core;
}
