import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../../auth/RequireSignIn';
import { parseId } from '../../fixtures/params';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { TRANSFER_NS } from '../../i18n';
import { requestSeasonTransfer, seasonTransferCheckQuery } from '../../transfers/api';
import { refusalText } from '../../transfers/words';
import NotFoundPage from '../not-found/NotFoundPage';
import { SummaryCard } from '../transfer-title/TicketSummary';
import { TransferForm } from '../transfer-title/TransferForm';
import { NotTransferable, TransferSteps } from '../transfer-title/TransferSteps';
import { walletSeat } from '../wallet/walletSeat';
import type { SeasonTransferCheck } from '../../../../api-types';

/**
 * A season seat passed on for one match (`/transfer_season/{line}/{fixture}`): the seat and the
 * match, how many of the season ticket's matches may be passed on and have been, whether this
 * one may be now (and why not), the new holder's details and e-mail; then the change as it goes,
 * and its outcome. The season ticket stays the fan's for the other matches. Signed-in fans only,
 * their own season seats only. Loaded with the ticket's page (`TransferPage`).
 */
export function TransferSeasonPage() {
  const { t } = useTranslation(TRANSFER_NS);
  useDocumentTitle(t('season.title'));
  const params = useParams();
  const lineId = parseId(params.lineId);
  const fixtureId = parseId(params.fixtureId);
  if (lineId === null || fixtureId === null) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <TransferSeason key={`${lineId}-${fixtureId}`} lineId={lineId} fixtureId={fixtureId} />
    </RequireSignIn>
  );
}

function TransferSeason({ lineId, fixtureId }: { lineId: number; fixtureId: number }) {
  const { t } = useTranslation(TRANSFER_NS);
  return (
    <TransferSteps
      title={t('season.title')}
      intro={t('season.intro')}
      kind="season"
      check={seasonTransferCheckQuery(lineId, fixtureId)}
      summary={(check, open) => <SeasonMatchSummary check={check} closesAt={open ? check.closes_at : null} />}
      form={(check, onStarted) => (
        <TransferForm
          // Named by the legend: a season's sector comes by its name only.
          line={{ ...check.season, sector_code: '' }}
          fare={check.season.reduction_name}
          kind="season"
          send={(request) => requestSeasonTransfer(lineId, fixtureId, request)}
          onStarted={onStarted}
        />
      )}
      notTransferable={(check) => <NotTransferable title={t('season.notTransferable')} refusal={refusalText(t, check.refusal_code, 'season')} />}
    />
  );
}

/**
 * The season seat and the match it is passed on for: who holds it, its fare and seal, until when
 * it may change holder (`closesAt`, while it may), and how many of its matches have been passed
 * on of those it may.
 */
function SeasonMatchSummary({ check, closesAt }: { check: SeasonTransferCheck; closesAt: string | null }) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const season = check.season;
  // A collection has a title of its own for each match; a season ticket one for all.
  const seal = season.matches.find((match) => match.fixture_id === check.fixture_id)?.seal ?? season.seal;
  const facts: [string, string][] = [
    [t('page.currentHolder'), season.holder_name],
    [t('page.fare'), season.reduction_name],
    ...(seal ? [[t('page.seal'), seal] as [string, string]] : []),
  ];
  return (
    <SummaryCard
      fixture={{ competition: season.season_name, title: check.fixture_title, starts_at: check.starts_at }}
      seat={walletSeat(app, season.sector_name, { ...season, no_map: false })}
      facts={facts}
      closesAt={closesAt}
      testId="transfer-season-match"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="season-transfer-usage">
        {t('season.usage', { used: check.transfers_used, count: check.transfer_limit })}
      </Typography>
    </SummaryCard>
  );
}
