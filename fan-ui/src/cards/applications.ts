import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend, CSRF_HEADER, CSRF_PATH, NETWORK_ERROR } from '../api/client';
import type { CardApplication, CardApplicationRequest, CardApplicationState, CardRelationship } from '../../../api-types';

/**
 * The club's supporter card "Blu nel Cuore" applied for (`/api/me/supporter-card-applications`):
 * loaded with its page only.
 */

export const RELATIONSHIPS = ['self', 'child', 'partner', 'parent', 'sibling', 'other'] as const satisfies readonly CardRelationship[];

/** A photo the API takes: a JPEG or a PNG of at most 5 MB (it checks the bytes, and the size in pixels). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The API's codes for a photo it refuses (`errors.photo_base64`, and the error's own code). */
export const PHOTO_CODES = ['photo_missing', 'photo_too_large', 'photo_not_an_image', 'photo_too_small', 'photo_too_many_pixels'] as const;
export type PhotoCode = (typeof PHOTO_CODES)[number];

export function isPhotoCode(code: string | undefined): code is PhotoCode {
  return (PHOTO_CODES as readonly string[]).includes(code ?? '');
}

/** The states a job moves on by itself in moments: the list is read again meanwhile. */
const MOVING_STATES: readonly CardApplicationState[] = ['submitted', 'issuing', 'revoking'];

/** While one of the fan's applications moves on by itself, how often to read the list again. */
const MOVING_POLL_MS = 15_000;

export const cardApplicationsKey = ['supporter-card-applications'] as const;

/** `GET /api/me/supporter-card-applications`: the fan's applications and cards, newest first. */
export const cardApplicationsQuery = queryOptions({
  queryKey: cardApplicationsKey,
  queryFn: () => apiGet<CardApplication[]>('/api/me/supporter-card-applications'),
  refetchInterval: (query) => (query.state.data?.some(({ state }) => MOVING_STATES.includes(state)) ? MOVING_POLL_MS : false),
});

/** `POST /api/me/supporter-card-applications`: the application, `submitted`. */
export function applyForCard(request: CardApplicationRequest): Promise<CardApplication> {
  return apiSend<CardApplication>('POST', '/api/me/supporter-card-applications', request);
}

/** The application's photo as the card prints it (`GET .../{id}/photo`, the fan's own only). */
export function cardPhotoUrl(id: string): string {
  return `/api/me/supporter-card-applications/${encodeURIComponent(id)}/photo`;
}

/** The issued card as a PDF: `full` an A4 page to print, `small` the card at its real size. */
export function cardPdfUrl(id: string, format: 'full' | 'small', language: string): string {
  const query = new URLSearchParams({ format, lang: language });
  return `/api/me/supporter-card-applications/${encodeURIComponent(id)}/pdf?${query.toString()}`;
}

/**
 * `POST /api/me/supporter-card-photo`: the photo as the card will print it (cropped to 35 x 45,
 * resized), a JPEG; nothing is stored. Its answer is an image, not JSON, so it is asked for here
 * rather than with `apiSend`; the CSRF token is the one the app sends (the API gives the same one
 * while its cookie lasts), and a refusal is the `ApiError` the rest of the app reads.
 */
export async function previewCardPhoto(photoBase64: string): Promise<Blob> {
  const { csrf_token: csrfToken } = await apiGet<{ csrf_token: string }>(CSRF_PATH);
  let response: Response;
  try {
    response = await fetch('/api/me/supporter-card-photo', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'image/jpeg, application/json', 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken },
      body: JSON.stringify({ photo_base64: photoBase64 }),
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) {
    throw await refusalOf(response);
  }
  return response.blob();
}

/** The API's error body (`{code, message, errors}`) as an `ApiError`; a body that is none, by its status. */
async function refusalOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const { code, message, errors } = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const fields =
    errors !== null && typeof errors === 'object'
      ? Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : {};
  return new ApiError(
    response.status,
    typeof code === 'string' ? code : `http_${response.status}`,
    typeof message === 'string' ? message : `HTTP ${response.status}`,
    fields,
  );
}

/** A file's bytes as base64, without the `data:...;base64,` a data URL starts with. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      if (comma < 0) {
        reject(new Error('The file could not be read'));
      } else {
        resolve(url.slice(comma + 1));
      }
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
