import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslate } from 'react-admin';
import { useAutoRefresh } from './useAutoRefresh';

interface AutoRefreshSwitchProps {
  storeKey: string;
  defaultOn: boolean;
  /** Every how many milliseconds the page is read again while on. */
  intervalMs: number;
}

/** "Refresh every 10 s": turns a page's polling on and off. */
export function AutoRefreshSwitch({ storeKey, defaultOn, intervalMs }: AutoRefreshSwitchProps) {
  const translate = useTranslate();
  const [on, setOn] = useAutoRefresh(storeKey, defaultOn);
  return (
    <FormControlLabel
      control={<Switch size="small" checked={on} onChange={(event) => setOn(event.target.checked)} />}
      label={translate('app.auto_refresh', { seconds: Math.round(intervalMs / 1000) })}
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mr: 0, whiteSpace: 'nowrap' }}
    />
  );
}
