import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutErrorText } from '../../orders/errors';
import { lineHolderName, lineSeat } from './lineSeat';
import type { Order, OrderLine } from '../../../../api-types';

/** The id of the check's section: `/vrocheck/{id}/` opens the page there. */
const CHECK_SECTION_ID = 'holder-check';

interface EligibilityCheckProps {
  order: Order;
  verify: UseMutationResult<Order, Error, void>;
  /** Bring the check into view and give it focus (the page was opened as `/vrocheck/{id}/`). */
  focused: boolean;
}

/**
 * The spec's /vrocheck: the ticketing system says whether each named holder may receive a title
 * (`POST /api/orders/{id}/verify`), and if not, why.
 */
export function EligibilityCheck({ order, verify, focused }: EligibilityCheckProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checked = order.lines.every((line) => typeof line.eligible === 'boolean');
  const allEligible = order.lines.every((line) => line.eligible === true);

  useEffect(() => {
    if (focused) {
      headingRef.current?.scrollIntoView?.({ block: 'start' });
      headingRef.current?.focus();
    }
  }, [focused]);

  return (
    <Card component="section" aria-labelledby={`${CHECK_SECTION_ID}-title`} id={CHECK_SECTION_ID} data-testid="holder-check">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography
            id={`${CHECK_SECTION_ID}-title`}
            ref={headingRef}
            tabIndex={-1}
            variant="h6"
            component="h2"
            // Clear of the sticky app bar when scrolled to.
            sx={{ '&:focus': { outline: 'none' }, scrollMarginTop: 88 }}
          >
            {t('checkout.check.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {order.holders_complete ? t('checkout.check.intro') : t('checkout.check.needsHolders')}
          </Typography>
        </Box>
        {order.holders_complete && (
          <Box
            component="ul"
            aria-label={t('checkout.check.results')}
            aria-busy={verify.isPending}
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          >
            {order.lines.map((line, index) => (
              <EligibilityLine key={line.id} line={line} index={index} />
            ))}
          </Box>
        )}
        {verify.isError && <Alert severity="error">{checkoutErrorText(t, verify.error)}</Alert>}
        {checked && allEligible && <Alert severity="success">{t('checkout.check.allEligible')}</Alert>}
        {checked && !allEligible && <Alert severity="warning">{t('checkout.check.changeIneligible')}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant={checked ? 'outlined' : 'contained'}
            onClick={() => verify.mutate()}
            disabled={!order.holders_complete}
            loading={verify.isPending}
            data-testid="verify-holders"
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {checked ? t('checkout.check.again') : t('checkout.check.run')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function EligibilityLine({ line, index }: { line: OrderLine; index: number }) {
  const { t } = useTranslation();
  const verdict =
    line.eligible === true
      ? { icon: <CheckCircleOutlineIcon color="success" />, text: t('checkout.check.eligible'), state: 'eligible' }
      : line.eligible === false
        ? { icon: <HighlightOffIcon color="error" />, text: ineligibleText(t, line), state: 'ineligible' }
        : { icon: <HelpOutlineIcon color="disabled" />, text: t('checkout.check.notChecked'), state: 'unchecked' };
  return (
    <Box
      component="li"
      data-testid={`eligibility-${index}`}
      data-state={verdict.state}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <Box aria-hidden="true" sx={{ display: 'flex', pt: 0.25 }}>
        {verdict.icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {lineHolderName(t, line)}
        </Typography>
        {line.holder && (
          <Typography variant="caption" color="text.secondary" component="p">
            {lineSeat(t, line)}
          </Typography>
        )}
        <Typography variant="body2" color={line.eligible === false ? 'error' : 'text.secondary'}>
          {verdict.text}
        </Typography>
      </Box>
    </Box>
  );
}

function ineligibleText(t: ReturnType<typeof useTranslation>['t'], line: OrderLine): string {
  switch (line.ineligible_reason) {
    case 'banned':
      return t('checkout.check.reasons.banned');
    case 'has_title':
      return t('checkout.check.reasons.has_title');
    case 'card_required':
      return t('checkout.check.reasons.card_required');
    case 'buyer_limit':
      return t('checkout.check.reasons.buyer_limit');
    case 'reduction_not_allowed':
      return t('checkout.check.reasons.reduction_not_allowed');
    case 'not_on_sale':
      return t('checkout.check.reasons.not_on_sale');
    default:
      return t('checkout.check.reasons.other');
  }
}
