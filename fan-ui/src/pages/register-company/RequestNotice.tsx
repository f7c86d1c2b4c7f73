import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { requestStatus } from '../../corporate/types';
import { CORPORATE_NS } from '../../i18n';
import type { CorporateRequest } from '../../../../api-types';

/** Long e-mail addresses and company names wrap inside the notice instead of widening the page. */
const WRAP = { overflowWrap: 'anywhere', '& .MuiAlert-message': { minWidth: 0 } } as const;

interface RequestNoticeProps {
  request: CorporateRequest;
  /** Sent from this page a moment ago: the success state, with the confirmation e-mail. */
  justSent: boolean;
}

/** The user's open request in place of the form: just sent, waiting for the staff, or approved. */
export function RequestNotice({ request, justSent }: RequestNoticeProps) {
  const { t } = useTranslation(CORPORATE_NS);
  const company = request.company_name;
  if (justSent) {
    return (
      <Alert severity="success" role="status" data-testid="request-sent" sx={WRAP}>
        <AlertTitle>{t('registerCompany.sent.title')}</AlertTitle>
        {t('registerCompany.sent.body', { company, email: request.corporate_user_email })}
      </Alert>
    );
  }
  const approved = requestStatus(request.status) === 'approved';
  return (
    <Alert severity={approved ? 'success' : 'info'} data-testid="request-open" sx={WRAP}>
      {approved ? t('registerCompany.open.approved', { company }) : t('registerCompany.open.received', { company })}
    </Alert>
  );
}
