import type { CorporateRequest, RequestForm } from '../../../api-types';

/** A field of the request form (`POST /api/corporate-requests`, the API's RequestForm). */
export type CorporateField = keyof RequestForm;

export const CORPORATE_FIELDS = [
  'company_name',
  'vat_number',
  'company_email',
  'contact_name',
  'phone',
  'message',
] as const satisfies readonly CorporateField[];

/** The fields a request needs; the message is optional. */
export const REQUIRED_CORPORATE_FIELDS = [
  'company_name',
  'vat_number',
  'company_email',
  'contact_name',
  'phone',
] as const satisfies readonly CorporateField[];

export type RequestStatus = 'received' | 'approved' | 'declined';

/** A request's status by name; one the app does not know yet reads as received. */
export function requestStatus(status: number): RequestStatus {
  switch (status) {
    case 1:
      return 'approved';
    case 2:
      return 'declined';
    default:
      return 'received';
  }
}

/** Received or approved: while one is, the same user (or company) cannot ask again. */
export function isOpenRequest(request: CorporateRequest): boolean {
  return requestStatus(request.status) !== 'declined';
}
