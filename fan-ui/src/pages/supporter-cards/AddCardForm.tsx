import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useForgetEndedSession } from '../../auth/useSession';
import { addSupporterCard, supporterCardsKey } from '../../cards/api';
import { cardFieldText, supporterCardErrorText } from '../../cards/errors';
import { cardProblems, normalisedCard } from '../../cards/rules';
import { FormCard } from '../../components/FormCard';
import { useFormFields } from '../../hooks/useFormFields';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { EARLIEST_BIRTH_DATE, localToday } from '../../orders/holderRules';
import type { NewCard, SupporterCard } from '../../../../api-types';

const EMPTY: NewCard = { card_number: '', birth_date: '' };

/**
 * Add a card: its number and its holder's birth date, as printed on it. The ticketing system is
 * asked whether the two go together; a refused card is named on the card number's field.
 */
export function AddCardForm({ onAdded }: { onAdded: (card: SupporterCard) => void }) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  // The app's words for a refusal that is not the card's.
  const { t: appText } = useTranslation();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const form = useFormFields(EMPTY, (field, code) => cardFieldText({ t, appText }, field, code));
  const today = localToday();

  const add = useMutation({
    mutationFn: addSupporterCard,
    onSuccess: (card) => {
      queryClient.setQueryData<SupporterCard[]>(supporterCardsKey, (current) => [...(current ?? []), card]);
      form.reset();
      onAdded(card);
    },
    onError: (error) => {
      form.showFailure(error);
      forgetEndedSession(error);
    },
  });

  return (
    <FormCard
      title={t('supporterCards.add.title')}
      onSubmit={form.submitWith(normalisedCard, (card) => cardProblems(card, today), add.mutate)}
      submitLabel={t('supporterCards.add.submit')}
      pending={add.isPending}
      failure={add.isError && !form.namesFields(add.error) ? supporterCardErrorText({ t, appText }, add.error) : null}
    >
      <TextField
        {...form.bind('card_number', t('supporterCards.add.card_numberHint'))}
        label={t('supporterCards.add.card_number')}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
      />
      <TextField
        {...form.bind('birth_date', t('supporterCards.add.birth_dateHint'))}
        type="date"
        label={t('supporterCards.add.birth_date')}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { min: EARLIEST_BIRTH_DATE, max: today }, inputLabel: { shrink: true } }}
      />
    </FormCard>
  );
}
