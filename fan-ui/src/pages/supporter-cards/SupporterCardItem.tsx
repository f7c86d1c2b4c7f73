import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCode } from '../../api/client';
import { useForgetEndedSession } from '../../auth/useSession';
import { removeSupporterCard, supporterCardsKey } from '../../cards/api';
import { supporterCardErrorText } from '../../cards/errors';
import { isKnownCardState } from '../../cards/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FactList } from '../../components/FactList';
import { formatDay } from '../../fixtures/format';
import { SUPPORTER_CARD_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { SupporterCard } from '../../../../api-types';

interface SupporterCardItemProps {
  card: SupporterCard;
  onRemoved: () => void;
}

/** One card: its number, holder, birth date, state and expiry, and "Remove", asked twice. */
export function SupporterCardItem({ card, onRemoved }: SupporterCardItemProps) {
  const { t } = useTranslation(SUPPORTER_CARD_NS);
  // The app's words for a refusal that is not the card's.
  const { t: appText } = useTranslation();
  const language = useUiLanguage();
  const numberId = useId();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const [asking, setAsking] = useState(false);
  const holder = `${card.holder_first_name} ${card.holder_last_name}`.trim();

  const remove = useMutation({
    mutationFn: () => removeSupporterCard(card.id),
    onSuccess: () => {
      queryClient.setQueryData<SupporterCard[]>(supporterCardsKey, (current) => current?.filter(({ id }) => id !== card.id));
      onRemoved();
    },
    onError: (error) => {
      if (isApiCode(error, 'not_found')) {
        // Removed elsewhere meanwhile: the list is read again.
        void queryClient.invalidateQueries({ queryKey: supporterCardsKey });
      }
      forgetEndedSession(error);
    },
    onSettled: () => setAsking(false),
  });

  const facts = [
    [t('supporterCards.card.holder'), holder],
    [t('supporterCards.card.birthDate'), formatDay(card.holder_birth_date, language)],
    [
      t('supporterCards.card.expires'),
      card.expires_on ? formatDay(card.expires_on, language) : t('supporterCards.card.noExpiry'),
    ],
  ] as const;
  return (
    <Card component="article" aria-labelledby={numberId} data-testid={`card-${card.id}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5, pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            id={numberId}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 700, letterSpacing: '0.05em', overflowWrap: 'anywhere' }}
          >
            {card.card_number}
          </Typography>
          <Chip
            label={isKnownCardState(card.card_state) ? t(`supporterCards.states.${card.card_state}`) : t('supporterCards.states.other')}
            color={card.card_state === 'issued' ? 'success' : 'default'}
            size="small"
            data-testid={`card-state-${card.id}`}
          />
        </Box>
        <FactList facts={facts} />
        {remove.isError && <Alert severity="error">{supporterCardErrorText({ t, appText }, remove.error)}</Alert>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, justifyContent: 'flex-end' }}>
        <Button
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          onClick={() => setAsking(true)}
          aria-label={t('supporterCards.remove.label', { number: card.card_number })}
        >
          {t('supporterCards.remove.button')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={asking}
        title={t('supporterCards.remove.title')}
        body={t('supporterCards.remove.body', { number: card.card_number, holder })}
        keepLabel={t('supporterCards.remove.keep')}
        confirmLabel={t('supporterCards.remove.confirm')}
        pending={remove.isPending}
        onKeep={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
