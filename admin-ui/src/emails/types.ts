import type { Identifier } from 'react-admin';

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** An outbound e-mail as `GET /api/admin/emails` returns it. */
export interface Email {
  id: Identifier;
  template: string;
  language: 'it' | 'en';
  to_address: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export function isEmailStatus(value: unknown): value is EmailStatus {
  return typeof value === 'string' && (EMAIL_STATUSES as readonly string[]).includes(value);
}
