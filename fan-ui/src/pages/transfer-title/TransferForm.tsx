import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCode } from '../../api/client';
import { looksLikeEmail } from '../../auth/errors';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { EmailField } from '../../components/EmailField';
import { TRANSFER_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import { personHolder, personNamed, savedPeopleQuery } from '../../identity/people';
import { HOLDER_FIELDS, draftOf, localToday, parseHolderDetails, type HolderDraft, type HolderField } from '../../orders/holderRules';
import { kindContext, transferErrorText, transferFieldErrors, type TransferKind } from '../../transfers/words';
import { HolderFieldset } from '../checkout/HolderFieldset';
import { holderInputId, type SeatLine } from '../checkout/lineSeat';
import type { SavedPerson, TransferRequest, TransferView } from '../../../../api-types';

type FieldMessages = Partial<Record<HolderField, string>>;

/** The 409s said on the form itself rather than in its alert. */
const ON_FIELDS = ['holder_has_title', 'recipient_banned'] as const;

interface TransferFormProps {
  /** The seat passed on (a ticket's, or a season seat's for one match). */
  line: SeatLine;
  /** The fare it keeps, in the fan's words: the new holder must be entitled to it. */
  fare: string;
  /** A ticket (the default), or a season seat's match: the words that differ. */
  kind?: TransferKind;
  /** The change of holder's POST (`/api/titles/{seal}/transfer`, or a season seat's match's). */
  send: (request: TransferRequest) => Promise<TransferView>;
  onStarted: (transfer: TransferView) => void;
}

/**
 * The new holder (the checkout's holder fields and checks, but the fare: the seat keeps its
 * own; typed, or filled from one of the fan's saved people) and where their ticket is e-mailed;
 * `send`, then `onStarted` with the change under way. The API's field errors (`holder.{field}`,
 * `email`) land on their fields; its refusals are said in the fan's words.
 */
export function TransferForm({ line, fare, kind = 'ticket', send: post, onStarted }: TransferFormProps) {
  const { t } = useTranslation(TRANSFER_NS);
  const { t: app } = useTranslation();
  const language = useUiLanguage();
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<HolderDraft>(() => draftOf({ reduction_id: 0 }));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const forgetEndedSession = useForgetEndedSession();
  const send = useMutation({ mutationFn: post, onError: forgetEndedSession });
  const context = kindContext(kind);
  const today = localToday();

  // The fan's saved people, to pick the new holder from (none, or not readable: nothing is offered).
  const { user } = useSession();
  const people = useQuery({ ...savedPeopleQuery, enabled: user !== null }).data ?? [];

  const change = (field: HolderField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };

  /** "Saved person…": the new holder's fields from the person, their errors cleared as when typed. */
  const pickPerson = (person: SavedPerson) => {
    const values = personHolder(person);
    setDraft((current) => ({ ...current, ...values }));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of Object.keys(values) as HolderField[]) {
        delete rest[field];
      }
      return rest;
    });
  };

  /** Shows each field's message and takes the fan to the first one to correct. */
  const showErrors = (holder: FieldMessages, emailMessage: string | null) => {
    setErrors(holder);
    setEmailError(emailMessage);
    const first = HOLDER_FIELDS.find((field) => holder[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(holderInputId(0, first))?.focus();
    } else if (emailMessage !== null) {
      form.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.reset();
    const parsed = parseHolderDetails(draft, today);
    const address = email.trim();
    const emailMessage =
      address === '' ? t('form.emailRequired') : looksLikeEmail(address) ? null : app('fieldErrors.invalid_email');
    if (!parsed.ok || emailMessage !== null) {
      showErrors(
        parsed.ok
          ? {}
          : Object.fromEntries(Object.entries(parsed.problems).map(([field, problem]) => [field, app(`checkout.holders.errors.${problem}`)])),
        emailMessage,
      );
      return;
    }
    showErrors({}, null);
    send.mutate(
      { holder: parsed.value, email: address, language },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (isApiCode(error, 'recipient_banned')) {
            showErrors({}, t('refusals.recipient_banned'));
            return;
          }
          const named = transferFieldErrors(error);
          if (named.holder.length > 0 || named.email) {
            showErrors(
              Object.fromEntries(named.holder.map((field) => [field, app(`checkout.holders.serverErrors.${field}`)])),
              named.email ? app('fieldErrors.invalid_email') : null,
            );
          }
        },
      },
    );
  };

  const error = send.error;
  const hasFieldErrors = Object.keys(errors).length > 0 || emailError !== null;
  const named = transferFieldErrors(error);
  // Said on the fields instead: the API's field errors, and the refusals that are about one.
  const onFields = ON_FIELDS.some((code) => isApiCode(error, code)) || named.holder.length > 0 || named.email;
  const failure =
    error === null || onFields
      ? null
      : isApiCode(error, 'reduction_not_fitting')
        ? t('form.reductionNotFitting', { fare, context })
        : transferErrorText(t, app, error, kind);

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent component="form" ref={form} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, p: { xs: 1.5, sm: 3 } }}>
        <Box>
          <Typography id={titleId} variant="h6" component="h2">
            {t('form.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('form.intro')}
          </Typography>
        </Box>
        <HolderFieldset
          index={0}
          line={line}
          legend={t('form.legend')}
          draft={draft}
          fares={null}
          errors={errors}
          hasSeat={isApiCode(error, 'holder_has_title')}
          hasSeatText={t('refusals.holder_has_title')}
          today={today}
          me={null}
          saved={{ people, value: personNamed(people, draft)?.id ?? '', onPick: pickPerson }}
          onChange={change}
        />
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(null);
          }}
          autoComplete="off"
          label={t('form.email')}
          hint={t('form.emailHint')}
          error={emailError}
        />
        {hasFieldErrors && <Alert severity="error">{app('checkout.holders.fix')}</Alert>}
        {failure !== null && (
          <Alert severity="error" data-testid="transfer-failure">
            {failure}
          </Alert>
        )}
        <Alert severity="warning" variant="outlined">
          {t('form.warning', { context })}
        </Alert>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SwapHorizIcon />}
            loading={send.isPending}
            data-testid="transfer-submit"
            sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
          >
            {t('form.submit', { context })}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
