import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFailed } from '../../components/QueryFailed';
import { formatDateTime, formatKickOff } from '../../fixtures/format';
import { TRANSFER_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { kindContext, refusalText } from '../../transfers/words';
import type { TransferState, TransferView } from '../../../../api-types';

const STATE_COLOUR: Record<TransferState, 'success' | 'info' | 'error'> = {
  done: 'success',
  requested: 'info',
  refused: 'error',
};

/**
 * The wallet's "Biglietti ceduti" (`GET /api/transfers`): each ticket the fan passed on, or is
 * passing on, or could not, newest first: to whom and when, the old ticket's seal, why refused.
 * Shown only when there is one.
 */
export function PassedOnSection({ items, error, onRetry }: { items: TransferView[] | undefined; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const titleId = useId();
  if (error !== null && items === undefined) {
    return <QueryFailed error={error} onRetry={onRetry} />;
  }
  if (items === undefined || items.length === 0) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="wallet-passed-on" sx={{ display: 'grid', gap: 2 }}>
      <Typography id={titleId} variant="h5" component="h2">
        {t('wallet.passedOn.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            <PassedOnItem item={item} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

function PassedOnItem({ item }: { item: TransferView }) {
  const { t } = useTranslation(TRANSFER_NS);
  const language = useUiLanguage();
  const titleId = useId();
  // A season seat passed on for one match: its own words where they differ.
  const kind = item.season_line_id == null ? 'ticket' : 'season';
  const context = kindContext(kind);
  const seat = item.no_map
    ? t('wallet.passedOn.standing', { sector: item.sector_name })
    : t('wallet.passedOn.seat', { sector: item.sector_name, row: item.row, number: item.number });
  const what =
    item.state === 'done'
      ? t('wallet.passedOn.done', { name: item.to_name, date: formatDateTime(item.done_at ?? item.created_at, language), context })
      : item.state === 'requested'
        ? t('wallet.passedOn.requested', { name: item.to_name })
        : t('wallet.passedOn.refused', { name: item.to_name });
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" data-testid={`passed-on-${item.id}`}>
      <CardContent sx={{ display: 'grid', gap: 0.5, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {item.fixture_title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={item.starts_at}>{formatKickOff(item.starts_at, language)}</time>
            </Typography>
          </Box>
          <Chip size="small" label={t(`wallet.passedOn.state.${item.state}`)} color={STATE_COLOUR[item.state]} />
        </Box>
        <Typography variant="body2">{seat}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {what}
        </Typography>
        {item.state === 'refused' && (
          <Typography variant="body2" color="error">
            {refusalText(t, item.refusal_code, kind)}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('wallet.passedOn.oldSeal', { seal: item.from_seal, context })}
        </Typography>
      </CardContent>
    </Card>
  );
}
