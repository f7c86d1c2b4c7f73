import type { TranslateFunction } from 'react-admin';
import { filteredListPath, PAGE_PATHS } from '../layout/paths';

/** The outside systems our clients call, whose every call is logged. */
export const LOGGED_SERVICES = ['ticketing', 'payments', 'mail'] as const;
export type LoggedService = (typeof LOGGED_SERVICES)[number];

/** The services the status page checks: the logged ones and our database. */
export const CHECKED_SERVICES = [...LOGGED_SERVICES, 'database'] as const;
export type CheckedService = (typeof CHECKED_SERVICES)[number];

/** How a call ended: answered as expected, or not (a refusal, a timeout, a broken connection). */
export const CALL_OUTCOMES = ['ok', 'error'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** How often the service log and the service status read themselves again while asked to. */
export const SERVICE_REFRESH_MS = 10_000;

/** A service in our words ("Sistema di biglietteria"), its own id when we have none. */
export function serviceLabel(translate: TranslateFunction, service: string): string {
  return (CHECKED_SERVICES as readonly string[]).includes(service)
    ? translate(`resources.service-calls.services.${service}`)
    : service;
}

/** The service log's address (under the basename), showing the calls that match `filter`. */
export function serviceLogPath(filter: { service?: LoggedService; outcome?: CallOutcome }): string {
  return filteredListPath(PAGE_PATHS.serviceLog, filter);
}

export function isLoggedService(value: unknown): value is LoggedService {
  return typeof value === 'string' && (LOGGED_SERVICES as readonly string[]).includes(value);
}
