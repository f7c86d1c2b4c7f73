import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { preemptionRefusalText } from '../fixtures/rights';
import { SEASON_ORDER_NS } from '../i18n';

/**
 * A hold or a checkout refused for a match's pre-emption (`isPreemptionRefusal`), in the fan's
 * words: only fans with a right may buy now, the right does not open the seat's sector, one seat
 * per right, the right is in another fan's order. Its texts are fetched only when it is shown.
 */
export function PreemptionRefusal({ error }: { error: unknown }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const text = ready ? preemptionRefusalText(ts, error) : null;
  if (text === null) {
    return null;
  }
  return (
    <Alert severity="error" data-testid="preemption-refusal">
      {text}
    </Alert>
  );
}
