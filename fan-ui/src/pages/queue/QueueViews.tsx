import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { LiveStatus } from '../../fixtures/useFixtureLive';
import { useCountdown } from '../../hooks/useCountdown';
import { QUEUE_NS } from '../../i18n';
import { useUiLanguage } from '../../i18n/useUiLanguage';
import type { OnSaleType } from '../../queue/room';
import { TURN_NAVIGATE_MS, type Announcement } from '../../queue/standing';
import type { AdmittedState } from '../../queue/useRoomEntry';
import {
  atWords,
  formatClock,
  formatCountdown,
  formatNumber,
  queueProgress,
  waitWords,
  type QueueT,
} from '../../queue/words';
import type { FanStanding } from '../../../../api-types';

/** Read by screen readers, never seen. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The page's one card, its state in `data-state` (`queue-state`) for tests and journeys. */
function StateCard({ state, children }: { state: string; children: ReactNode }) {
  return (
    <Card component="section" data-testid="queue-state" data-state={state}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>{children}</CardContent>
    </Card>
  );
}

/** A calm word (not an alarm: screen readers hear it when they reach it). */
export function QueueNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert severity="info" role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}

interface CountdownProps {
  /** Epoch ms. */
  deadline: number;
  label: string;
  testId: string;
  passedText: string;
  onPassed?: () => void;
}

/** "Apre tra 12:04", ticking; tells once when it is over. Not read out at each tick. */
function Countdown({ deadline, label, testId, passedText, onPassed }: CountdownProps) {
  const secondsLeft = useCountdown(deadline, Number.POSITIVE_INFINITY);
  const passed = secondsLeft === 0;
  const pass = useEffectEvent(() => onPassed?.());
  useEffect(() => {
    if (!passed) {
      return undefined;
    }
    pass();
    // Still here a while later (the server's clock behind the phone's): asked again.
    const timer = setInterval(() => pass(), 5_000);
    return () => clearInterval(timer);
  }, [passed]);
  return (
    <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
      {passed ? (
        <span data-testid={testId} data-seconds={0}>
          {passedText}
        </span>
      ) : (
        <>
          {label}{' '}
          <Box
            component="span"
            role="timer"
            aria-live="off"
            data-testid={testId}
            data-seconds={secondsLeft}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {formatCountdown(secondsLeft)}
          </Box>
        </>
      )}
    </Typography>
  );
}

/** The room is scheduled: when its line opens, counted down; `onOpened` once it has. */
export function NotYetOpen({ at, onOpened }: { at: string; onOpened: () => void }) {
  const { t } = useTranslation(QUEUE_NS);
  const language = useUiLanguage();
  return (
    <StateCard state="scheduled">
      <Typography variant="h5" component="h2">
        {t('scheduled.title')}
      </Typography>
      <Typography variant="body1">{t('scheduled.body', { at: atWords(t, at, language) })}</Typography>
      <Countdown
        deadline={Date.parse(at)}
        label={t('scheduled.countdown')}
        testId="queue-opens-countdown"
        passedText={t('scheduled.momentarily')}
        onPassed={onOpened}
      />
    </StateCard>
  );
}

interface StandingViewProps {
  standing: FanStanding;
  startAhead: number | null;
  live: LiveStatus;
  /** Where the turn leads. */
  target: string;
  type: OnSaleType;
}

/** Where the fan stands: the pre-queue, their place in line (paused or not), or their turn. */
export function StandingView({ standing, startAhead, live, target, type }: StandingViewProps) {
  const { t } = useTranslation(QUEUE_NS);
  if (standing.turn) {
    return standing.admission ? (
      <TurnView standing={standing} expiresAt={standing.admission.expires_at} target={target} />
    ) : (
      <TurnOverView type={type} />
    );
  }
  const position = standing.position ?? null;
  return (
    <>
      {standing.state === 'paused' && (
        <Alert severity="info" role="status" icon={<PauseCircleOutlineIcon fontSize="inherit" />} data-testid="queue-paused">
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {t('paused.title')}
          </Typography>
          {t('paused.body')}
        </Alert>
      )}
      {position === null ? (
        <PrequeueView standing={standing} />
      ) : (
        <WaitingView standing={standing} position={position} startAhead={startAhead} />
      )}
      {live === 'interrupted' && <QueueNotice testId="queue-interrupted">{t('interrupted')}</QueueNotice>}
      <Typography variant="body2" color="text.secondary">
        {t('keepOpen')}
      </Typography>
    </>
  );
}

/** Before the opening: in the pre-queue, the shuffle explained, counted down to the opening. */
function PrequeueView({ standing }: { standing: FanStanding }) {
  const { t } = useTranslation(QUEUE_NS);
  const language = useUiLanguage();
  return (
    <StateCard state="prequeue">
      <Typography variant="h5" component="h2">
        {t('prequeue.title')}
      </Typography>
      <Typography variant="body1">{t('prequeue.body', { at: atWords(t, standing.opens_at, language) })}</Typography>
      <Countdown
        deadline={Date.parse(standing.opens_at)}
        label={t('prequeue.countdown')}
        testId="queue-prequeue-countdown"
        passedText={t('prequeue.assigning')}
      />
    </StateCard>
  );
}

interface WaitingViewProps {
  standing: FanStanding;
  position: number;
  startAhead: number | null;
}

/** In line: the place, how many are ahead, the estimated wait, and the fan's progress. */
function WaitingView({ standing, position, startAhead }: WaitingViewProps) {
  const { t } = useTranslation(QUEUE_NS);
  const language = useUiLanguage();
  const ahead = standing.ahead ?? 0;
  const progress = queueProgress(ahead, startAhead ?? ahead);
  const progressText = t('waiting.progressValue', { percent: progress });
  const waitSeconds = standing.estimated_wait_seconds ?? null;
  return (
    <StateCard state={standing.state === 'paused' ? 'paused' : 'waiting'}>
      <Typography variant="h5" component="h2">
        {t('waiting.title')}
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary" id="queue-position-label">
          {t('waiting.position')}
        </Typography>
        <Typography
          variant="h3"
          component="p"
          aria-labelledby="queue-position-label"
          data-testid="queue-position"
          data-value={position}
          sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatNumber(position, language)}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('waiting.ahead')}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid="queue-ahead" data-value={ahead}>
            {aheadWords(t, ahead, language)}
          </Typography>
        </Box>
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('waiting.estimate')}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid="queue-estimate" data-seconds={waitSeconds ?? ''}>
            {waitWords(t, waitSeconds)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        <Typography variant="body2" color="text.secondary" id="queue-progress-label">
          {t('waiting.progress')}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-labelledby="queue-progress-label"
          aria-valuetext={progressText}
          data-testid="queue-progress"
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography variant="body2">{progressText}</Typography>
      </Box>
    </StateCard>
  );
}

function aheadWords(t: QueueT, ahead: number, language: string): string {
  return ahead === 0 ? t('waiting.aheadNone') : t('waiting.aheadCount', { count: ahead, number: formatNumber(ahead, language) });
}

/** The turn: said (aloud, at once), then the seat map opens by itself; a button for the impatient. */
function TurnView({ standing, expiresAt, target }: { standing: FanStanding; expiresAt: string; target: string }) {
  const { t } = useTranslation(QUEUE_NS);
  const language = useUiLanguage();
  const navigate = useNavigate();
  const state: AdmittedState = { admittedTo: standing.room_id };
  const go = useEffectEvent(() => void navigate(target, { replace: true, state }));
  useEffect(() => {
    const timer = setTimeout(() => go(), TURN_NAVIGATE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <StateCard state="turn">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CelebrationOutlinedIcon color="success" fontSize="large" aria-hidden="true" />
        <Typography variant="h5" component="h2">
          {t('turn.title')}
        </Typography>
      </Box>
      <Typography variant="body1">{t('turn.body')}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="queue-admission-until">
        {t('turn.until', { time: formatClock(expiresAt, language) })}
      </Typography>
      <Button component={RouterLink} to={target} replace state={state} variant="contained" size="large" data-testid="queue-go">
        {t('turn.go')}
      </Button>
    </StateCard>
  );
}

/** The turn came and went (the admission expired, or the fan already bought and left). */
function TurnOverView({ type }: { type: OnSaleType }) {
  const { t } = useTranslation(QUEUE_NS);
  return (
    <StateCard state="turn-over">
      <Typography variant="h5" component="h2">
        {t('turnOver.title')}
      </Typography>
      <Typography variant="body1">{t('turnOver.body')}</Typography>
      <Button
        component={RouterLink}
        to={type === 'fixture' ? '/fixtures/all' : '/fixtures/season'}
        variant="outlined"
        sx={{ justifySelf: 'start' }}
      >
        {t('turnOver.back')}
      </Button>
    </StateCard>
  );
}

/**
 * The live regions: changes of place politely (when the reader pauses), the turn assertively.
 * Both are on the page before anything is said in them, or screen readers may miss the first.
 */
export function Announcer({ announcement }: { announcement: Announcement | null }) {
  const { t } = useTranslation(QUEUE_NS);
  const language = useUiLanguage();
  const text = announcement === null ? '' : announcementText(t, announcement, language);
  return (
    <>
      <Box sx={visuallyHidden} role="status" aria-live="polite" data-testid="queue-live-polite">
        {announcement?.politeness === 'polite' ? text : ''}
      </Box>
      <Box sx={visuallyHidden} aria-live="assertive" aria-atomic="true" data-testid="queue-live-assertive">
        {announcement?.politeness === 'assertive' ? text : ''}
      </Box>
    </>
  );
}

function announcementText(t: QueueT, { kind, standing }: Announcement, language: string): string {
  const ahead = standing.ahead ?? 0;
  const values = {
    position: formatNumber(standing.position ?? 0, language),
    ahead: aheadWords(t, ahead, language),
    wait: waitWords(t, standing.estimated_wait_seconds),
  };
  switch (kind) {
    case 'placed':
      return t('announce.placed', values);
    case 'progress':
      return t('announce.progress', values);
    case 'paused':
      return t('announce.paused');
    case 'resumed':
      return t('announce.resumed');
    case 'turn':
      return t('announce.turn');
  }
}
