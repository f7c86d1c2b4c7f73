import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryListSection } from '../../components/QueryListSection';
import { requestStatus, type RequestStatus } from '../../corporate/types';
import { formatDateTime } from '../../fixtures/format';
import { CORPORATE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { CorporateRequest } from '../../../../api-types';

const STATUS_COLOUR: Record<RequestStatus, 'default' | 'success' | 'error'> = {
  received: 'default',
  approved: 'success',
  declined: 'error',
};

/** "Your requests": each with its company, VAT number, status and when it was sent and decided. */
export function CorporateRequestList({ requests }: { requests: UseQueryResult<CorporateRequest[]> }) {
  const { t } = useTranslation(CORPORATE_NS);
  return (
    <QueryListSection
      title={t('registerCompany.requests.title')}
      query={requests}
      empty={t('registerCompany.requests.empty')}
      emptyTestId="requests-empty"
      keyOf={(request) => request.id}
    >
      {(request) => <RequestItem request={request} />}
    </QueryListSection>
  );
}

function RequestItem({ request }: { request: CorporateRequest }) {
  const { t } = useTranslation(CORPORATE_NS);
  const language = useUiLanguage();
  const nameId = useId();
  const status = requestStatus(request.status);
  return (
    <Card component="article" aria-labelledby={nameId} data-testid={`request-${request.id}`}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {request.company_name}
          </Typography>
          <Chip
            label={t(`registerCompany.status.${status}`)}
            color={STATUS_COLOUR[status]}
            size="small"
            data-testid={`request-status-${request.id}`}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('registerCompany.requests.vat', { vat: request.vat_number })} · {request.company_email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('registerCompany.requests.sentOn')}{' '}
          <time dateTime={request.created_at}>{formatDateTime(request.created_at, language)}</time>
        </Typography>
        {request.decided_at && (
          <Typography variant="body2" color="text.secondary">
            {t('registerCompany.requests.decidedOn')}{' '}
            <time dateTime={request.decided_at}>{formatDateTime(request.decided_at, language)}</time>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
