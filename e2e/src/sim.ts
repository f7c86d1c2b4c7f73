/** Calls the simulators' control API: a GET without a body, a POST with one; the JSON answer. */
import { expect } from 'vitest';
import { simUrl } from './env.ts';

export async function sim<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${simUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
