import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { closeNow, listenOnLoopback, readBody } from './loopback-server';

/** One images request as the fake received it (for assertions). */
export interface RecordedImageRequest {
  endpoint: 'generations' | 'edits';
  model?: string;
  prompt?: string;
  quality?: string;
  size?: string;
  n?: number;
  stream: boolean;
  partialImages?: number;
  outputFormat?: string;
  responseFormat?: string;
  inputFidelity?: string;
  background?: string;
  /** Number of files under image[] (or image) on an edit. */
  imageCount: number;
  /** Content types the files were sent with. */
  imageTypes: string[];
  /** Byte sizes of those files. */
  imageSizes: number[];
  /** The mask file of an edit (outpainting), as sent. */
  mask?: Buffer;
  /** The image files of an edit, as sent. */
  images?: Buffer[];
  authorization?: string;
}

/** One chat completions request (the brand vision call) as the fake received it. */
export interface RecordedChatRequest {
  model?: string;
  /** Number of messages. */
  messages: number;
  /** image_url parts across the messages, and their URLs' media types (data URLs). */
  imageCount: number;
  imageTypes: string[];
  /** The text parts, joined. */
  text: string;
  /** response_format.type and, for json_schema, its name and schema. */
  responseFormat?: string;
  schemaName?: string;
  schema?: Record<string, unknown>;
  strict?: boolean;
  authorization?: string;
}

/** A POST /v1/responses request as the fake saw it. */
export interface RecordedResponsesRequest {
  model?: string;
  /** `instructions` and the input's text (a string input, or the text parts of its messages), joined. */
  text: string;
  /** text.format.type and, for json_schema, its name, schema and strict flag. */
  format?: string;
  schemaName?: string;
  schema?: Record<string, unknown>;
  strict?: boolean;
  authorization?: string;
}

export interface FakeOpenAIFailure {
  status: number;
  message: string;
  type?: string;
  code?: string | null;
  param?: string | null;
  /** How many requests fail this way (default 1). */
  times?: number;
  /** Sent as x-should-retry, which the SDK obeys. */
  shouldRetry?: boolean;
}

export interface FakeOpenAIOptions {
  apiKey?: string;
}

/** A model of GET /v1/models: served until its shutdown date (YYYY-MM-DD), gone from that day on. */
export interface FakeModel {
  id: string;
  shutdown_date: string | null;
  owned_by?: string;
}

/**
 * The day FAKE_OPENAI_MODELS was read from OpenAI. The fake's clock starts there, so a test sees the
 * API as it was that day whatever the real date: a model it uses does not retire under it when the
 * real shutdown date passes. A test moves `now` to see a shutdown.
 */
export const FAKE_OPENAI_CATALOGUE_DATE = new Date('2026-11-25T09:00:00Z');

/**
 * The catalogue as OpenAI's deprecations page and GET /v1/models gave it on that day: the GPT image
 * 1.x models and chatgpt-image-latest shut down on 2026-12-01 (replaced by gpt-image-2.6-sunburst or
 * -flare); gpt-image-1 shut down on 2026-10-23; GPT-4.1 mini and GPT-4o mini on 2027-01-14 (gpt-6-luna).
 */
export const FAKE_OPENAI_MODELS: readonly FakeModel[] = [
  { id: 'gpt-image-2.6-flare', shutdown_date: null },
  { id: 'gpt-image-2.6-sunburst', shutdown_date: null },
  { id: 'gpt-image-2.5-flare', shutdown_date: null },
  { id: 'gpt-image-2.5-sunburst', shutdown_date: null },
  { id: 'gpt-image-2', shutdown_date: null },
  { id: 'gpt-image-1.5', shutdown_date: '2026-12-01' },
  { id: 'gpt-image-1.5-2025-12-16', shutdown_date: '2026-12-01' },
  { id: 'gpt-image-1-mini', shutdown_date: '2026-12-01' },
  { id: 'chatgpt-image-latest', shutdown_date: '2026-12-01' },
  { id: 'gpt-image-1', shutdown_date: '2026-10-23' },
  { id: 'dall-e-2', shutdown_date: null },
  { id: 'gpt-6-luna', shutdown_date: null },
  { id: 'gpt-6.1-sol', shutdown_date: null },
  { id: 'gpt-6.1-terra', shutdown_date: null },
  { id: 'gpt-4.1-mini', shutdown_date: '2027-01-14' },
  { id: 'gpt-4o-mini', shutdown_date: '2027-01-14' },
];

const STANDARD_SIZES = new Set(['1024x1024', '1536x1024', '1024x1536', 'auto']);
const DALL_E_2_SIZES = new Set(['256x256', '512x512', '1024x1024']);
const PALETTE: Array<[number, number, number]> = [
  [230, 57, 70],
  [29, 53, 87],
  [69, 123, 157],
  [42, 157, 143],
  [233, 196, 106],
];

/**
 * A local stand-in for OpenAI's Images API speaking its wire format, so the real `openai` SDK runs
 * against it (set OPENAI_BASE_URL to `baseUrl`):
 *
 * - POST /v1/images/generations  JSON {model, prompt, n, size, quality, stream, partial_images, …}
 * - POST /v1/images/edits        multipart with the files under image[] (or image) and the same fields
 * - POST /v1/chat/completions    JSON {model, messages (text and image_url parts), response_format}: the brand vision call
 * - POST /v1/responses           JSON {model, input, instructions, text: {format: json_schema}}: the Responses API (ad copy, ad translations),
 *                                strict as the real API: model and input required, a strict schema's objects closed
 *                                (additionalProperties false) with every property required, chat-style fields refused
 *
 * Both answer {created, data: [{b64_json}], …} with real PNGs of the requested size, or, with
 * stream: true, server-sent events `image_generation.partial_image` / `image_generation.completed`
 * (`image_edit.*` for edits). Errors use OpenAI's {error: {message, type, param, code}} body. The fake
 * records every request, can fail the next ones (failNext) or hang without answering (hangNext), for
 * error and timeout tests. Start one per test file.
 */
export class FakeOpenAI {
  readonly apiKey: string;
  readonly requests: RecordedImageRequest[] = [];
  /** POST /v1/chat/completions requests, in order. */
  readonly chatRequests: RecordedChatRequest[] = [];
  /**
   * What the chat completion answers as its message content (JSON-encoded): an object, or a function
   * of the request. By default an object with a plausible value for every property of the requested
   * JSON schema (brand identity fields get brand-like values).
   */
  chatAnswer?: Record<string, unknown> | ((request: RecordedChatRequest) => Record<string, unknown>);
  /** When set, the assistant refuses with this text instead of answering. */
  chatRefusal?: string;
  /** POST /v1/responses requests, in order. */
  readonly responsesRequests: RecordedResponsesRequest[] = [];
  /**
   * What a response's output_text holds (JSON-encoded): an object, or a function of the request (of
   * which attempt it is, from 1). By default a sample that satisfies the requested JSON schema.
   */
  responsesAnswer?: Record<string, unknown> | ((request: RecordedResponsesRequest, attempt: number) => Record<string, unknown>);
  /** Added before answering, in milliseconds. */
  delayMs = 0;
  /** The fake's clock for shutdown dates: the catalogue's day until a test moves it past a shutdown. */
  now: Date = FAKE_OPENAI_CATALOGUE_DATE;
  /** The models it knows, by id (see FAKE_OPENAI_MODELS); setModel and removeModel change them. */
  readonly models = new Map<string, FakeModel>(FAKE_OPENAI_MODELS.map((model) => [model.id, { ...model }]));
  private server?: Server;
  private url?: string;
  private failures: FakeOpenAIFailure[] = [];
  private hangs: Array<'before-headers' | 'mid-body'> = [];
  private readonly hanging = new Set<ServerResponse>();
  /** Called when hangNext starts holding a request (see whenHanging). */
  private readonly hangingWaiters: Array<() => void> = [];
  private readonly pngCache = new Map<string, Promise<Buffer>>();

  constructor(options: FakeOpenAIOptions = {}) {
    this.apiKey = options.apiKey ?? 'sk-test-fake-openai';
  }

  /** e.g. http://127.0.0.1:41234/v1 (what OPENAI_BASE_URL should be). */
  get baseUrl(): string {
    if (!this.url) throw new Error('FakeOpenAI is not started');
    return this.url;
  }

  /** Environment for an API or worker process pointed at this fake. */
  env(): Record<string, string> {
    return { OPENAI_API_KEY: this.apiKey, OPENAI_BASE_URL: this.baseUrl };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.sendError(res, 500, `Fake OpenAI crashed: ${error instanceof Error ? error.message : String(error)}`, 'server_error');
        else res.destroy();
      });
    });
    this.url = `${await listenOnLoopback(this.server)}/v1`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = undefined;
    await closeNow(server);
  }

  /** The next requests (failure.times, default 1) answer with this HTTP error. */
  failNext(failure: FakeOpenAIFailure): void {
    this.failures.push({ ...failure, times: failure.times ?? 1 });
  }

  /**
   * The next `times` requests stall until stop(): 'before-headers' never answers; 'mid-body' sends
   * the status, the headers and the start of the body (the first event of a stream), then stops.
   */
  hangNext(times = 1, when: 'before-headers' | 'mid-body' = 'before-headers'): void {
    for (let i = 0; i < times; i += 1) this.hangs.push(when);
  }

  /**
   * Resolves once a request is held by hangNext. A test that cancels a request waits for this, so
   * the request is recorded within that test, never after its reset in the next one.
   */
  whenHanging(): Promise<void> {
    if (this.hanging.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.hangingWaiters.push(resolve));
  }

  /** Adds a model or changes its shutdown date. */
  setModel(id: string, shutdownDate: string | null = null): void {
    this.models.set(id, { id, shutdown_date: shutdownDate });
  }

  removeModel(id: string): void {
    this.models.delete(id);
  }

  /** Whether the API still serves the model: known, and its shutdown date (if any) not reached. */
  serves(id: string | undefined): boolean {
    const model = id === undefined ? undefined : this.models.get(id);
    if (!model) return false;
    return model.shutdown_date === null || model.shutdown_date > this.now.toISOString().slice(0, 10);
  }

  reset(): void {
    this.now = FAKE_OPENAI_CATALOGUE_DATE;
    this.models.clear();
    for (const model of FAKE_OPENAI_MODELS) this.models.set(model.id, { ...model });
    this.requests.length = 0;
    this.chatRequests.length = 0;
    this.chatAnswer = undefined;
    this.chatRefusal = undefined;
    this.responsesRequests.length = 0;
    this.responsesAnswer = undefined;
    this.failures = [];
    this.hangs = [];
    this.delayMs = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/v1/chat/completions') return this.handleChat(req, res, body);
    if (req.method === 'POST' && url.pathname === '/v1/responses') return this.handleResponses(req, res, body);
    if (req.method === 'GET' && url.pathname.startsWith('/v1/models')) return this.handleModels(req, res, decodeURIComponent(url.pathname.slice('/v1/models'.length).replace(/^\//, '')));
    const endpoint = req.method === 'POST' && url.pathname === '/v1/images/generations' ? 'generations' : req.method === 'POST' && url.pathname === '/v1/images/edits' ? 'edits' : undefined;
    if (!endpoint) return this.sendError(res, 404, `Unknown request URL: ${req.method} ${url.pathname}`, 'invalid_request_error', 'unknown_url');

    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return this.sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }

    let fields: Record<string, unknown>;
    const files: Array<{ type: string; size: number; bytes: Buffer }> = [];
    let mask: Buffer | undefined;
    if (endpoint === 'generations') {
      try {
        fields = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return this.sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
    } else {
      const contentType = req.headers['content-type'] ?? '';
      if (!contentType.startsWith('multipart/form-data')) {
        return this.sendError(res, 400, 'Edits expect a multipart/form-data body.', 'invalid_request_error');
      }
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
      fields = {};
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else if (name === 'image' || name === 'image[]') files.push({ type: value.type, size: value.size, bytes: Buffer.from(await value.arrayBuffer()) });
        else if (name === 'mask') mask = Buffer.from(await value.arrayBuffer());
      }
    }

    const n = fields.n === undefined ? 1 : Number(fields.n);
    const stream = fields.stream === true || fields.stream === 'true';
    const partialImages = fields.partial_images === undefined ? undefined : Number(fields.partial_images);
    const record: RecordedImageRequest = {
      endpoint,
      model: str(fields.model),
      prompt: str(fields.prompt),
      quality: str(fields.quality),
      size: str(fields.size),
      n,
      stream,
      partialImages,
      outputFormat: str(fields.output_format),
      responseFormat: str(fields.response_format),
      inputFidelity: str(fields.input_fidelity),
      background: str(fields.background),
      imageCount: files.length,
      imageTypes: files.map((f) => f.type),
      imageSizes: files.map((f) => f.size),
      ...(endpoint === 'edits' ? { mask, images: files.map((f) => f.bytes) } : {}),
      authorization: req.headers.authorization,
    };
    this.requests.push(record);

    const midBody = () => {
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      const prefix = endpoint === 'generations' ? 'image_generation' : 'image_edit';
      res.write(stream ? `event: ${prefix}.partial_image\ndata: ${JSON.stringify({ type: `${prefix}.partial_image`, b64_json: '', partial_image_index: 0 })}\n\n` : '{"created": 1, "data": [');
    };
    if (this.interrupted(res, midBody)) return;

    if (!record.prompt) return this.sendError(res, 400, "Missing required parameter: 'prompt'.", 'invalid_request_error', 'missing_required_parameter', 'prompt');
    // The SDK always sends a model; a retired or unknown one answers as the API does after a shutdown.
    if (!this.serves(record.model)) return this.modelNotFound(res, record.model ?? '');
    const refusal = imageFieldRefusal(record, endpoint);
    if (refusal) return this.sendError(res, 400, refusal.message, 'invalid_request_error', refusal.code, refusal.param);
    if (!Number.isInteger(n) || n < 1 || n > 10) return this.sendError(res, 400, `Invalid value for 'n': must be between 1 and 10.`, 'invalid_request_error', 'invalid_value', 'n');
    if (partialImages !== undefined && (!Number.isInteger(partialImages) || partialImages < 0 || partialImages > 3)) {
      return this.sendError(res, 400, `Invalid value for 'partial_images': must be between 0 and 3.`, 'invalid_request_error', 'invalid_value', 'partial_images');
    }
    if (endpoint === 'edits' && files.length === 0) return this.sendError(res, 400, "Missing required parameter: 'image'.", 'invalid_request_error', 'missing_required_parameter', 'image');
    if (mask) {
      const [maskInfo, imageInfo] = await Promise.all([sharp(mask).metadata(), sharp(files[0].bytes).metadata()]);
      if (maskInfo.format !== 'png' || !maskInfo.hasAlpha) return this.sendError(res, 400, 'Invalid mask image: the mask must be a PNG with an alpha channel.', 'invalid_request_error', 'invalid_value', 'mask');
      if (maskInfo.width !== imageInfo.width || maskInfo.height !== imageInfo.height) {
        return this.sendError(res, 400, 'Invalid mask image: the mask must have the same dimensions as the image.', 'invalid_request_error', 'invalid_value', 'mask');
      }
    }

    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const size = !record.size || record.size === 'auto' ? '1024x1024' : record.size;
    const offset = this.requests.length;
    const images = await Promise.all(Array.from({ length: n }, (_, i) => this.png(size, offset + i)));
    const common = {
      background: 'opaque',
      output_format: 'png',
      quality: record.quality ?? 'auto',
      size,
    };
    // Per image, as each streamed image's completed event carries it; the JSON answer sums them.
    const imageTokens = 258 * files.length;
    const outputPerImage = outputTokensFor(size, record.quality);
    const usageOf = (images: number) => ({
      input_tokens: 50 + imageTokens,
      input_tokens_details: { image_tokens: imageTokens, text_tokens: 50 },
      output_tokens: outputPerImage * images,
      total_tokens: 50 + imageTokens + outputPerImage * images,
    });
    const usage = usageOf(n);

    if (stream) {
      const prefix = endpoint === 'generations' ? 'image_generation' : 'image_edit';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const created_at = Math.floor(Date.now() / 1000);
      for (const image of images) {
        for (let p = 0; p < (partialImages ?? 0); p += 1) {
          const event = { type: `${prefix}.partial_image`, b64_json: image.toString('base64'), created_at, partial_image_index: p, ...common };
          res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        }
        const done = { type: `${prefix}.completed`, b64_json: image.toString('base64'), created_at, ...common, usage: usageOf(1) };
        res.write(`event: ${done.type}\ndata: ${JSON.stringify(done)}\n\n`);
      }
      res.end();
      return;
    }
    this.sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data: images.map((image) => ({ b64_json: image.toString('base64') })), ...common, usage });
  }

  /**
   * The JSON body of a request to the text endpoints (chat completions, responses), or undefined
   * once the refusal is sent: 401 for a wrong API key, 400 for a body that is not JSON.
   */
  private jsonBody(req: IncomingMessage, res: ServerResponse, body: Buffer): Record<string, unknown> | undefined {
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      this.sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      return undefined;
    }
    try {
      const fields: unknown = JSON.parse(body.toString('utf8'));
      if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) return fields as Record<string, unknown>;
    } catch {
      // answered below
    }
    this.sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    return undefined;
  }

  /**
   * True when hangNext leaves this request hanging (a 'mid-body' hang first writes what `midBody`
   * writes, on the endpoints that have one) or failNext answers it with its failure.
   */
  private interrupted(res: ServerResponse, midBody?: () => void): boolean {
    const hang = this.hangs.shift();
    if (hang) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      for (const waiter of this.hangingWaiters.splice(0)) waiter();
      if (hang === 'mid-body') midBody?.();
      return true;
    }
    const failure = this.failures[0];
    if (!failure) return false;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) this.failures.shift();
    this.sendError(res, failure.status, failure.message, failure.type ?? (failure.status >= 500 ? 'server_error' : 'invalid_request_error'), failure.code ?? null, failure.param ?? null, failure.shouldRetry);
    return true;
  }

  /** True once a missing model (400) or one that is not served (404) has been refused. */
  private refusesModel(res: ServerResponse, model: string | undefined): boolean {
    if (!model) this.sendError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    else if (!this.serves(model)) this.modelNotFound(res, model);
    else return false;
    return true;
  }

  /**
   * POST /v1/chat/completions: records the request (images, response_format) and answers a
   * chat.completion whose message content is JSON (see chatAnswer), or a refusal. failNext and
   * hangNext apply here as to the images endpoints.
   */
  private async handleChat(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const fields = this.jsonBody(req, res, body);
    if (!fields) return;
    const messages = Array.isArray(fields.messages) ? (fields.messages as Array<Record<string, unknown>>) : [];
    const imageTypes: string[] = [];
    const texts: string[] = [];
    for (const message of messages) {
      const content = message.content;
      if (typeof content === 'string') texts.push(content);
      else if (Array.isArray(content)) {
        for (const part of content as Array<Record<string, unknown>>) {
          if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
          if (part.type === 'image_url') {
            const url = String((part.image_url as { url?: unknown } | undefined)?.url ?? '');
            imageTypes.push(/^data:([^;,]+)/.exec(url)?.[1] ?? 'url');
          }
        }
      }
    }
    const format = (fields.response_format ?? {}) as { type?: string; json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean } };
    const record: RecordedChatRequest = {
      model: str(fields.model),
      messages: messages.length,
      imageCount: imageTypes.length,
      imageTypes,
      text: texts.join('\n'),
      responseFormat: format.type,
      schemaName: format.json_schema?.name,
      schema: format.json_schema?.schema,
      strict: format.json_schema?.strict,
      authorization: req.headers.authorization,
    };
    this.chatRequests.push(record);
    if (this.interrupted(res)) return;
    if (this.refusesModel(res, record.model)) return;
    if (messages.length === 0) return this.sendError(res, 400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages');
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const answer = typeof this.chatAnswer === 'function' ? this.chatAnswer(record) : (this.chatAnswer ?? answerForSchema(record.schema));
    const message = this.chatRefusal
      ? { role: 'assistant', content: null, refusal: this.chatRefusal }
      : { role: 'assistant', content: JSON.stringify(answer), refusal: null };
    this.sendJson(res, 200, {
      id: `chatcmpl-fake-${this.chatRequests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: record.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 120 + 85 * imageTypes.length, completion_tokens: 90, total_tokens: 210 + 85 * imageTypes.length },
    });
  }

  /**
   * POST /v1/responses: records the request and answers a completed response whose one message
   * holds the JSON answer as output_text (see responsesAnswer). Refuses, as the API does, a missing
   * model or input, chat-style fields, and a json_schema format that strict mode does not accept.
   * failNext and hangNext apply here too.
   */
  private async handleResponses(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const fields = this.jsonBody(req, res, body);
    if (!fields) return;
    const format = ((fields.text as { format?: unknown } | undefined)?.format ?? undefined) as
      | { type?: string; name?: unknown; schema?: Record<string, unknown>; strict?: boolean }
      | undefined;
    const record: RecordedResponsesRequest = {
      model: str(fields.model),
      text: [typeof fields.instructions === 'string' ? fields.instructions : '', ...inputTexts(fields.input)].filter(Boolean).join('\n'),
      format: format?.type,
      schemaName: typeof format?.name === 'string' ? format.name : undefined,
      schema: format?.schema,
      strict: format?.strict,
      authorization: req.headers.authorization,
    };
    this.responsesRequests.push(record);
    if (this.interrupted(res)) return;
    for (const moved of ['response_format', 'messages']) {
      if (moved in fields) {
        const where = moved === 'response_format' ? "'text.format'" : "'input'";
        return this.sendError(res, 400, `Unsupported parameter: '${moved}'. In the Responses API, this parameter has moved to ${where}.`, 'invalid_request_error', 'unsupported_parameter', moved);
      }
    }
    if (this.refusesModel(res, record.model)) return;
    const input = fields.input;
    if (input === undefined || input === null || input === '' || (Array.isArray(input) && input.length === 0)) {
      return this.sendError(res, 400, "Missing required parameter: 'input'.", 'invalid_request_error', 'missing_required_parameter', 'input');
    }
    if (format !== undefined) {
      const refusal = responseFormatRefusal(format);
      if (refusal) return this.sendError(res, 400, refusal, 'invalid_request_error', 'invalid_json_schema', 'text.format.schema');
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const attempt = this.responsesRequests.length;
    const answer =
      typeof this.responsesAnswer === 'function'
        ? this.responsesAnswer(record, attempt)
        : (this.responsesAnswer ?? (record.schemaName === 'ad_copy_translations' ? fakeTranslations(record.text) : (sampleForSchema(record.schema) as Record<string, unknown>)));
    const created = Math.floor(Date.now() / 1000);
    this.sendJson(res, 200, {
      id: `resp_fake_${attempt}`,
      object: 'response',
      created_at: created,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: record.model,
      output: [
        {
          type: 'message',
          id: `msg_fake_${attempt}`,
          status: 'completed',
          role: 'assistant',
          content: this.chatRefusal ? [{ type: 'refusal', refusal: this.chatRefusal }] : [{ type: 'output_text', text: JSON.stringify(answer), annotations: [] }],
        },
      ],
      text: { format: format ?? { type: 'text' } },
      usage: { input_tokens: 180, output_tokens: 120, total_tokens: 300, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } },
    });
  }

  /**
   * GET /v1/models (the served models, each with its shutdown_date) and GET /v1/models/{id} (404
   * model_not_found once the model is gone).
   */
  private handleModels(req: IncomingMessage, res: ServerResponse, id: string): void {
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return this.sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    const entry = (model: FakeModel) => ({ id: model.id, object: 'model', created: 1_767_225_600, owned_by: model.owned_by ?? 'system', shutdown_date: model.shutdown_date });
    if (id) return this.serves(id) ? this.sendJson(res, 200, entry(this.models.get(id)!)) : this.modelNotFound(res, id);
    this.sendJson(res, 200, { object: 'list', data: [...this.models.values()].filter((model) => this.serves(model.id)).map(entry) });
  }

  private modelNotFound(res: ServerResponse, model: string): void {
    this.sendError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
  }

  /** A real PNG of the size, one flat colour per image index (cached). */
  private png(size: string, index: number): Promise<Buffer> {
    const [width, height] = size.split('x').map(Number);
    const [r, g, b] = PALETTE[index % PALETTE.length];
    const cacheKey = `${size}:${index % PALETTE.length}`;
    let image = this.pngCache.get(cacheKey);
    if (!image) {
      image = sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
      this.pngCache.set(cacheKey, image);
    }
    return image;
  }

  private sendError(res: ServerResponse, status: number, message: string, type: string, code: string | null = null, param: string | null = null, shouldRetry?: boolean): void {
    const headers: Record<string, string> = {};
    if (shouldRetry !== undefined) headers['x-should-retry'] = String(shouldRetry);
    this.sendJson(res, status, { error: { message, type, param, code } }, headers);
  }

  private sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
    const body = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': `req_fake_${this.requests.length}`, ...headers });
    res.end(body);
  }
}

/** Brand-like values for the brand identity fields the vision call asks for. */
const BRAND_ANSWERS: Record<string, unknown> = {
  fontFamily: 'Montserrat, sans-serif',
  headingStyle: 'Bold uppercase geometric sans-serif',
  tone: 'Confident, Warm, Optimistic',
  imageStyle: 'Bright lifestyle photography with natural light',
  brandPersonality: ['Confident', 'Friendly', 'Modern'],
  description: 'A confident, friendly brand with a warm, modern look.',
  brandName: 'Fake Brand Co',
  industry: 'Consumer goods',
  mood: 'Upbeat',
  composition: 'Centered subjects with generous negative space',
  logoStyle: 'Wordmark',
  targetAudience: 'Young professionals',
};

/** An answer that satisfies a (strict) JSON schema: every property filled in. */
/** The text of a Responses API input: a string, or the text parts of its messages. */
function inputTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  const texts: string[] = [];
  for (const item of input as Array<Record<string, unknown>>) {
    if (typeof item?.content === 'string') texts.push(item.content);
    else if (Array.isArray(item?.content)) {
      for (const part of item.content as Array<Record<string, unknown>>) if ((part.type === 'input_text' || part.type === 'text') && typeof part.text === 'string') texts.push(part.text);
    }
  }
  return texts;
}

/**
 * What the API says of a text.format it cannot use, or null: json_schema needs a name (letters,
 * digits, '_' and '-', at most 64) and an object schema; with strict, every object must set
 * additionalProperties to false and list every property in required.
 */
function responseFormatRefusal(format: { type?: string; name?: unknown; schema?: Record<string, unknown>; strict?: boolean }): string | null {
  if (format.type === 'text' || format.type === 'json_object') return null;
  if (format.type !== 'json_schema') return `Invalid value: '${String(format.type)}'. Supported values are: 'text', 'json_object' and 'json_schema'.`;
  if (typeof format.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(format.name)) return "Invalid 'text.format.name': must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64.";
  const schema = format.schema;
  if (!schema || typeof schema !== 'object') return "Missing required parameter: 'text.format.schema'.";
  if (schema.type !== 'object') return `Invalid schema for response_format '${format.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`;
  if (format.strict !== true) return null;
  const problem = strictSchemaProblem(schema, []);
  return problem ? `Invalid schema for response_format '${format.name}': In context=(${problem.context.map((c) => `'${c}'`).join(', ')}), ${problem.message}` : null;
}

function strictSchemaProblem(node: Record<string, unknown>, context: string[]): { context: string[]; message: string } | null {
  if (node.type === 'object') {
    const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
    if (node.additionalProperties !== false) return { context, message: "'additionalProperties' is required to be supplied and to be false." };
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing) return { context, message: `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.` };
    for (const [key, child] of Object.entries(properties)) {
      const problem = strictSchemaProblem(child, [...context, 'properties', key]);
      if (problem) return problem;
    }
  }
  if (node.type === 'array' && node.items && typeof node.items === 'object') return strictSchemaProblem(node.items as Record<string, unknown>, [...context, 'items']);
  return null;
}

/** A value that satisfies the schema: three distinct items per array, an enum's first value, 'fake <name>' (numbered in arrays) for strings. */
/**
 * A plausible answer to an ad translation prompt ("Translate into: es (Spanish), …", "Headline: …",
 * "Body: …"): each language's text is the source prefixed with its code; German, as it often is,
 * comes out longer, its headline's words run together into one compound.
 */
function fakeTranslations(prompt: string): Record<string, unknown> {
  const line = (label: string) => new RegExp(`^${label}: (.*)$`, 'm').exec(prompt)?.[1]?.trim() ?? '';
  const languages = [...line('Translate into').matchAll(/([a-z]{2}(?:-[A-Z]{2})?) \(/g)].map((match) => match[1]);
  const headline = line('Headline');
  const body = line('Body');
  return {
    translations: languages.map((language) =>
      language === 'de'
        ? { language, headline: `[de] ${headline.split(' ').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`, body: body ? `[de] ${body} Jetzt entdecken.` : '' }
        : { language, headline: `[${language}] ${headline}`, body: body ? `[${language}] ${body}` : '' },
    ),
  };
}

function sampleForSchema(schema: Record<string, unknown> | undefined, name = 'value', suffix = ''): unknown {
  if (!schema) return {};
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, sampleForSchema(child, key, suffix)]));
  }
  if (schema.type === 'array') return [1, 2, 3].map((n) => sampleForSchema(schema.items as Record<string, unknown> | undefined, name, `${suffix} ${n}`));
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return true;
  return `fake ${name}${suffix}`;
}

function answerForSchema(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, { type?: string; items?: { type?: string } }>;
  if (Object.keys(properties).length === 0) return { ...BRAND_ANSWERS };
  const answer: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (name in BRAND_ANSWERS) answer[name] = BRAND_ANSWERS[name];
    else if (property.type === 'array') answer[name] = [`fake ${name}`];
    else if (property.type === 'number' || property.type === 'integer') answer[name] = 1;
    else if (property.type === 'boolean') answer[name] = true;
    else answer[name] = `fake ${name}`;
  }
  return answer;
}

/**
 * What the API refuses in an images request for its model, as OpenAI's image generation guide and
 * the SDK's images resource describe it; null when the request is acceptable.
 */
function imageFieldRefusal(record: RecordedImageRequest, endpoint: 'generations' | 'edits'): { message: string; code: string; param: string } | null {
  const model = record.model ?? '';
  const dallE = model.startsWith('dall-e');
  const gptImage2 = /^gpt-image-2(?:[.-]|$)/.test(model);
  const gptImage25 = /^gpt-image-2\.[5-9]/.test(model);
  const unsupported = (param: string) => ({ message: `Unsupported parameter: '${param}' is not supported with this model.`, code: 'unsupported_parameter', param });
  const invalid = (param: string, message: string) => ({ message, code: 'invalid_value', param });
  if (!dallE && record.responseFormat) return { message: "Unknown parameter: 'response_format'.", code: 'unknown_parameter', param: 'response_format' };
  if (record.inputFidelity !== undefined) {
    if (endpoint !== 'edits' || dallE || gptImage2 || model.includes('mini')) return unsupported('input_fidelity');
    if (!['high', 'low'].includes(record.inputFidelity)) return invalid('input_fidelity', `Invalid value: '${record.inputFidelity}'. Supported values are: 'high' and 'low'.`);
  }
  if (record.background === 'transparent' && gptImage2) return invalid('background', "Transparent backgrounds are not supported for this model. Use 'opaque' or 'auto'.");
  const qualities = dallE ? ['standard', 'hd', 'auto'] : gptImage25 ? ['low', 'medium', 'high', 'xhigh', 'max', 'auto'] : ['low', 'medium', 'high', 'auto'];
  if (record.quality && !qualities.includes(record.quality)) {
    return invalid('quality', `Invalid value: '${record.quality}'. Supported values are: ${qualities.map((q) => `'${q}'`).join(', ')}.`);
  }
  if (record.size && !acceptsSize(model, record.size)) {
    return invalid(
      'size',
      gptImage2
        ? `Invalid size '${record.size}'. Width and height must be multiples of 16, the aspect ratio at most 3:1, the longest edge at most 3840 pixels and the total between 655360 and 8294400 pixels.`
        : `Invalid value: '${record.size}'. Supported values are: ${[...(dallE ? DALL_E_2_SIZES : STANDARD_SIZES)].map((size) => `'${size}'`).join(', ')}.`,
    );
  }
  return null;
}

function acceptsSize(model: string, size: string): boolean {
  if (model.startsWith('dall-e')) return DALL_E_2_SIZES.has(size);
  if (STANDARD_SIZES.has(size)) return true;
  if (!/^gpt-image-2(?:[.-]|$)/.test(model)) return false;
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return false;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width % 16 === 0 && height % 16 === 0 && Math.max(width, height) <= 3840 && Math.max(width, height) <= 3 * Math.min(width, height) && width * height >= 655_360 && width * height <= 8_294_400;
}

/** Output tokens of one image: about 1056 for a square at medium quality, scaled by area and quality. */
function outputTokensFor(size: string, quality: string | undefined): number {
  const [width, height] = size.split('x').map(Number);
  const factor = quality === 'low' ? 0.25 : quality === 'high' ? 4 : 1;
  return Math.round(((width * height) / (1024 * 1024)) * 1056 * factor);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : value === undefined || value === null ? undefined : String(value);
}

