import OpenAI from 'openai';

export interface OpenAiClientOptions {
  apiKey: string;
  /** Another server speaking OpenAI's API (tests point it at a local fake). */
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
}

/** The one way the app builds an OpenAI client (image generation and brand vision share it). */
export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: fetchWithPlainErrors,
  });
}

/**
 * fetch whose failures are always Error instances of this realm. Node's fetch rejects a timed-out
 * request with a DOMException; where that is not `instanceof Error` (a vm context such as Jest's),
 * the SDK would lose its name and report a timeout as a bare connection error.
 */
async function fetchWithPlainErrors(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
    const { name, message } = error as { name?: unknown; message?: unknown };
    const plain = new Error(typeof message === 'string' ? message : String(error), { cause: error });
    if (typeof name === 'string') plain.name = name;
    throw plain;
  }
}
