import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Typography from '@mui/material/Typography';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatCents } from '../../fixtures/format';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import {
  BIRTH_PLACE_MAX,
  DOCUMENT_NUMBER_MAX,
  EARLIEST_BIRTH_DATE,
  NAME_MAX,
  type HolderDraft,
  type HolderField,
} from '../../orders/holderRules';
import { DOCUMENT_TYPES, SEXES } from '../../orders/types';
import type { FareOption } from './fares';
import { holderInputId, lineSeat, type SeatLine } from './lineSeat';
import { fareName } from '../../i18n/serverLabels';
import { SavedPersonPicker } from '../people/SavedPersonPicker';
import type { SavedPerson } from '../../../../api-types';

/** "Saved person…" on a holder: the fan's saved people, and the one the fields name now. */
export interface SavedHolderPicker {
  people: readonly SavedPerson[];
  /** The saved person this ticket's fields name (picked, or typed alike); "" for none. */
  value: string;
  /** The other ticket of the order already naming this person; null for none. */
  takenBy?: (person: SavedPerson) => number | null;
  /** Fills the holder's fields from the person. */
  onPick: (person: SavedPerson) => void;
}

interface HolderFieldsetProps {
  index: number;
  line: SeatLine;
  draft: HolderDraft;
  /** The fares to choose from; null for none (a change of holder keeps the ticket's fare). */
  fares: FareOption[] | null;
  /** The fieldset's title, when not "Biglietto 1: {seat}". */
  legend?: string;
  /** Each field's message, in the fan's words. */
  errors: Partial<Record<HolderField, string>>;
  /**
   * The API says this person already has a seat for the match (or is named twice); for a
   * season, a season ticket: `hasSeatText` says so.
   */
  hasSeat: boolean;
  hasSeatText?: string;
  today: string;
  onChange: (field: HolderField, value: string) => void;
  /**
   * "It's me": fills the fan's details from the account (the saved identity's, else the names).
   * `takenBy` is the index of the ticket that is already the fan's (one only); null when the
   * account has nothing to give. `hint` and `filled` say what it fills, when not the names.
   */
  me: { isMe: boolean; takenBy: number | null; onToggle: () => void; hint?: string; filled?: string } | null;
  /** "Saved person…" beside "It's me" (shown once the fan has saved someone); null or absent for none. */
  saved?: SavedHolderPicker | null;
  /** More to choose for this line, after its fare (a season's title or collection). */
  children?: ReactNode;
}

/**
 * One ticket's holder: who will use it and their document, and its fare. Every label ends with
 * the ticket's number for screen readers ("Nome, biglietto 1"), so each input's name is its own;
 * every field is needed but the sex (the form's intro says so), which sits beside the fare: the
 * women's fare needs it.
 */
export function HolderFieldset({ index, line, draft, fares, legend, errors, hasSeat, hasSeatText, today, onChange, me, saved = null, children }: HolderFieldsetProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const ticket = t('checkout.holders.forTicket', { index: index + 1 });
  // The first ticket is usually the buyer's: let the browser fill it in, not every line alike.
  const personal = index === 0;

  const label = (text: string) => (
    <>
      {text}
      <VisuallyHidden>, {ticket}</VisuallyHidden>
    </>
  );
  const field = (name: HolderField) => ({
    id: holderInputId(index, name),
    name: `lines.${index}.${name}`,
    error: errors[name] !== undefined,
    helperText: errors[name],
    fullWidth: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });
  // Required without MUI's asterisk: the label is then exactly the input's accessible name.
  const input = (name: HolderField, extra: Record<string, unknown> = {}) => ({
    htmlInput: { 'data-testid': holderInputId(index, name), required: true, ...extra },
  });

  return (
    <Box
      component="fieldset"
      data-testid={`holder-${index}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'grid', gap: 2 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {legend ?? t('checkout.holders.ticket', { index: index + 1, seat: lineSeat(t, line) })}
      </Typography>
      {(me !== null || (saved !== null && saved.people.length > 0)) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {me !== null && (
            <Button
              variant={me.isMe ? 'contained' : 'outlined'}
              size="small"
              startIcon={<PersonOutlineIcon />}
              aria-pressed={me.isMe}
              disabled={me.takenBy !== null}
              onClick={me.onToggle}
              data-testid={`holder-${index}-me`}
              sx={{ minHeight: 44 }}
            >
              {t('checkout.holders.itsMe')}
              <VisuallyHidden>, {ticket}</VisuallyHidden>
            </Button>
          )}
          {saved !== null && (
            <SavedPersonPicker
              people={saved.people}
              value={saved.value}
              takenBy={saved.takenBy}
              onPick={saved.onPick}
              nameSuffix={`, ${ticket}`}
              testId={`holder-${index}-saved-person`}
            />
          )}
          {me !== null && (
            <Typography variant="caption" color="text.secondary">
              {me.takenBy !== null
                ? t('checkout.holders.meElsewhere', { index: me.takenBy + 1 })
                : me.isMe
                  ? (me.filled ?? t('checkout.holders.meFilled'))
                  : (me.hint ?? t('checkout.holders.meHint'))}
            </Typography>
          )}
        </Box>
      )}
      {hasSeat && <Alert severity="error">{hasSeatText ?? t('checkout.holders.hasSeat')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('first_name')}
          label={label(t('checkout.holders.firstName'))}
          value={draft.first_name}
          autoComplete={personal ? 'given-name' : 'off'}
          slotProps={input('first_name', { maxLength: NAME_MAX })}
        />
        <TextField
          {...field('last_name')}
          label={label(t('checkout.holders.lastName'))}
          value={draft.last_name}
          autoComplete={personal ? 'family-name' : 'off'}
          slotProps={input('last_name', { maxLength: NAME_MAX })}
        />
        <TextField
          {...field('birth_date')}
          type="date"
          label={label(t('checkout.holders.birthDate'))}
          value={draft.birth_date}
          autoComplete={personal ? 'bday' : 'off'}
          slotProps={{ ...input('birth_date', { min: EARLIEST_BIRTH_DATE, max: today }), inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('birth_place')}
          label={label(t('checkout.holders.birthPlace'))}
          value={draft.birth_place}
          autoComplete="off"
          slotProps={input('birth_place', { maxLength: BIRTH_PLACE_MAX })}
        />
        <TextField
          {...field('document_type')}
          select
          label={label(t('checkout.holders.documentType'))}
          value={draft.document_type}
          slotProps={{ ...input('document_type'), select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {t('checkout.holders.chooseDocumentType')}
          </option>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`checkout.holders.documentTypes.${type}`)}
            </option>
          ))}
        </TextField>
        <TextField
          {...field('document_number')}
          label={label(t('checkout.holders.documentNumber'))}
          value={draft.document_number}
          autoComplete="off"
          slotProps={input('document_number', {
            maxLength: DOCUMENT_NUMBER_MAX,
            autoCapitalize: 'characters',
            spellCheck: false,
          })}
        />
        <TextField
          {...field('sex')}
          helperText={errors.sex ?? t('checkout.holders.sexHint')}
          select
          label={label(t('checkout.holders.sex'))}
          value={draft.sex}
          slotProps={{
            htmlInput: { 'data-testid': holderInputId(index, 'sex') },
            select: { native: true },
            inputLabel: { shrink: true },
          }}
        >
          <option value="">{t('checkout.holders.sexes.none')}</option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {t(`checkout.holders.sexes.${sex}`)}
            </option>
          ))}
        </TextField>
        {fares !== null && (
          <TextField
            {...field('reduction_id')}
            select
            label={label(t('checkout.holders.reduction'))}
            value={String(draft.reduction_id)}
            slotProps={{ ...input('reduction_id'), select: { native: true }, inputLabel: { shrink: true } }}
          >
            {fares.map((fare) => (
              <option key={fare.id} value={fare.id}>
                {t('checkout.holders.reductionOption', {
                  name: fareName(t, fare.code, fare.name),
                  price: formatCents(fare.price_cents, language),
                })}
              </option>
            ))}
          </TextField>
        )}
      </Box>
      {children}
    </Box>
  );
}
