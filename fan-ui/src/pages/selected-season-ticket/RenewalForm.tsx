import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useFormFields } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { localToday } from '../../orders/holderRules';
import type { SeasonDetail } from '../../seasons/api';
import { useMyRenewalRights, useRenewSeason } from '../../seasons/orders';
import {
  EMPTY_RENEWAL,
  RENEWAL_FIELDS,
  normalisedRenewal,
  renewalErrorText,
  renewalFieldCodes,
  renewalFieldText,
  renewalProblems,
  type RenewalField,
} from '../../seasons/renewal';
import { MyRenewalRights } from './MyRenewalRights';
import { RenewalFields } from './RenewalFields';
import { RenewalsForm } from './RenewalsForm';
import {
  firstEmptyField,
  isRightOf,
  newRow,
  rightValues,
  rowInputId,
  withRights,
  type RenewalRow,
} from './renewalRows';
import type { MyRenewalRight } from '../../../../api-types';

/**
 * "Rinnova il tuo abbonamento", on a season ticket's page while its renewal phase is on: a
 * signed-in fan renews with last season's right; a visitor is asked to sign in first, and comes
 * back here.
 */
export function RenewalPanel({ season }: { season: SeasonDetail }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const { user, isPending } = useSession();
  if (!ready || isPending) {
    return null;
  }
  return user === null ? <SignInPrompt body={ts('renewal.signIn')} /> : <Renewal season={season} userId={user.id} />;
}

/** The input's id, its label's target and the end-to-end tests' handle: `renewal-first_name`. */
const inputId = (field: RenewalField) => `renewal-${field}`;

type RenewalFormFields = ReturnType<typeof useFormFields<RenewalField>>;

/**
 * A signed-in fan's renewal: the rights the club knows are theirs (the holders with their e-mail),
 * each filling the form in, and the form, for one season ticket or ("Rinnova più abbonamenti
 * insieme") a list of them. Both forms keep what was typed when the fan switches between them.
 */
function Renewal({ season, userId }: { season: SeasonDetail; userId: string }) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const form = useFormFields(EMPTY_RENEWAL, (field, code) => renewalFieldText(ts, field, code));
  const [many, setMany] = useState(false);
  const [rows, setRows] = useState<RenewalRow[]>([]);
  const rights = (useMyRenewalRights(userId).data ?? []).filter((right) => right.season_ticket_ids.includes(season.id));

  /** The list's rows: those kept from before, or what the single form has and a row more. */
  const currentRows = () => (rows.length > 0 ? rows : [newRow(form.values), newRow()]);

  /** Fills the single form in with a right: another holder than the one typed clears the rest. */
  const fill = (right: MyRenewalRight) => {
    const values = rightValues(right);
    const next = isRightOf(form.values, right) ? { ...form.values, ...values } : { ...EMPTY_RENEWAL, ...values };
    for (const field of RENEWAL_FIELDS) {
      if (next[field] !== form.values[field]) {
        form.change(field, next[field]);
      }
    }
    // On to what only the fan knows: the holder's birth and sex (or the seal, without a code).
    document.getElementById(inputId(firstEmptyField(next)))?.focus();
  };

  /** Puts rights in the list (switching to it), and takes the fan to the first of them. */
  const addRights = (added: MyRenewalRight[]) => {
    const next = withRights(currentRows(), added);
    flushSync(() => {
      setRows(next);
      setMany(true);
    });
    const index = next.findIndex((row) => row.order === null && added.some((right) => isRightOf(row.values, right)));
    const row = next[index];
    if (row !== undefined) {
      document.getElementById(rowInputId(index, firstEmptyField(row.values)))?.focus();
    }
  };

  const toMany = () => {
    setRows(currentRows());
    setMany(true);
  };

  return (
    <>
      {rights.length > 0 && (
        <MyRenewalRights
          rights={rights}
          sectors={season.sectors}
          onUse={(right) => (many ? addRights([right]) : fill(right))}
          onUseAll={(all) => addRights(all)}
        />
      )}
      {many ? (
        <RenewalsForm seasonId={season.id} rows={rows} setRows={setRows} onOne={() => setMany(false)} />
      ) : (
        <RenewalForm seasonId={season.id} form={form} onMany={toMany} />
      )}
    </>
  );
}

/**
 * The right (the fiscal seal printed on last season's ticket, or the renewal code the club
 * e-mailed) and the holder as the club's record has them. The answer is a pending season order
 * on the kept seat: the fan goes on to check and pay it. A detail that does not match the
 * record is shown on its field.
 */
function RenewalForm({ seasonId, form, onMany }: { seasonId: number; form: RenewalFormFields; onMany: () => void }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const renew = useRenewSeason(seasonId);

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
      const problems = renewalProblems(request, localToday());
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
      <Button variant="outlined" onClick={onMany} data-testid="renewal-mode-many" sx={{ justifySelf: 'start' }}>
        {ts('renewal.modeMany')}
      </Button>
      <RenewalFields bind={form.bind} idOf={inputId} />
    </FormCard>
  );
}
