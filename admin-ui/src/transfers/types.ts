import type { Fixture, StaffTransferView, TransferState } from '../../../api-types';
import { filteredListPath } from '../layout/paths';

/** Where a change of holder is: asked for (the job is passing it on), done, or refused. */
export const TRANSFER_STATES = ['requested', 'done', 'refused'] as const satisfies readonly TransferState[];

/** Why the ticketing system refused a change of holder, as the API words it (our own words each). */
export const REFUSAL_CODES = [
  'holder_banned',
  'holder_has_title',
  'reduction_not_fitting',
  'supporter_card_required',
  'title_not_transferable',
] as const;

export function isRefusalCode(code: string): code is (typeof REFUSAL_CODES)[number] {
  return (REFUSAL_CODES as readonly string[]).includes(code);
}

/** The list of changes of holder (react-admin's own list route of the `transfers` resource). */
export const TRANSFERS_PATH = '/transfers';

/** The changes of holder of one match: the list, narrowed to it (a filter staff can remove). */
export function transfersOfFixturePath(fixtureId: Fixture['id']): string {
  return filteredListPath(TRANSFERS_PATH, { fixture_id: fixtureId });
}

/** The most hours before kick-off staff may close changes of holder (30 days), as the API. */
export const MAX_CLOSES_HOURS = 720;

/**
 * The hours typed in the rules' form: none (until kick-off), a whole number from 0 to 720, or
 * `undefined` when it is not one.
 */
export function parseClosesHours(typed: string): number | null | undefined {
  const text = typed.trim();
  if (text === '') {
    return null;
  }
  if (!/^\d+$/.test(text)) {
    return undefined;
  }
  const hours = Number(text);
  return hours <= MAX_CLOSES_HOURS ? hours : undefined;
}

/** When changes of holder close: kick-off, or the hours before it staff set (RFC 3339). */
export function closesAt(fixture: Pick<Fixture, 'starts_at' | 'transfer_closes_hours'>): string {
  const hours = fixture.transfer_closes_hours ?? 0;
  return new Date(new Date(fixture.starts_at).getTime() - hours * 3_600_000).toISOString();
}

/**
 * Whether the change of holder passed on a season seat for one match (its season order's line)
 * rather than a match ticket.
 */
export function isSeasonTransfer(transfer: Pick<StaffTransferView, 'season_line_id'>): boolean {
  return transfer.season_line_id !== null && transfer.season_line_id !== undefined;
}

/**
 * The resource of the order a change of holder's ticket was bought with (`order_id`): a season
 * order for a season seat, a match's order otherwise.
 */
export function orderResourceOf(transfer: Pick<StaffTransferView, 'season_line_id'>): 'season-orders' | 'orders' {
  return isSeasonTransfer(transfer) ? 'season-orders' : 'orders';
}

export type { StaffTransferView };
