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
import type { CheckedLine } from './eligibility';
import { lineHolderName, lineSeat } from './lineSeat';

/** The id of the check's section: `/vrocheck/{id}/` opens the page there. */
const CHECK_SECTION_ID = 'holder-check';

interface EligibilityCheckProps {
  lines: CheckedLine[];
  /** Every line has a holder saved: the check can run. */
  holdersComplete: boolean;
  /** The order kind's check (`POST .../verify`). */
  verify: Pick<UseMutationResult<unknown, Error, void>, 'mutate' | 'isPending' | 'isError' | 'error'>;
  /** The words for a failed check; the checkout's by default. */
  errorText?: (error: unknown) => string;
  /** Bring the check into view and give it focus (the page was opened as `/vrocheck/{id}/`). */
  focused: boolean;
}

/**
 * The spec's /vrocheck: the ticketing system says whether each named holder may receive a title
 * (`POST /api/orders/{id}/verify`), and if not, why.
 */
export function EligibilityCheck({ lines, holdersComplete, verify, errorText, focused }: EligibilityCheckProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checked = lines.every((line) => typeof line.eligible === 'boolean');
  const allEligible = lines.every((line) => line.eligible === true);

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
            {holdersComplete ? t('checkout.check.intro') : t('checkout.check.needsHolders')}
          </Typography>
        </Box>
        {holdersComplete && (
          <Box
            component="ul"
            aria-label={t('checkout.check.results')}
            aria-busy={verify.isPending}
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          >
            {lines.map((line, index) => (
              <EligibilityLine key={line.id} line={line} index={index} />
            ))}
          </Box>
        )}
        {verify.isError && <Alert severity="error">{(errorText ?? ((error) => checkoutErrorText(t, error)))(verify.error)}</Alert>}
        {checked && allEligible && <Alert severity="success">{t('checkout.check.allEligible')}</Alert>}
        {checked && !allEligible && <Alert severity="warning">{t('checkout.check.changeIneligible')}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant={checked ? 'outlined' : 'contained'}
            onClick={() => verify.mutate()}
            disabled={!holdersComplete}
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

function EligibilityLine({ line, index }: { line: CheckedLine; index: number }) {
  const { t } = useTranslation();
  const verdict =
    line.eligible === true
      ? { icon: <CheckCircleOutlineIcon color="success" />, text: t('checkout.check.eligible'), state: 'eligible' }
      : line.eligible === false
        ? { icon: <HighlightOffIcon color="error" />, text: line.reason, state: 'ineligible' }
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
