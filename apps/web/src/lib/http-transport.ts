/**
 * The console's HTTP transport: fetch, and XMLHttpRequest for an upload that reports progress
 * (fetch cannot). It replaces axios (~17 KB gzip on every signed-in route, issue 18) and keeps
 * the shapes axios gave lib/http's callers: `response.data`, `response.headers['name']`, an error
 * with `response.status` and axios's texts ('Network Error', 'timeout of 80000ms exceeded').
 */

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the size. */
  total?: number;
}

export interface HttpRequestConfig {
  url?: string;
  method?: string;
  baseURL?: string;
  /** Query parameters: undefined and null are left out, an array repeats its key, a Date is sent as ISO. */
  params?: object;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  data?: unknown;
  /** Header names in lower case. */
  headers?: Record<string, string>;
  /** Milliseconds for the whole request, body included; 0: none. */
  timeout?: number;
  signal?: AbortSignal;
  /** Sends cookies to another origin (a native app's API base). */
  withCredentials?: boolean;
  responseType?: 'json' | 'text' | 'blob';
  onUploadProgress?: (event: UploadProgress) => void;
  /** Calls whose 401 means something else (a wrong password) opt out of the token refresh. */
  skipAuthRefresh?: boolean;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  statusText: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  config: HttpRequestConfig;
}

/** Sends one request and answers its response whatever the status; throws HttpError when none came. */
export type HttpAdapter = (config: HttpRequestConfig) => Promise<HttpResponse>;

/** A failed call: `response` is set when the server answered (any status outside 2xx). */
export class HttpError<T = unknown> extends Error {
  constructor(
    message: string,
    /** axios's codes: ERR_BAD_REQUEST (4xx), ERR_BAD_RESPONSE (5xx), ERR_NETWORK, ECONNABORTED (timeout), ERR_CANCELED. */
    readonly code: string,
    readonly config?: HttpRequestConfig,
    readonly response?: HttpResponse<T>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

export function requestUrl({ baseURL, url = '', params }: HttpRequestConfig): string {
  const path = baseURL && !ABSOLUTE.test(url) ? `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      query.append(key, item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item as string | number | boolean));
    }
  }
  const search = query.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** The body to send and the headers to send it with (the browser sets a FormData's own type). */
function encode(config: HttpRequestConfig): { body: BodyInit | null; headers: Record<string, string> } {
  const { data, headers = {} } = config;
  const { 'content-type': contentType, ...others } = headers;
  // No Content-Type without a body: Fastify refuses an empty body declared as JSON.
  if (data === undefined || data === null) return { body: null, headers: others };
  if (data instanceof FormData) return { body: data, headers: others };
  if (typeof data === 'string' || data instanceof Blob || data instanceof URLSearchParams) return { body: data, headers };
  return { body: JSON.stringify(data), headers: { ...others, 'content-type': contentType ?? 'application/json' } };
}

/** As axios read a body: JSON when it parses, else the text ('' for none). */
function parseText(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One signal for the caller's abort and the timeout, and which of them fired. */
function abortControl(config: HttpRequestConfig) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = config.timeout ? setTimeout(() => ((timedOut = true), controller.abort()), config.timeout) : undefined;
  const cancel = () => controller.abort();
  if (config.signal?.aborted) cancel();
  else config.signal?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    /** The error for a request that got no response. */
    failure: (): HttpError => {
      if (timedOut) return new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config);
      if (controller.signal.aborted) return new HttpError('canceled', 'ERR_CANCELED', config);
      return new HttpError('Network Error', 'ERR_NETWORK', config);
    },
    release: () => {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    },
  };
}

function uploadWithProgress(config: HttpRequestConfig, control: ReturnType<typeof abortControl>): Promise<HttpResponse> {
  const { body, headers } = encode(config);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(config.method?.toUpperCase() ?? 'POST', requestUrl(config));
    request.withCredentials = Boolean(config.withCredentials);
    request.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => config.onUploadProgress?.({ loaded: event.loaded, ...(event.lengthComputable ? { total: event.total } : {}) });
    request.onload = () => {
      const headerLines = request.getAllResponseHeaders().trim().split(/\r?\n/);
      const responseHeaders = Object.fromEntries(
        headerLines.filter(Boolean).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const data: unknown = request.responseType === 'blob' ? request.response : parseText(request.responseText);
      resolve({ data, status: request.status, statusText: request.statusText, headers: responseHeaders, config });
    };
    request.onerror = () => reject(control.failure());
    request.onabort = () => reject(control.failure());
    control.signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body as XMLHttpRequestBodyInit | null);
  });
}

export const fetchAdapter: HttpAdapter = async (config) => {
  const control = abortControl(config);
  try {
    if (config.onUploadProgress) return await uploadWithProgress(config, control);
    const { body, headers } = encode(config);
    try {
      const response = await fetch(requestUrl(config), {
        method: config.method?.toUpperCase() ?? 'GET',
        headers,
        body,
        credentials: config.withCredentials ? 'include' : 'same-origin',
        signal: control.signal,
      });
      const data: unknown = config.responseType === 'blob' ? await response.blob() : config.responseType === 'text' ? await response.text() : parseText(await response.text());
      return { data, status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), config };
    } catch {
      // A refused connection, an abort or the timeout (also while the body was arriving).
      throw control.failure();
    }
  } finally {
    control.release();
  }
};
