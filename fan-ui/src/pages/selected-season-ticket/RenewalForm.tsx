import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useFormFields } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { localToday } from '../../orders/holderRules';
import { isAdmissionRequired } from '../../queue/useAdmissionRequired';
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
  renewalSeatProblem,
  seatProblemText,
  type RenewalField,
  type SeatProblem,
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
import { chosenSeatLabel, type ChosenSeat, type SeatChoice } from './seatChoice';
import type { MyRenewalRight } from '../../../../api-types';

interface RenewalPanelProps {
  season: SeasonDetail;
  /** During a change of seat: the seat chosen on the map, sent with the renewal. */
  seatChoice?: SeatChoice;
}

/**
 * "Rinnova il tuo abbonamento", on a season ticket's page while its renewal phase is on (or
 * "Rinnova cambiando posto" while its change of seat is): a signed-in fan renews with last
 * season's right; a visitor is asked to sign in first, and comes back here.
 */
export function RenewalPanel({ season, seatChoice }: RenewalPanelProps) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const { user, isPending } = useSession();
  if (!ready || isPending) {
    return null;
  }
  return user === null ? (
    <SignInPrompt body={ts(seatChoice === undefined ? 'renewal.signIn' : 'changeOfSeat.signIn')} />
  ) : (
    <Renewal season={season} userId={user.id} seatChoice={seatChoice} />
  );
}

/** The input's id, its label's target and the end-to-end tests' handle: `renewal-first_name`. */
const inputId = (field: RenewalField) => `renewal-${field}`;

type RenewalFormFields = ReturnType<typeof useFormFields<RenewalField>>;

/**
 * A signed-in fan's renewal: the rights the club knows are theirs (the holders with their e-mail),
 * each filling the form in, and the form, for one season ticket or ("Rinnova più abbonamenti
 * insieme") a list of them. Both forms keep what was typed when the fan switches between them.
 * A change of seat renews one season ticket at a time (one seat chosen on the map): no list.
 */
function Renewal({ season, userId, seatChoice }: { season: SeasonDetail; userId: string; seatChoice: SeatChoice | undefined }) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const form = useFormFields<RenewalField>(EMPTY_RENEWAL, (field, code) => renewalFieldText(ts, field, code));
  const [many, setMany] = useState(false);
  const listed = many && seatChoice === undefined;
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
          onUse={(right) => (listed ? addRights([right]) : fill(right))}
          onUseAll={seatChoice === undefined ? addRights : undefined}
        />
      )}
      {listed ? (
        <RenewalsForm seasonId={season.id} rows={rows} setRows={setRows} onOne={() => setMany(false)} />
      ) : (
        <RenewalForm
          season={season}
          form={form}
          onMany={seatChoice === undefined ? toMany : undefined}
          seatChoice={seatChoice}
        />
      )}
    </>
  );
}

/** The chosen seat's part of the form: its id, the focus's target when the seat is what is wrong. */
const SEAT_ID = 'renewal-seat';

interface RenewalFormProps {
  season: SeasonDetail;
  form: RenewalFormFields;
  /** Switches to the list of renewals; none during a change of seat. */
  onMany: (() => void) | undefined;
  /** During a change of seat: the seat chosen on the map, required and sent as `seat_id`. */
  seatChoice: SeatChoice | undefined;
}

/** What is wrong with the seat, and which seat it was (null: none was chosen). */
interface SeatTrouble {
  problem: SeatProblem;
  seat: ChosenSeat | null;
}

/**
 * The right (the fiscal seal printed on last season's ticket, or the renewal code the club
 * e-mailed) and the holder as the club's record has them. The answer is a pending season order
 * on the kept seat (during a change of seat, on the seat chosen on the map, named at the top of
 * the form): the fan goes on to check and pay it. A detail that does not match the record is
 * shown on its field; a seat that cannot be had, at the seat.
 */
function RenewalForm({ season, form, onMany, seatChoice }: RenewalFormProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const renew = useRenewSeason(season.id);
  const [seatTrouble, setSeatTrouble] = useState<SeatTrouble | null>(null);
  const changing = seatChoice !== undefined;
  const seat = seatChoice?.seat ?? null;
  // Said until another seat is chosen (none chosen: until one is).
  const shownTrouble = seatTrouble !== null && (seat === null || seat.id === seatTrouble.seat?.id) ? seatTrouble : null;
  const focusSeat = () => document.getElementById(SEAT_ID)?.focus();

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
      // The seat comes first in the form: without one, the focus goes there.
      const noSeat = changing && seat === null;
      setSeatTrouble(noSeat ? { problem: 'required', seat: null } : null);
      if (noSeat) {
        focusSeat();
      } else {
        focusFirst(problems);
      }
      return problems;
    },
    (request) => {
      if (changing && seat === null) {
        return; // Nothing is sent without the seat (said at the seat).
      }
      renew.mutate(seat === null ? request : { ...request, seat_id: seat.id }, {
        onError: (error) => {
          // A detail that does not match the record, an unknown right: said on its field.
          const codes = renewalFieldCodes(error);
          form.showCodes(codes);
          // A seat not free all season, or not in the phase's sectors: said at the seat, which
          // is no longer chosen (the fan chooses another on the map).
          const problem = changing ? renewalSeatProblem(error) : null;
          if (problem !== null) {
            setSeatTrouble({ problem, seat });
            if (problem !== 'required' && seat !== null) {
              seatChoice?.forget(seat.id);
            }
            focusSeat();
          } else {
            focusFirst(codes);
          }
          forgetEndedSession(error);
        },
      });
    },
  );

  const onField = Object.keys(renewalFieldCodes(renew.error)).length > 0;
  const onSeat = changing && renewalSeatProblem(renew.error) !== null;

  return (
    <FormCard
      title={ts(changing ? 'changeOfSeat.title' : 'renewal.title')}
      onSubmit={onSubmit}
      submitLabel={ts(changing ? 'changeOfSeat.submit' : 'renewal.submit')}
      pending={renew.isPending}
      // Refused for want of the waiting room's admission: the fan is on the way to the queue.
      failure={renew.isError && !onField && !onSeat && !isAdmissionRequired(renew.error) ? renewalErrorText(t, ts, renew.error) : null}
      testId="renewal-form"
      submitTestId="renewal-submit"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {ts(changing ? 'changeOfSeat.intro' : 'renewal.intro')}
      </Typography>
      {onMany !== undefined && (
        <Button variant="outlined" onClick={onMany} data-testid="renewal-mode-many" sx={{ justifySelf: 'start' }}>
          {ts('renewal.modeMany')}
        </Button>
      )}
      {changing && <ChosenSeatPart season={season} seat={seat} trouble={shownTrouble} />}
      <RenewalFields bind={form.bind} idOf={inputId} />
    </FormCard>
  );
}

interface ChosenSeatPartProps {
  season: SeasonDetail;
  seat: ChosenSeat | null;
  trouble: SeatTrouble | null;
}

/**
 * "Il nuovo posto": the seat chosen on the map ("Posto scelto: Distinti Ovest, blocco DO1, fila
 * 1, posto 3"), a live region, so choosing a seat is heard wherever the focus is; or how to choose
 * one; and what is wrong with it.
 */
function ChosenSeatPart({ season, seat, trouble }: ChosenSeatPartProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const titleId = useId();
  const troubleId = useId();
  return (
    <Box
      id={SEAT_ID}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={trouble === null ? undefined : troubleId}
      tabIndex={-1}
      data-testid="renewal-seat"
      sx={{
        display: 'grid',
        gap: 1,
        p: 1.5,
        border: 1,
        borderColor: trouble === null ? 'divider' : 'error.main',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Typography id={titleId} variant="subtitle2" component="h3">
        {ts('changeOfSeat.seat')}
      </Typography>
      <Typography
        role="status"
        variant="body1"
        data-testid="renewal-chosen-seat"
        data-seat-id={seat?.id}
        sx={{ fontWeight: seat === null ? 400 : 700 }}
      >
        {seat === null ? ts('changeOfSeat.none') : ts('changeOfSeat.chosen', { seat: chosenSeatLabel(t, season, seat) })}
      </Typography>
      {trouble !== null && (
        <Alert id={troubleId} severity="error" data-testid="renewal-seat-error">
          {seatProblemText(ts, trouble.problem, trouble.seat === null ? null : chosenSeatLabel(t, season, trouble.seat))}
        </Alert>
      )}
    </Box>
  );
}
