import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SEAT_MAP } from '../seatMap/seatLook';
import type { LockOutcome } from '../../../api-types';

/**
 * What a lock or unlock did: how many seats changed, which were skipped and in what state (a
 * lock takes free seats only, an unlock frees locked seats only), and the labels nobody knows.
 */
export function LockResult({ locked, result }: { locked: boolean; result: LockOutcome }) {
  const translate = useTranslate();
  const clean = result.skipped.length === 0 && result.unknown.length === 0;
  return (
    <Alert severity={clean ? 'success' : 'warning'} data-testid="lock-result" data-changed={result.changed.length}>
      <AlertTitle>
        {translate(locked ? 'pages.seat_locks.result.locked' : 'pages.seat_locks.result.unlocked', {
          smart_count: result.changed.length,
        })}
      </AlertTitle>
      {result.skipped.length > 0 && (
        <Box data-testid="lock-skipped" sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('pages.seat_locks.result.skipped', { smart_count: result.skipped.length })}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
            {result.skipped.map((seat) => (
              <li key={seat.id}>
                <Typography variant="body2" component="span">
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {seat.label}
                  </Box>{' '}
                  — {translate(`${SEAT_MAP}.states.${seat.state}`, { _: seat.state })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {result.unknown.length > 0 && (
        <Box data-testid="lock-unknown" sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('pages.seat_locks.result.unknown', { smart_count: result.unknown.length })}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
            {result.unknown.join(', ')}
          </Typography>
        </Box>
      )}
    </Alert>
  );
}
