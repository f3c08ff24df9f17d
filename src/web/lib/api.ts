// The browser's small typed client for the JSON API: joins path and query, checks the envelope's
// `success`, and throws an ApiError carrying the server's message.
import type { Envelope } from '../../shared/contract/envelope.ts';

export type QueryValue = string | number | boolean | null | undefined;

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/** `path?key=value…`, leaving out empty values. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readEnvelope<T>(response: Response): Promise<T> {
  let body: Partial<Envelope<T>> | undefined;
  try {
    body = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    body = undefined;
  }
  if (!response.ok || !body || body.success !== true) {
    const message =
      typeof body?.message === 'string' && body.message
        ? body.message
        : `The server answered ${response.status}. Please try again.`;
    throw new ApiError(message, response.status);
  }
  return body.content as T;
}

async function send<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    // An abort is the caller's own doing; let it through unchanged so callers can ignore it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(UNREACHABLE, 0);
  }
  return readEnvelope<T>(response);
}

/** GET `path` with `query`; resolves to the envelope's `content`. */
export function apiGet<T>(
  path: string,
  query: Record<string, QueryValue> = {},
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return send<T>(apiUrl(path, query), {
    headers: { accept: 'application/json' },
    signal: init.signal,
  });
}

/** POST a JSON body; resolves to the envelope's `content`. */
export function apiPost<T>(
  path: string,
  body: unknown,
  init: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<T> {
  return send<T>(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: init.signal,
    keepalive: init.keepalive,
  });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
