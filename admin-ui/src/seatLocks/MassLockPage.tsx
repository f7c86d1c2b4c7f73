import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, useTranslate, type Identifier } from 'react-admin';
import { apiErrorMessageKey } from '../api/errors';
import { setSeatLocks } from '../api/seatLocks';
import { FixturePicker } from '../fixtures/FixturePicker';
import { BlockPicker } from '../seatMap/BlockPicker';
import { BlockSeats } from '../seatMap/BlockSeats';
import { blockSeatsKey } from '../seatMap/seatLook';
import { LockResult } from './LockResult';
import { lockRequest, parseSeatLabels } from './lockRequest';
import type { LockOutcome, SeatView } from '../../../api-types';

/**
 * Mass seat lock and unlock, at /admin/mass/mass_lock_unlock_seats: choose a fixture, pick seats
 * on a block's map or paste their labels, then lock or unlock them in one go and read what was
 * done. Locks are mirrored to the ticketing system by a job.
 */
export function MassLockPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [fixtureId, setFixtureId] = useState<Identifier | ''>('');
  const [blockId, setBlockId] = useState<Identifier | ''>('');
  const [picked, setPicked] = useState<ReadonlyMap<number, SeatView>>(new Map());
  const [labelsText, setLabelsText] = useState('');
  const [outcome, setOutcome] = useState<{ locked: boolean; result: LockOutcome } | null>(null);

  const labels = parseSeatLabels(labelsText);
  const canSend = fixtureId !== '' && (picked.size > 0 || labels.length > 0);

  const mutation = useMutation({
    mutationFn: ({ locked }: { locked: boolean }) =>
      setSeatLocks(fixtureId, lockRequest([...picked.values()], labels, locked)),
    onSuccess: (result, { locked }) => {
      setOutcome({ locked, result });
      setPicked(new Map());
      if (fixtureId !== '') {
        void queryClient.invalidateQueries({ queryKey: blockSeatsKey(fixtureId) });
      }
    },
    onError: (error) => notify(apiErrorMessageKey(error, 'pages.seat_locks.failed'), { type: 'error' }),
  });

  const chooseFixture = (id: Identifier | '') => {
    setFixtureId(id);
    setPicked(new Map());
    setOutcome(null);
  };
  const chooseBlock = (id: Identifier | '') => {
    setBlockId(id);
    setPicked(new Map());
  };
  const toggle = (seat: SeatView) =>
    setPicked((current) => {
      const next = new Map(current);
      if (!next.delete(seat.id)) {
        next.set(seat.id, seat);
      }
      return next;
    });

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title="pages.seat_locks.title" />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('pages.seat_locks.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('pages.seat_locks.subtitle')}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FixturePicker label={translate('pages.seat_locks.fixture')} value={fixtureId} onChange={chooseFixture} />
          <BlockPicker value={blockId} onChange={chooseBlock} />
        </CardContent>
      </Card>
      {fixtureId !== '' && blockId !== '' && (
        <Card>
          <CardContent>
            <BlockSeats
              fixtureId={fixtureId}
              blockId={blockId}
              isPicked={(seat) => picked.has(seat.id)}
              onToggle={toggle}
            />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label={translate('pages.seat_locks.labels')}
            helperText={translate('pages.seat_locks.labels_help')}
            value={labelsText}
            onChange={(event) => setLabelsText(event.target.value)}
            multiline
            minRows={3}
            maxRows={12}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'labels-input', spellCheck: false } }}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {translate('pages.seat_locks.picked', { smart_count: picked.size })} ·{' '}
            {translate('pages.seat_locks.pasted', { smart_count: labels.length })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              variant="contained"
              color="error"
              startIcon={<LockOutlinedIcon />}
              disabled={!canSend || mutation.isPending}
              onClick={() => mutation.mutate({ locked: true })}
              data-testid="lock-button"
            >
              {translate('pages.seat_locks.lock')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<LockOpenOutlinedIcon />}
              disabled={!canSend || mutation.isPending}
              onClick={() => mutation.mutate({ locked: false })}
              data-testid="unlock-button"
            >
              {translate('pages.seat_locks.unlock')}
            </Button>
            <Button onClick={() => setPicked(new Map())} disabled={picked.size === 0 || mutation.isPending}>
              {translate('pages.seat_locks.clear_selection')}
            </Button>
          </Box>
          {fixtureId === '' && (
            <Typography variant="body2" color="text.secondary">
              {translate('pages.seat_locks.choose_fixture_first')}
            </Typography>
          )}
          {outcome !== null && <LockResult locked={outcome.locked} result={outcome.result} />}
        </CardContent>
      </Card>
    </Box>
  );
}
