import { HttpError } from 'react-admin';
import { ApiRequestError } from './http';

/**
 * Our words for the API's error codes, as translation keys: react-admin translates the message
 * of a failed call before notifying it. Codes not listed keep the API's (English) message.
 */
const CODE_MESSAGES: Readonly<Record<string, string>> = {
  unauthenticated: 'app.errors.unauthenticated',
  forbidden: 'app.errors.forbidden',
  csrf_failed: 'app.errors.csrf_failed',
  rate_limited: 'app.errors.rate_limited',
  // A role change while the admin's identity was last proven more than ten minutes ago.
  reauthentication_required: 'app.errors.reauthentication_required',
  // A list's filter, sort or range the API cannot read (an unknown service, a bad date...).
  invalid_query: 'app.errors.invalid_query',
  // On sale: a fixture that has kicked off can no longer be put on or taken off sale.
  fixture_started: 'resources.fixtures.errors.fixture_started',
  fixture_not_found: 'resources.fixtures.errors.fixture_not_found',
  // A season ticket whose first match has kicked off: its campaign is over.
  season_started: 'resources.season-tickets.errors.season_started',
  // Checkout: a failed issue that someone already retried or refunded (or that recovered).
  not_failed: 'resources.failed-issues.errors.not_failed',
  // A season order's e-mail sent again before all its titles are issued.
  not_issued: 'resources.season-orders.errors.not_issued',
  // Box-office sale: why the API would not sell these seats to this buyer.
  seats_unavailable: 'resources.orders.errors.seats_unavailable',
  buyer_limit: 'resources.orders.errors.buyer_limit',
  holder_has_seat: 'resources.orders.errors.holder_has_seat',
  fixture_not_on_sale: 'resources.orders.errors.fixture_not_on_sale',
  buyer_banned: 'resources.orders.errors.buyer_banned',
  sector_full: 'resources.orders.errors.sector_full',
  // Mass issuing: a task with no unfinalized line to send again.
  nothing_to_retry: 'resources.mass-issues.errors.nothing_to_retry',
  // Jobs: a job that has moved on since the page was read.
  job_not_retryable: 'resources.jobs.errors.job_not_retryable',
  job_not_discardable: 'resources.jobs.errors.job_not_discardable',
  // Exports: a file asked for before its job finished (or after it failed), or after its time.
  export_not_ready: 'resources.exports.errors.export_not_ready',
  export_expired: 'resources.exports.errors.export_expired',
  // Mismatch report: a divergence someone reconciled first, or that the reconciliation would
  // make worse here (the ticketing system's holder or seat already taken).
  already_resolved: 'resources.mismatches.errors.already_resolved',
  holder_conflict: 'resources.mismatches.errors.holder_conflict',
  seat_conflict: 'resources.mismatches.errors.seat_conflict',
  // Payment report: Stripe did not answer, so there is nothing to compare with.
  provider_unavailable: 'resources.payment-report.errors.provider_unavailable',
  // Corporate requests: a request someone approved or declined first.
  already_decided: 'resources.corporate-requests.errors.already_decided',
  // Sale phases: ending one not on now, keeping the seats of one that is not an open or coming
  // renewal, a phase of a season ticket or match that is not there.
  phase_not_open: 'resources.phases.errors.phase_not_open',
  not_a_renewal: 'resources.phases.errors.not_a_renewal',
  target_not_found: 'resources.phases.errors.target_not_found',
};

/**
 * Our words for the field error codes the API gives (the role change names acc_level);
 * anything else is shown as it came.
 */
const FIELD_MESSAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  acc_level: {
    cannot_remove_own_admin: 'resources.users.errors.own_admin_role',
    invalid_acc_level: 'resources.users.errors.invalid_level',
  },
};

function translatedFieldErrors(errors: unknown): Record<string, unknown> | undefined {
  if (errors === null || typeof errors !== 'object') {
    return undefined;
  }
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const known = typeof message === 'string' ? FIELD_MESSAGES[field]?.[message] : undefined;
      return [field, known ?? message];
    }),
  );
}

/**
 * The same HttpError with a translation key for a message when we know the code, and our keys
 * for the field errors we know. Anything that is not an HttpError passes through.
 */
export function translatableHttpError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.body === null || typeof error.body !== 'object') {
    return error;
  }
  const body = error.body as { code?: unknown; errors?: unknown };
  const key = typeof body.code === 'string' ? CODE_MESSAGES[body.code] : undefined;
  const errors = translatedFieldErrors(body.errors);
  if (key === undefined && errors === undefined) {
    return error;
  }
  return new HttpError(key ?? error.message, error.status, {
    ...body,
    ...(errors === undefined ? {} : { errors }),
  });
}

/** The error shape's `code` of a failed call, made by our own client or by react-admin's. */
function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) {
    return error.code ?? undefined;
  }
  if (error instanceof HttpError && error.body !== null && typeof error.body === 'object') {
    const { code } = error.body as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * The translation key for a failed call to one of the API's action endpoints (imports, seat
 * locks) or a react-admin write (an update, a delete): our words for its code when we have them,
 * else `fallback`.
 */
export function apiErrorMessageKey(error: unknown, fallback: string): string {
  const code = errorCode(error);
  return (code === undefined ? undefined : CODE_MESSAGES[code]) ?? fallback;
}
