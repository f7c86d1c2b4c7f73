import { postJson } from './http';
import type { MailCheckRequest, OutboundEmailSummary } from '../../../api-types';

export const MAIL_CHECK_LANGUAGES = ['it', 'en'] as const;
export type MailCheckLanguage = (typeof MAIL_CHECK_LANGUAGES)[number];


/**
 * `POST /api/admin/mail-checks`: queues a test message through the real mail job and answers
 * 201 with the new e-mail (status `pending`); 422 `validation_failed` names the bad fields.
 */
export function createMailCheck(request: MailCheckRequest): Promise<OutboundEmailSummary> {
  return postJson<OutboundEmailSummary>('/api/admin/mail-checks', request);
}
