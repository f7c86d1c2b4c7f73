import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { gateName } from '../../i18n/serverLabels';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { receivedMatchPasses, receivedMatchPdfUrl } from '../../orders/wallet';
import type { ReceivedSeasonMatch } from '../../../../api-types';
import { TicketFace } from './TicketFace';
import { FromSeasonChip } from './TicketTransferActions';
import { walletSeat } from './walletSeat';

/**
 * A match ticket passed on to the fan from someone's season seat: shown at the turnstiles like
 * any ticket, with its PDF and phone wallet passes; it cannot be passed on again, so it offers
 * nothing more.
 */
export function ReceivedMatchCard({ match }: { match: ReceivedSeasonMatch }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const seat = walletSeat(t, match.sector_name, match);
  const facts: [string, string][] = [
    [t('wallet.gate'), gateName(t, match.gate)],
    [t('wallet.holder'), match.holder_name],
    [t('wallet.fare'), match.reduction_name],
    [t('wallet.seal'), match.seal],
  ];
  return (
    <TicketFace
      id={match.transfer_id}
      fixture={match.fixture}
      seat={seat}
      aside={
        // Its words are a chunk of their own: the ticket does not wait for them.
        <Suspense fallback={null}>
          <FromSeasonChip id={match.transfer_id} name={match.from_holder_name} />
        </Suspense>
      }
      barcode={match.barcode}
      faded={false}
      facts={facts}
      pdfHref={receivedMatchPdfUrl(match.transfer_id, language)}
      passes={receivedMatchPasses(match.transfer_id, language)}
    />
  );
}
