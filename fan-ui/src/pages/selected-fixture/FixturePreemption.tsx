import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession, useSession } from '../../auth/useSession';
import { FormCard } from '../../components/FormCard';
import { SignInPrompt } from '../../components/SignInPrompt';
import { fixtureKey } from '../../fixtures/api';
import {
  EMPTY_RIGHT,
  RIGHT_MAX,
  normalisedRight,
  rightErrorText,
  rightFieldCodes,
  rightFieldText,
  rightProblems,
  useClaimRight,
  useDropRight,
  useFixturePhases,
  useFixtureRight,
  useSuggestedRights,
  type FixtureSale,
} from '../../fixtures/rights';
import { useFormFields } from '../../hooks/useFormFields';
import { SEASON_ORDER_NS } from '../../i18n';
import { momentOf } from '../../seasons/phases';
import { PhaseNotice } from '../selected-season-ticket/PhaseNotice';
import type { RightClaim, RightRequest, SuggestedRight } from '../../../../api-types';

/**
 * A match's pre-emption on its pages (the stadium and a block's seats), while a phase with rights
 * is on: the phase, the countdown to its end and the next phase; then "use your right" (a visitor
 * is asked to sign in first), or the right the fan showed and the sectors it opens. Nothing
 * during the free sale, or while the phases are unknown.
 */
export function FixturePreemption({ fixtureId, sale }: { fixtureId: number; sale: FixtureSale }) {
  if (!sale.restricted) {
    return null;
  }
  return (
    <>
      <PreemptionBanner fixtureId={fixtureId} hasRight={sale.right !== null} />
      <RightPanel fixtureId={fixtureId} open={sale.openSectors} />
    </>
  );
}

/**
 * The phase in the fan's words (`phase-banner`, a region named "Fasi della vendita"), counting
 * down to its end; when it is over, the match is read again (its phases, the fan's right).
 */
function PreemptionBanner({ fixtureId, hasRight }: { fixtureId: number; hasRight: boolean }) {
  const phases = useFixturePhases(fixtureId);
  const queryClient = useQueryClient();
  if (phases.data === undefined) {
    return null;
  }
  return (
    <PhaseNotice
      moment={momentOf(phases.data)}
      receivedAt={phases.dataUpdatedAt}
      until="end"
      // With a right shown, the card below says what the fan may do.
      rightsNote={hasRight ? null : undefined}
      onPassed={() => void queryClient.invalidateQueries({ queryKey: fixtureKey(fixtureId) })}
    />
  );
}

/** Where focus goes after the panel changes under the fan's hands. */
type Moved = 'claimed' | 'form' | null;

function RightPanel({ fixtureId, open }: { fixtureId: number; open: string[] | null }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const { user, isPending } = useSession();
  const right = useFixtureRight(fixtureId, user !== null);
  const suggested = useSuggestedRights(fixtureId, user !== null).data ?? [];
  const [moved, setMoved] = useState<Moved>(null);
  if (!ready || isPending) {
    return null;
  }
  if (user === null) {
    return <SignInPrompt body={ts('matchRight.signIn')} />;
  }
  if (right.isPending) {
    return null;
  }
  const claim = right.data ?? null;
  return claim === null ? (
    <RightForm
      fixtureId={fixtureId}
      suggested={suggested}
      focus={moved === 'form'}
      onClaimed={() => setMoved('claimed')}
    />
  ) : (
    <ClaimedRight
      fixtureId={fixtureId}
      claim={claim}
      open={open}
      focus={moved === 'claimed'}
      onDropped={() => setMoved('form')}
    />
  );
}

/** The input's id, its label's target and the end-to-end tests' handle. */
const RIGHT_INPUT_ID = 'preemption-right';

interface RightFormProps {
  fixtureId: number;
  /** The rights the fan's account gives them for the phase on now: one click each. */
  suggested: SuggestedRight[];
  /** Shown again after "use another right": the field takes the focus. */
  focus: boolean;
  onClaimed: () => void;
}

/**
 * "Usa il tuo diritto di prelazione": a supporter card number or a fiscal seal. A bad value is
 * said on the field; any other refusal above the button, in the fan's words.
 */
function RightForm({ fixtureId, suggested, focus, onClaimed }: RightFormProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const form = useFormFields(EMPTY_RIGHT, (_field, code) => rightFieldText(ts, code));
  const claim = useClaimRight(fixtureId);
  const focusField = () => document.getElementById(RIGHT_INPUT_ID)?.focus();

  const send = (request: RightRequest) =>
    claim.mutate(request, {
      onSuccess: onClaimed,
      onError: (error) => {
        const codes = rightFieldCodes(error);
        form.showCodes(codes);
        if (codes.right !== undefined) {
          focusField();
        }
        forgetEndedSession(error);
      },
    });

  const onSubmit = form.submitWith(
    normalisedRight,
    (request) => {
      const problems = rightProblems(request);
      if (problems.right !== undefined) {
        focusField();
      }
      return problems;
    },
    send,
  );
  /** A right the account gives: in the field, and sent as if typed there. */
  const claimSuggested = (right: string) => {
    form.change('right', right);
    send(normalisedRight({ right }));
  };
  const onField = Object.keys(rightFieldCodes(claim.error)).length > 0;

  return (
    <FormCard
      title={ts('matchRight.title')}
      onSubmit={onSubmit}
      submitLabel={ts('matchRight.submit')}
      pending={claim.isPending}
      failure={claim.isError && !onField ? rightErrorText(t, ts, claim.error) : null}
      testId="preemption-form"
      submitTestId="preemption-submit"
      namedForm
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {ts('matchRight.intro')}
      </Typography>
      {suggested.length > 0 && (
        <SuggestedRights suggested={suggested} disabled={claim.isPending} onUse={claimSuggested} />
      )}
      <TextField
        {...form.bind('right', ts('matchRight.rightHint'))}
        id={RIGHT_INPUT_ID}
        label={ts('matchRight.right')}
        required
        fullWidth
        autoFocus={focus}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            'data-testid': RIGHT_INPUT_ID,
            maxLength: RIGHT_MAX,
            autoCapitalize: 'characters',
            spellCheck: false,
          },
        }}
      />
    </FormCard>
  );
}

interface SuggestedRightsProps {
  suggested: SuggestedRight[];
  disabled: boolean;
  onUse: (right: string) => void;
}

/** "I tuoi diritti per questa partita": each a button, "Usa la tessera TF0000000001 (Mario Rossi)". */
function SuggestedRights({ suggested, disabled, onUse }: SuggestedRightsProps) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="suggested-rights" sx={{ display: 'grid', gap: 1 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {ts('matchRight.suggestedTitle')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {suggested.map((suggestion) => (
          <Button
            key={`${suggestion.source}-${suggestion.right}`}
            type="button"
            variant="outlined"
            disabled={disabled}
            onClick={() => onUse(suggestion.right)}
            data-testid="suggested-right"
            data-right={suggestion.right}
            sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
          >
            {ts(suggestion.source === 'card' ? 'matchRight.useCard' : 'matchRight.useSeal', {
              right: suggestion.right,
              name: `${suggestion.first_name} ${suggestion.last_name}`,
            })}
          </Button>
        ))}
      </Box>
    </Box>
  );
}

interface ClaimedRightProps {
  fixtureId: number;
  claim: RightClaim;
  open: string[] | null;
  /** Just shown, in place of the form: the heading takes the focus. */
  focus: boolean;
  onDropped: () => void;
}

/** The right the fan showed: what it is, the sectors it opens, and the way to show another. */
function ClaimedRight({ fixtureId, claim, open, focus, onDropped }: ClaimedRightProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const drop = useDropRight(fixtureId);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) {
      heading.current?.focus();
    }
  }, [focus]);
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="preemption-claimed" data-right={claim.right}>
      <CardContent sx={{ display: 'grid', gap: 1, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none' }}>
          {ts('matchRight.claimedTitle')}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="preemption-claimed-right">
          {ts('matchRight.claimed', { source: ts(`matchRight.sources.${claim.source}`), right: claim.right })}
        </Typography>
        <Typography variant="body1" data-testid="preemption-sectors">
          {open === null ? ts('matchRight.anySector') : ts('matchRight.sectors', { sectors: open.join(', ') })}
        </Typography>
        {drop.isError && <Alert severity="error">{apiErrorText(t, drop.error)}</Alert>}
        <Box>
          <Button
            variant="outlined"
            onClick={() => drop.mutate(undefined, { onSuccess: onDropped })}
            loading={drop.isPending}
            data-testid="preemption-another"
          >
            {ts('matchRight.another')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * In place of the seats picked under a block's map while a phase with rights is on: without a
 * right, only fans with one may buy (`phase-restricted`); with one that does not open this
 * block's sector, the sectors it does and the way back to the stadium (`right-not-for-block`).
 */
export function RestrictedSeatsNotice({ fixtureId, sale }: { fixtureId: number; sale: FixtureSale }) {
  const { t } = useTranslation();
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  if (!ready) {
    return null;
  }
  if (sale.right === null) {
    return (
      <Alert severity="info" data-testid="phase-restricted">
        {ts('phases.onlyRights')} {ts('matchRight.useAbove')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="right-not-for-block"
      action={
        <Button component={RouterLink} to={`/selectedfixture/${fixtureId}`} color="inherit" size="small">
          {t('fixture.backToStadium')}
        </Button>
      }
    >
      {ts('matchRight.notForSector')}
      {sale.openSectors !== null && <> {ts('matchRight.sectors', { sectors: sale.openSectors.join(', ') })}</>}
    </Alert>
  );
}

/** The fan tried a second seat with a right: one seat per right. */
export function OneSeatNotice({ onClose }: { onClose: () => void }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  if (!ready) {
    return null;
  }
  return (
    <Alert severity="warning" onClose={onClose} data-testid="one-seat-per-right">
      {ts('matchRight.oneSeat')}
    </Alert>
  );
}

/** The words that mark a sector the fan's right does not open, on the stadium's map and its blocks. */
export interface ClosedSectorWords {
  /** After the sector's name on the map: "non aperto dal tuo diritto". */
  mark: string;
  /** Above the sector's blocks: "Il tuo diritto di prelazione non vale per questo settore." */
  note: string;
}

/**
 * Gives `children` the words for the sectors the fan's right does not open (null until they are
 * in). A component of its own, drawn only then: the match's other pages do not fetch these texts.
 */
export function WithClosedSectorWords({ children }: { children: (words: ClosedSectorWords | null) => ReactNode }) {
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  return children(ready ? { mark: ts('matchRight.closedSector'), note: ts('matchRight.notForSector') } : null);
}
