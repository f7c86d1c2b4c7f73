import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldCodesOf, type FieldCodes } from '../../api/fieldCodes';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { useFormFields } from '../../hooks/useFormFields';
import { IDENTITY_NS } from '../../i18n';
import { identityKey, saveIdentity } from '../../identity/api';
import {
  ADDRESS_MAX,
  DOCUMENT_NUMBER_MAX,
  IDENTITY_FIELDS,
  NAME_MAX,
  earliestBirthDate,
  identityInputId,
  identityInputOf,
  identityProblems,
  valuesOf,
  type IdentityField,
} from '../../identity/rules';
import { identityFieldText } from '../../identity/words';
import { localToday } from '../../orders/holderRules';
import { DOCUMENT_TYPES, SEXES } from '../../orders/types';
import { PlaceFields } from './PlaceFields';
import type { Identity, IdentityInput } from '../../../../api-types';

/** Focuses the first field (in the form's order) with a problem; whether there was one. */
function focusFirst(codes: FieldCodes<IdentityField>): boolean {
  const first = IDENTITY_FIELDS.find((field) => codes[field] !== undefined);
  if (first === undefined) {
    return false;
  }
  document.getElementById(identityInputId(first))?.focus();
  return true;
}

interface IdentityFormProps {
  /** What the form starts with: the saved identity (a blank one for someone else's). */
  identity: Identity;
  /** Once saved (or sent with `send`). */
  onSaved: () => void;
  /**
   * Sends the identity elsewhere than to the fan's own details (a supporter card's holder): the
   * saved identity is then left as it is, and so are the fields. A refusal's codes for the
   * identity's fields are shown on them, as the identity page's are.
   */
  send?: (input: IdentityInput) => Promise<unknown>;
  /** The form's heading and button; the identity page's by default. */
  title?: string;
  submitLabel?: string;
  testId?: string;
  submitTestId?: string;
  /** The sender's own fields, in the same form: before the identity's and after them. */
  before?: ReactNode;
  after?: ReactNode;
  /**
   * The sender's check of its own fields, run with the identity's; false holds the form back.
   * `focus`: no identity field took the focus, so the first of the sender's with a problem may.
   */
  check?: (focus: boolean) => boolean;
  /** The sender's words for a refusal no identity field names; null for the form's own. */
  failureText?: (error: unknown) => string | null;
}

/**
 * The fan's identity (`PUT /api/me/identity`): checked here first (what is required, the fiscal
 * code's form and check character, the phone), then the API's own answer shown on the field it
 * names. Every label is exactly its input's name: the required ones are said by the intro and
 * to screen readers, the optional ones say so in their label. With `send`, the same fields ask
 * for someone else's identity (a supporter card's holder), among the sender's own fields.
 */
export function IdentityForm({
  identity,
  onSaved,
  send,
  title,
  submitLabel,
  testId = 'identity-form',
  submitTestId = 'identity-save',
  before,
  after,
  check,
  failureText,
}: IdentityFormProps) {
  const { t } = useTranslation(IDENTITY_NS);
  // The app's words for a refusal no field names.
  const { t: appText } = useTranslation();
  const queryClient = useQueryClient();
  const forgetEndedSession = useForgetEndedSession();
  const [initial] = useState(() => valuesOf(identity));
  const form = useFormFields(initial, (field, code) => identityFieldText(t, field, code));
  const today = localToday();

  const save = useMutation({
    mutationFn: async (input: IdentityInput): Promise<Identity | null> => {
      if (send === undefined) {
        return saveIdentity(input);
      }
      await send(input);
      return null;
    },
    onSuccess: (saved) => {
      if (saved !== null) {
        queryClient.setQueryData(identityKey, saved);
        // As the API keeps it: the phone in international form, the codes in capitals.
        const next = valuesOf(saved);
        for (const field of IDENTITY_FIELDS) {
          form.change(field, next[field]);
        }
      }
      onSaved();
    },
    onError: (error) => {
      form.showFailure(error);
      focusFirst(fieldCodesOf(error, IDENTITY_FIELDS));
      forgetEndedSession(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.reset();
    const input = identityInputOf(form.values);
    const problems = identityProblems(input, today);
    form.showCodes(problems);
    const identityFine = !focusFirst(problems);
    // The sender's fields are checked even so: every problem shows at once.
    const othersFine = check?.(identityFine) ?? true;
    if (identityFine && othersFine) {
      save.mutate(input);
    }
  };

  const hasFieldErrors = IDENTITY_FIELDS.some((field) => form.errorOf(field) !== undefined);
  // A refusal no field names (the session ended, the network failed) is said under the form.
  const failure = hasFieldErrors
    ? t('errors.fix')
    : save.isError && !form.namesFields(save.error)
      ? (failureText?.(save.error) ?? apiErrorText(appText, save.error))
      : null;

  /** A text field's props: its id (focused on an error), its value, error and hint. */
  const text = (field: IdentityField, hint?: string) => ({
    ...form.bind(field, hint),
    id: identityInputId(field),
    label: t(`form.${field}`),
    fullWidth: true,
  });
  // Each input's test id is its id, as the place fields' are (for browser journeys).
  const input = (field: IdentityField, extra: Record<string, unknown> = {}) => ({ 'data-testid': identityInputId(field), ...extra });
  const required = (field: IdentityField, extra: Record<string, unknown> = {}) => ({ htmlInput: input(field, { required: true, ...extra }) });

  return (
    <FormCard
      title={title ?? t('form.title')}
      onSubmit={submit}
      submitLabel={submitLabel ?? t('form.save')}
      pending={save.isPending}
      failure={failure}
      testId={testId}
      submitTestId={submitTestId}
    >
      {before}
      <Typography variant="body2" color="text.secondary">
        {t('form.required')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...text('first_name')} autoComplete="given-name" slotProps={required('first_name', { maxLength: NAME_MAX })} />
        <TextField {...text('last_name')} autoComplete="family-name" slotProps={required('last_name', { maxLength: NAME_MAX })} />
      </Box>
      <TextField
        {...text('fiscal_code', t('form.fiscal_codeHint'))}
        // Upper-cased as typed, as printed on the card.
        onChange={(event) => form.change('fiscal_code', event.target.value.toUpperCase())}
        autoComplete="off"
        slotProps={required('fiscal_code', { autoCapitalize: 'characters', spellCheck: false, style: { letterSpacing: '0.05em' } })}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...text('birth_date')}
          type="date"
          autoComplete="bday"
          slotProps={{ ...required('birth_date', { min: earliestBirthDate(today), max: today }), inputLabel: { shrink: true } }}
        />
        <TextField {...text('sex')} select slotProps={{ ...required('sex'), select: { native: true }, inputLabel: { shrink: true } }}>
          <option value="" disabled>
            {t('form.sexes.none')}
          </option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {t(`form.sexes.${sex}`)}
            </option>
          ))}
        </TextField>
      </Box>
      <Section title={t('form.birth')}>
        <PlaceFields kind="birth" values={form.values} errorOf={form.errorOf} change={form.change} />
      </Section>
      <Section title={t('form.residence')}>
        <PlaceFields kind="residence" values={form.values} errorOf={form.errorOf} change={form.change} />
        <TextField
          {...text('address', t('form.addressHint'))}
          autoComplete="street-address"
          slotProps={{ htmlInput: input('address', { maxLength: ADDRESS_MAX }) }}
        />
      </Section>
      <Section title={t('form.document')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...text('document_type')}
            select
            slotProps={{ ...required('document_type'), select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              {t('form.documentTypes.none')}
            </option>
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.documentTypes.${type}`)}
              </option>
            ))}
          </TextField>
          <TextField
            {...text('document_number')}
            autoComplete="off"
            slotProps={required('document_number', { maxLength: DOCUMENT_NUMBER_MAX, autoCapitalize: 'characters', spellCheck: false })}
          />
        </Box>
        <TextField
          {...text('phone', t('form.phoneHint'))}
          type="tel"
          autoComplete="tel"
          slotProps={{ htmlInput: input('phone', { inputMode: 'tel' }) }}
        />
      </Section>
      {after}
    </FormCard>
  );
}

/** A group of the form's fields under its title (a fieldset and its legend). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
