import { ApiError, errorOf, NETWORK_ERROR } from './http';
import { clearSession, currentSession } from './session';

export interface UploadOptions {
  /** 0 to 100 as the bytes go out (a photo on a weak signal takes a while). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form to /api with the patient's token. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Errors as api() reports them (ApiError, status 0 offline).
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const session = currentSession();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.setRequestHeader('accept', 'application/json');
    if (session) request.setRequestHeader('authorization', `Bearer ${session.accessToken}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      if (request.status === 401 && session) clearSession();
      reject(errorOf(request.status, body, request.getResponseHeader('retry-after')));
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR, ''));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
