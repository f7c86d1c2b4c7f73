/** A failed call to one of the API's non-react-admin endpoints. */
export class ApiRequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
  }
}

/**
 * GET a same-origin JSON endpoint. `acceptedStatuses` lists the non-2xx statuses whose body is
 * still the answer (the health check says 503 with its report when something is down).
 */
export async function getJson<T>(path: string, acceptedStatuses: readonly number[] = []): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok && !acceptedStatuses.includes(response.status)) {
    throw new ApiRequestError(response.status, response.statusText || `HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiRequestError(response.status, 'The response is not JSON');
  }
}
