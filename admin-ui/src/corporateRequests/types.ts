import type { CorporateRequest, CorporateRequestStatus } from '../../../api-types';

/** A request's status by the API's number: 0 received, 1 approved, 2 declined. */
export const CORPORATE_STATUS = { received: 0, approved: 1, declined: 2 } as const satisfies Record<string, CorporateRequestStatus>;
export type CorporateStatusName = keyof typeof CORPORATE_STATUS;

/** The statuses in the API's order (the index is the number), for the filter and the chips. */
export const CORPORATE_STATUSES = ['received', 'approved', 'declined'] as const satisfies readonly CorporateStatusName[];

/** The status's name, or undefined for a number the API does not give. */
export function corporateStatusName(status: unknown): CorporateStatusName | undefined {
  return typeof status === 'number' ? CORPORATE_STATUSES[status] : undefined;
}

/** Only a received request is approved or declined; the API answers 409 `already_decided` otherwise. */
export function canDecide(request: Pick<CorporateRequest, 'status'>): boolean {
  return request.status === CORPORATE_STATUS.received;
}
