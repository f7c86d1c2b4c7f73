import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { QueryFailed } from '../../components/QueryFailed';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatCents, formatKickOff } from '../../fixtures/format';
import { SEASON_ORDER_NS } from '../../i18n';
import { gateName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { seasonPasses } from '../../orders/wallet';
import { seasonPdfUrl } from '../../seasons/orders';
import type { WalletMatch, WalletSeason } from '../../../../api-types';
import { PhoneWalletPasses } from './PhoneWalletPasses';
import { SeasonMatchResale } from './SeasonMatchResale';
import { SeasonMatchTransfer } from './TicketTransferActions';

const MATCH_STATES = ['valid', 'used', 'cancelled', 'passed', 'pending', 'passed_on'] as const;
type MatchState = (typeof MATCH_STATES)[number];

const STATE_COLOUR: Record<MatchState, 'success' | 'default' | 'error' | 'info'> = {
  valid: 'success',
  used: 'default',
  cancelled: 'error',
  passed: 'default',
  pending: 'info',
  passed_on: 'default',
};

/** A match's state as the wallet knows it; anything new reads as being issued. */
function matchState(match: WalletMatch): MatchState {
  return MATCH_STATES.find((state) => state === match.state) ?? 'pending';
}

interface SeasonTicketsSectionProps {
  items: WalletSeason[] | undefined;
  error: Error | null;
  onRetry: () => void;
  /** Whether a season seat's match is being passed on now: "in progress" instead of "pass on". */
  transferring: (lineId: number, fixtureId: number) => boolean;
}

/**
 * The wallet's "Abbonamenti": each season seat with its season title (or, for a collection, each
 * match's own ticket), its PDF and phone wallet passes, and the matches it covers, the next
 * first; each valid match ahead may be passed on, or put on resale. Shown only when there is one.
 */
export function SeasonTicketsSection({ items, error, onRetry, transferring }: SeasonTicketsSectionProps) {
  const { t } = useTranslation(SEASON_ORDER_NS);
  const titleId = useId();
  if (error !== null) {
    return <QueryFailed error={error} onRetry={onRetry} />;
  }
  if (items === undefined || items.length === 0) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="wallet-seasons" sx={{ display: 'grid', gap: 2 }}>
      <Typography id={titleId} variant="h5" component="h2">
        {t('wallet.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {items.map((item) => (
          <li key={item.line_id}>
            <SeasonTicketCard item={item} transferring={transferring} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

function SeasonTicketCard({ item, transferring }: { item: WalletSeason; transferring: SeasonTicketsSectionProps['transferring'] }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const language = useUiLanguage();
  const titleId = useId();
  // A match ahead as the wallet was opened: the API has the last word on whether it still is.
  const [openedAt] = useState(Date.now);
  const seat = ts('wallet.seat', { sector: item.sector_name, block: item.block_code, row: item.row, number: item.number });
  const issued = item.matches.filter((match) => match.seal).length;
  const facts: [string, string][] = [
    [ts('wallet.holder'), item.holder_name],
    [ts('wallet.gate'), gateName(t, item.gate)],
    [ts('wallet.fare'), `${item.reduction_name} · ${formatCents(item.price_cents, language)}`],
    [ts('wallet.kind'), ts(item.collection ? 'checkout.kind.collection' : 'checkout.kind.season')],
    ...(item.seal ? [[ts('wallet.seal'), item.seal] as [string, string]] : []),
  ];
  return (
    <Card component="article" aria-labelledby={titleId} data-testid={`season-${item.line_id}`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h3">
            {item.season_name}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {seat}
          </Typography>
        </Box>
        <FactList facts={facts} />
        {item.collection && item.issue_queue_status === 'PENDING' && (
          <Alert severity="info" data-testid={`season-issuing-${item.line_id}`}>
            {ts('wallet.issuing', { count: issued, total: item.matches.length })}
          </Alert>
        )}
        <Box>
          <Typography variant="subtitle2" component="h4">
            {ts('wallet.matches')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1, mt: 1 }}>
            {item.matches.map((match) => (
              <Box
                component="li"
                key={match.fixture_id}
                data-testid={`season-match-${item.line_id}-${match.fixture_id}`}
                sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {match.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    <time dateTime={match.starts_at}>{formatKickOff(match.starts_at, language)}</time>
                  </Typography>
                  {item.collection && match.seal && (
                    <Link href={seasonPdfUrl(item.line_id, language, match.fixture_id)} download variant="body2">
                      {ts('wallet.downloadMatch')}
                      <VisuallyHidden>: {match.title}</VisuallyHidden>
                    </Link>
                  )}
                  {item.collection && match.seal && match.state === 'valid' && (
                    <PhoneWalletPasses
                      passes={seasonPasses(item.line_id, language, match.fixture_id)}
                      name={match.title}
                      testId={`season-${item.line_id}-${match.fixture_id}`}
                      dense
                    />
                  )}
                  {/* Their words are chunks of their own: the season tickets do not wait for them. */}
                  <Suspense fallback={null}>
                    <SeasonMatchTransfer
                      lineId={item.line_id}
                      match={match}
                      ahead={Date.parse(match.starts_at) > openedAt}
                      transferring={transferring(item.line_id, match.fixture_id)}
                    />
                  </Suspense>
                  <Suspense fallback={null}>
                    <SeasonMatchResale
                      lineId={item.line_id}
                      match={match}
                      ahead={Date.parse(match.starts_at) > openedAt}
                      transferring={transferring(item.line_id, match.fixture_id)}
                    />
                  </Suspense>
                </Box>
                <Chip size="small" label={ts(`wallet.state.${matchState(match)}`)} color={STATE_COLOUR[matchState(match)]} />
              </Box>
            ))}
          </Box>
        </Box>
      </CardContent>
      {!item.collection && item.seal && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            component="a"
            href={seasonPdfUrl(item.line_id, language)}
            download
            variant="outlined"
            startIcon={<PictureAsPdfOutlinedIcon />}
            data-testid={`download-season-pdf-${item.line_id}`}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {ts('wallet.downloadSeason')}
          </Button>
          <PhoneWalletPasses passes={seasonPasses(item.line_id, language)} name={item.season_name} testId={`season-${item.line_id}`} season />
        </CardActions>
      )}
    </Card>
  );
}
