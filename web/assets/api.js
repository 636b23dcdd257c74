// The JSON API of `grundy serve` (see notes/web-spec.md): plain answers, pictures and
// progress streams (NDJSON). Every failure becomes an ApiError carrying one line to show.

export class ApiError extends Error {
  /** kind: 'server' (the server's own line), 'network', 'format' (an answer we cannot read) */
  constructor(message, { status = 0, kind = 'server', code = '', details = {} } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.code = code; // the server's machine-readable kind of refusal ("limit.memory"), worded by the page
    this.details = details || {};
  }
}

export function isAbort(error) {
  return error && error.name === 'AbortError';
}

/** A query string from an object, leaving out empty values. */
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    search.set(key, value === true ? '1' : String(value));
  }
  return search.toString();
}

function url(path, params) {
  const text = query(params);
  return text ? `${path}?${text}` : path;
}

async function send(path, params, { signal, body, accept } = {}) {
  const init = { signal, headers: { Accept: accept || 'application/json' } };
  if (body !== undefined && body !== null) {
    init.method = 'POST';
    init.body = body;
    init.headers['Content-Type'] = 'text/plain; charset=utf-8';
  }
  let response;
  try {
    response = await fetch(url(path, params), init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError('', { kind: 'network' });
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

async function errorOf(response) {
  let message = '';
  let data = null;
  try {
    data = JSON.parse(await response.text());
    if (data && typeof data.error === 'string') message = data.error;
  } catch (error) {
    if (isAbort(error)) throw error;
  }
  return new ApiError(message, { status: response.status, kind: message ? 'server' : 'format', code: data?.code || '', details: data?.details });
}

const cache = new Map();
const CACHE_SIZE = 300;

/** GET (or POST with body) a JSON answer. cache: keep answers of GETs that never change. */
export async function getJSON(path, params, { signal, body, cached = false } = {}) {
  const key = cached && body == null ? url(path, params) : null;
  if (key && cache.has(key)) return cache.get(key);
  const response = await send(path, params, { signal, body });
  let data;
  try {
    data = await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError('', { status: response.status, kind: 'format' });
  }
  if (key) remember(key, data);
  return data;
}

function remember(key, data) {
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value);
  cache.set(key, data);
}

/**
 * A computation with progress=1: reads the NDJSON lines as they come, calls
 * onProgress(progress) for each progress line and resolves with the final result.
 * signal aborts it (the server stops on disconnect). cached: as for getJSON.
 *
 * A computation the server refuses (a position too large, a bound reached: 4xx) still comes
 * as a 200 stream whose last line holds the status and the error, so that it rejects with an
 * ApiError without the browser logging a failed request: use it for the answers that may
 * normally be refused.
 */
export async function stream(path, params, { signal, body, onProgress, cached = false } = {}) {
  const key = cached && body == null ? url(path, params) : null;
  if (key && cache.has(key)) return cache.get(key);
  const result = await streamed(path, params, { signal, body, onProgress });
  if (key) remember(key, result);
  return result;
}

async function streamed(path, params, { signal, body, onProgress }) {
  const response = await send(path, { ...params, progress: 1 }, { signal, body, accept: 'application/x-ndjson' });
  const type = response.headers.get('Content-Type') || '';
  if (!type.includes('ndjson')) {
    // A server that answered in one piece: the plain JSON answer is the result.
    try {
      return await response.json();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError('', { status: response.status, kind: 'format' });
    }
  }
  if (!response.body || !response.body.getReader) {
    return lastResult((await response.text()).split('\n'), onProgress);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      pending += decoder.decode(value || new Uint8Array(), { stream: !done });
      const lines = pending.split('\n');
      pending = done ? '' : lines.pop();
      const found = readLines(lines, onProgress);
      if (found) return found.result;
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
  throw new ApiError('', { kind: 'format' });
}

function lastResult(lines, onProgress) {
  const found = readLines(lines, onProgress);
  if (found) return found.result;
  throw new ApiError('', { kind: 'format' });
}

function readLines(lines, onProgress) {
  for (const line of lines) {
    if (!line.trim()) continue;
    let item;
    try {
      item = JSON.parse(line);
    } catch {
      throw new ApiError('', { kind: 'format' });
    }
    if (item.error !== undefined) throw new ApiError(String(item.error), { status: item.status || 500, code: item.code || '', details: item.details });
    if (item.progress !== undefined && onProgress) onProgress(item.progress);
    if (item.result !== undefined) return { result: item.result };
  }
  return null;
}
