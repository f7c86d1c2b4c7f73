/** A corporate request (docs/api/staff-operations.md, "Corporate requests"). */
export interface CorporateRequest {
  id: string;
  company_name: string;
  vat_number: string;
  company_email: string;
  /** The e-mail of the account that asked. */
  corporate_user_email: string;
  contact_name: string;
  phone: string;
  message: string;
  language: string;
  /** 0 received, 1 approved, 2 declined. */
  status: number;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

/** `POST /api/corporate-requests`: what the user types (the account's e-mail is the session's). */
export interface CorporateRequestForm {
  company_name: string;
  vat_number: string;
  company_email: string;
  contact_name: string;
  phone: string;
  message: string;
}

export type CorporateField = keyof CorporateRequestForm;

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
