import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { SEASON_ORDER_NS } from '../../i18n';
import type { Order } from '../../../../api-types';

/** "Prelazione: TF0000000001": the pre-emption right an order was bought with. */
function PreemptionBadge({ right }: { right: string }) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  return (
    <Chip
      icon={<VerifiedOutlinedIcon />}
      label={ts('matchRight.badge', { right })}
      color="primary"
      size="small"
      data-testid="preemption-badge"
    />
  );
}

/**
 * An order bought with a pre-emption right (`order.preemption_right`): the badge, and, at the
 * checkout (`holderHint`), whose name the ticket must carry (the card's or the seal's holder).
 * Nothing for any other order, nor before its texts are in.
 */
export function PreemptionNote({
  order,
  holderHint = false,
}: {
  order: Pick<Order, 'preemption_right' | 'preemption_card'>;
  holderHint?: boolean;
}) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const right = order.preemption_right ?? null;
  if (right === null || right === '' || !ready) {
    return null;
  }
  return (
    <Alert
      severity="info"
      icon={false}
      role="note"
      data-testid="preemption-note"
      sx={{ alignItems: 'center', '& .MuiAlert-message': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 } }}
    >
      <PreemptionBadge right={right} />
      {holderHint && <span>{ts(order.preemption_card ? 'matchRight.noteCard' : 'matchRight.noteSeal')}</span>}
    </Alert>
  );
}
