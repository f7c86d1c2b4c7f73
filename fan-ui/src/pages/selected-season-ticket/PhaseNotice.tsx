import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/useCountdown';
import { SEASON_ORDER_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import {
  clockOffset,
  countdownTarget,
  formatDuration,
  phaseName,
  restrictsSale,
  type PhaseMoment,
} from '../../seasons/phases';

interface PhaseNoticeProps {
  moment: PhaseMoment;
  /** When the moment was read, on the phone's clock (epoch ms): the server's clock read `moment.now` then. */
  receivedAt: number;
  /** The countdown reached the next phase (or the end of this one): read the phases again. */
  onPassed?: () => void;
  /**
   * `banner`: the season page's (`phase-banner`, `phase-countdown`); `refusal`: a hold refused
   * because only fans with a right may buy now (`phase-refusal`, `phase-refusal-countdown`),
   * which says so even when the phase is not named.
   */
  variant?: 'banner' | 'refusal';
  /** What the fan can do about it, under the words (the way to renew). */
  action?: ReactNode;
  /**
   * What the countdown counts to: the next phase's start (`next`, the season's page), or the end
   * of the phase on now (`end`, a match's pre-emption), the next phase named either way.
   */
  until?: 'next' | 'end';
  /**
   * The banner's words on who may buy while a phase with rights is on: "only fans with a right"
   * unless given; null says nothing (the fan has shown theirs).
   */
  rightsNote?: string | null;
}

/**
 * The sale's phase in the fan's words ("In corso: Rinnovo degli abbonamenti"), what it means,
 * whether only fans with a right may buy now, and a live countdown to the next phase (or to the
 * end of this one), run on the server's clock. Nothing before its texts are in, nor when there
 * is no phase to speak of.
 */
export function PhaseNotice({
  moment,
  receivedAt,
  onPassed,
  variant = 'banner',
  action,
  until = 'next',
  rightsNote,
}: PhaseNoticeProps) {
  // Not suspended: the page is drawn without the banner while its texts load.
  const { t: ts, ready } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const refusal = variant === 'refusal';
  const { current, next } = moment;
  const target = countdownTarget(moment, until);
  if (!ready || (!refusal && current === null && target === null)) {
    return null;
  }
  const restricted = refusal || restrictsSale(current);
  const testId = refusal ? 'phase-refusal' : 'phase-banner';
  const title = current !== null ? ts('phases.current', { phase: phaseName(ts, current) }) : next !== null ? ts('phases.next', { phase: phaseName(ts, next) }) : null;
  // "TC,CC" -> "TC, CC"; none listed: every sector.
  const sectors = (current?.sectors ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .join(', ');
  return (
    <Alert
      severity={restricted ? 'warning' : 'info'}
      icon={<EventOutlinedIcon fontSize="inherit" />}
      // A refusal is news; the banner is part of the page, named for the landmarks' list.
      role={refusal ? 'alert' : 'region'}
      aria-label={refusal ? undefined : ts('phases.label')}
      data-testid={testId}
      data-phase={current?.kind ?? 'none'}
      action={action}
      sx={{ '& .MuiAlert-message': { display: 'grid', gap: 0.5 } }}
    >
      {refusal && (
        <AlertTitle sx={{ fontWeight: 700 }}>{ts('phases.onlyRights')}</AlertTitle>
      )}
      {title !== null && (
        <Typography variant={refusal ? 'body2' : 'subtitle1'} component="p" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      )}
      {current !== null && <Typography variant="body2">{ts(`phases.about.${current.kind}`)}</Typography>}
      {sectors !== '' && <Typography variant="body2">{ts('phases.sectors', { sectors })}</Typography>}
      {!refusal && restricted && rightsNote !== null && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {rightsNote ?? ts(current?.kind === 'change_of_seat' ? 'phases.onlyHolders' : 'phases.onlyRights')}
        </Typography>
      )}
      {target !== null && (
        <Box>
          {current !== null && next !== null && (
            <Typography variant="body2">{ts('phases.next', { phase: phaseName(ts, next) })}</Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ts(target.until === 'next' ? 'phases.startsIn' : 'phases.endsIn')}{' '}
            <PhaseCountdown
              deadline={Date.parse(target.at) - clockOffset(moment.now, receivedAt)}
              onPassed={onPassed}
              testId={refusal ? 'phase-refusal-countdown' : 'phase-countdown'}
            />
          </Typography>
        </Box>
      )}
    </Alert>
  );
}

interface PhaseCountdownProps {
  /** When the phase changes, on the phone's clock (epoch ms). */
  deadline: number;
  onPassed?: () => void;
  testId: string;
}

/** "2 giorni, 3 ore, 4 minuti e 5 secondi", ticking each second; tells once when it is over. */
function PhaseCountdown({ deadline, onPassed, testId }: PhaseCountdownProps) {
  const { t: ts } = useTranslation(SEASON_ORDER_NS, { useSuspense: false });
  const language = useUiLanguage();
  const secondsLeft = useCountdown(deadline, Number.POSITIVE_INFINITY);
  const passed = secondsLeft === 0;
  const pass = useEffectEvent(() => onPassed?.());
  useEffect(() => {
    if (passed) {
      pass();
    }
  }, [passed]);
  return (
    // A timer is not read out at each tick (`aria-live` off, as its role implies).
    <span role="timer" aria-live="off" data-testid={testId}>
      {passed ? ts('phases.momentarily') : formatDuration(ts, secondsLeft, language)}
    </span>
  );
}
