import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useFormFields } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { EARLIEST_BIRTH_DATE, localToday } from '../../orders/holderRules';
import { SEXES } from '../../orders/types';
import { useRenewSeason } from '../../seasons/orders';
import {
  EMPTY_RENEWAL,
  RENEWAL_FIELDS,
  RENEWAL_TEXT_MAX,
  RIGHT_MAX,
  normalisedRenewal,
  renewalErrorText,
  renewalFieldCodes,
  renewalFieldText,
  renewalProblems,
  type RenewalField,
} from '../../seasons/renewal';

/**
 * "Rinnova il tuo abbonamento", on a season ticket's page while its renewal phase is on: a
 * signed-in fan renews with last season's right; a visitor is asked to sign in first, and comes
 * back here.
 */
export function RenewalPanel({ seasonId }: { seasonId: number }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const { user, isPending } = useSession();
  if (!ready || isPending) {
    return null;
  }
  return user === null ? <SignInPrompt body={ts('renewal.signIn')} /> : <RenewalForm seasonId={seasonId} />;
}

/** The input's id, its label's target and the end-to-end tests' handle: `renewal-first_name`. */
const inputId = (field: RenewalField) => `renewal-${field}`;

/**
 * The right (the fiscal seal printed on last season's ticket, or the renewal code the club
 * e-mailed) and the holder as the club's record has them. The answer is a pending season order
 * on the kept seat: the fan goes on to check and pay it. A detail that does not match the
 * record is shown on its field.
 */
function RenewalForm({ seasonId }: { seasonId: number }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const form = useFormFields(EMPTY_RENEWAL, (field, code) => renewalFieldText(ts, field, code));
  const renew = useRenewSeason(seasonId);
  const today = localToday();

  /** Takes the fan to the first field to correct: on a phone it may be far above the button. */
  const focusFirst = (codes: Partial<Record<RenewalField, string>>) => {
    const first = RENEWAL_FIELDS.find((field) => codes[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(inputId(first))?.focus();
    }
  };

  const onSubmit = form.submitWith(
    normalisedRenewal,
    (request) => {
      const problems = renewalProblems(request, today);
      focusFirst(problems);
      return problems;
    },
    (request) =>
      renew.mutate(request, {
        onError: (error) => {
          // A detail that does not match the record, an unknown right: said on its field.
          const codes = renewalFieldCodes(error);
          form.showCodes(codes);
          focusFirst(codes);
          forgetEndedSession(error);
        },
      }),
  );

  const onField = Object.keys(renewalFieldCodes(renew.error)).length > 0;
  const field = (name: RenewalField, hint?: string) => ({
    ...form.bind(name, hint),
    id: inputId(name),
    label: ts(`renewal.${name}`),
    required: true,
    fullWidth: true,
  });
  const input = (name: RenewalField, extra: Record<string, unknown> = {}) => ({
    'data-testid': inputId(name),
    ...extra,
  });

  return (
    <FormCard
      title={ts('renewal.title')}
      onSubmit={onSubmit}
      submitLabel={ts('renewal.submit')}
      pending={renew.isPending}
      failure={renew.isError && !onField ? renewalErrorText(t, ts, renew.error) : null}
      testId="renewal-form"
      submitTestId="renewal-submit"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {ts('renewal.intro')}
      </Typography>
      <TextField
        {...field('right', ts('renewal.rightHint'))}
        autoComplete="off"
        slotProps={{ htmlInput: input('right', { maxLength: RIGHT_MAX, autoCapitalize: 'characters', spellCheck: false }) }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('first_name')}
          autoComplete="given-name"
          slotProps={{ htmlInput: input('first_name', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('last_name')}
          autoComplete="family-name"
          slotProps={{ htmlInput: input('last_name', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('birth_date')}
          type="date"
          autoComplete="bday"
          slotProps={{
            htmlInput: input('birth_date', { min: EARLIEST_BIRTH_DATE, max: today }),
            inputLabel: { shrink: true },
          }}
        />
        <TextField
          {...field('birth_province', ts('renewal.birth_provinceHint'))}
          autoComplete="off"
          slotProps={{ htmlInput: input('birth_province', { maxLength: 2, autoCapitalize: 'characters', spellCheck: false }) }}
        />
        <TextField
          {...field('birth_place', ts('renewal.birth_placeHint'))}
          autoComplete="off"
          slotProps={{ htmlInput: input('birth_place', { maxLength: RENEWAL_TEXT_MAX }) }}
        />
        <TextField
          {...field('sex')}
          select
          slotProps={{ htmlInput: input('sex'), select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {ts('renewal.chooseSex')}
          </option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {ts(`renewal.sexes.${sex}`)}
            </option>
          ))}
        </TextField>
      </Box>
    </FormCard>
  );
}
