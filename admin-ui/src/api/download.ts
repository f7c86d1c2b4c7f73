import { ApiRequestError, type ApiErrorBody } from './http';

/**
 * The file name a `Content-Disposition: attachment; filename="..."` header gives (the RFC 5987
 * `filename*=UTF-8''...` form first), or undefined when there is none.
 */
export function fileNameOf(disposition: string | null): string | undefined {
  if (disposition === null) {
    return undefined;
  }
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1] !== undefined) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Not percent-encoded after all: try the plain form.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name === undefined || name === '' ? undefined : name;
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const fallback = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (typeof body.code === 'string' && typeof body.message === 'string') {
      return new ApiRequestError(response.status, body.message, {
        code: body.code,
        message: body.message,
        errors: body.errors ?? {},
      });
    }
  } catch {
    // Not the API's error shape.
  }
  return new ApiRequestError(response.status, fallback);
}

/**
 * Downloads a file the API makes (an Excel sheet): a same-origin GET with the session cookie,
 * saved under the name its `Content-Disposition` gives (else `fallbackName`). A plain link would
 * show the API's JSON error as a page when the session has ended; here a failure throws an
 * ApiRequestError with the error shape's code, for the page to say in our words.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    throw await errorOf(response);
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has started the download: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
