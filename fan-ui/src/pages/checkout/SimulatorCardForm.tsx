import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { checkoutErrorText } from '../../orders/errors';
import {
  TEST_CARDS,
  confirmCardWithSimulator,
  formatExpiryInput,
  parseCard,
  type Card,
  type CardDraft,
  type CardField,
  type CardProblem,
} from '../../orders/paymentSimulator';
import type { PaymentFlow } from '../../orders/flow';
import { leaveForUrl } from '../../orders/redirect';
import { useConfirmPayment } from './useConfirmPayment';
import type { PaymentView } from '../../../../api-types';

interface SimulatorCardFormProps {
  flow: PaymentFlow;
  orderId: string;
  intent: PaymentView;
}

/**
 * The card form of development (provider `simulator`): the card goes to the payments simulator
 * as Stripe.js would send it; then the API confirms the order with the intent's secret. Its
 * labels are exactly its inputs' names (no asterisk), like the holder form's.
 */
export function SimulatorCardForm({ flow, orderId, intent }: SimulatorCardFormProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const navigate = useNavigate();
  const confirm = useConfirmPayment(flow, orderId);
  const [draft, setDraft] = useState<CardDraft>({ number: '', expiry: '', cvc: '' });
  const [problems, setProblems] = useState<Partial<Record<CardField, CardProblem>>>({});
  const [leaving, setLeaving] = useState(false);

  const pay = useMutation({
    mutationFn: (card: Card) =>
      confirmCardWithSimulator(intent, card, `${window.location.origin}${flow.checkoutPath(orderId)}`),
    onSuccess: (result) => {
      const challenge = result.next_action?.redirect_to_url.url;
      if (result.status === 'requires_payment_method') {
        void navigate(flow.declinedPath(orderId));
      } else if (result.status === 'requires_action' && challenge !== undefined) {
        // 3-D Secure: the simulator's challenge page comes back to this page's address.
        setLeaving(true);
        leaveForUrl(challenge);
      } else {
        // Succeeded, or still processing: the API asks the provider and has the last word.
        confirm.mutate(intent.client_secret);
      }
    },
  });

  const set = (field: CardField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = parseCard(draft);
    if (!card.ok) {
      setProblems(card.problems);
      return;
    }
    setProblems({});
    confirm.reset();
    pay.mutate(card.value);
  };

  const failure = pay.error ?? confirm.error;
  const message = (field: CardField) => {
    const problem = problems[field];
    return problem === undefined ? undefined : t(`checkout.payment.errors.${problem}`);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="card-form">
      <Alert severity="info">
        <Typography variant="body2">{t('checkout.payment.simulator')}</Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('checkout.payment.testCards')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {card.number}
                </Box>
                : {t(`checkout.payment.testCard.${card.outcome}`)}
              </Typography>
            </li>
          ))}
        </Box>
      </Alert>
      <TextField
        id="card-number"
        name="cardnumber"
        label={t('checkout.payment.cardNumber')}
        value={draft.number}
        onChange={(event) => set('number', event.target.value)}
        fullWidth
        autoComplete="cc-number"
        error={problems.number !== undefined}
        helperText={message('number')}
        slotProps={{ htmlInput: { 'data-testid': 'card-number', required: true, inputMode: 'numeric', maxLength: 23 } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          id="card-expiry"
          name="exp-date"
          label={t('checkout.payment.expiry')}
          value={draft.expiry}
          onChange={(event) => set('expiry', formatExpiryInput(event.target.value, draft.expiry))}
          autoComplete="cc-exp"
          placeholder={t('checkout.payment.expiryPlaceholder')}
          error={problems.expiry !== undefined}
          helperText={message('expiry')}
          slotProps={{ htmlInput: { 'data-testid': 'card-expiry', required: true, inputMode: 'numeric', pattern: '[0-9/]*', maxLength: 7 } }}
        />
        <TextField
          id="card-cvc"
          name="cvc"
          label={t('checkout.payment.cvc')}
          value={draft.cvc}
          onChange={(event) => set('cvc', event.target.value)}
          autoComplete="cc-csc"
          error={problems.cvc !== undefined}
          helperText={message('cvc')}
          slotProps={{ htmlInput: { 'data-testid': 'card-cvc', required: true, inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      {failure !== null && <Alert severity="error">{checkoutErrorText(t, failure)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pay.isPending || confirm.isPending || leaving}
        data-testid="pay-button"
      >
        {t('checkout.payment.pay', { price: formatCents(intent.amount_cents, language) })}
      </Button>
    </Box>
  );
}
