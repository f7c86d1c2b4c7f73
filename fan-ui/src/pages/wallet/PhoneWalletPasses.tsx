import AppleIcon from '@mui/icons-material/Apple';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { createSvgIcon } from '@mui/material/SvgIcon';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiGet } from '../../api/client';
import { apiErrorText } from '../../auth/errors';
import { useForgetEndedSession } from '../../auth/useSession';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { SEASON_ORDER_NS } from '../../i18n';
import type { PhonePasses } from '../../orders/wallet';
import type { GooglePass } from '../../../../api-types';
import { leaveForGoogleWallet } from './googleWallet';

interface PhoneWalletPassesProps {
  passes: PhonePasses;
  /** The match (or the season) it admits to: the end of each action's accessible name. */
  name: string;
  /** Names its test ids: `apple-pass-{testId}`, `google-pass-{testId}`, `pass-error-{testId}`. */
  testId: string | number;
  /** A season title: the words that differ are the keys' `_season` variants (i18next's context). */
  season?: boolean;
  /** In a list of a season's matches: text buttons, where the cards have outlined ones. */
  dense?: boolean;
}

/**
 * Google's "G", drawn as `@mui/icons-material/Google` draws it: a copy, since that icon shared with
 * the sign-in page would become a chunk of its own, one more name in the first page's code.
 */
const GoogleIcon = createSvgIcon(
  <path d="M12.545,10.239v3.821h5.445c-0.712,2.315-2.647,3.972-5.445,3.972c-3.332,0-6.033-2.701-6.033-6.032s2.701-6.032,6.033-6.032c1.498,0,2.866,0.549,3.921,1.453l2.814-2.814C17.503,2.988,15.139,2,12.545,2C7.021,2,2.543,6.477,2.543,12s4.478,10,10.002,10c8.396,0,10.249-7.85,9.426-11.748L12.545,10.239z" />,
  'Google',
);

/**
 * "Aggiungi a Apple Wallet" and "Aggiungi a Google Wallet", beside a valid title's PDF. Apple's is
 * a plain link to the `.pkpass` (no `download` attribute: the API already sends it as an
 * attachment, and Safari on an iPhone opens its type in Wallet); Google's reads the save link from
 * the API, then leaves for it (disabled meanwhile; a failure said under the buttons).
 */
export function PhoneWalletPasses({ passes, name, testId, season = false, dense = false }: PhoneWalletPassesProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const forgetEndedSession = useForgetEndedSession();
  const google = useMutation({
    mutationFn: () => apiGet<GooglePass>(passes.google),
    onSuccess: ({ save_url }) => leaveForGoogleWallet(save_url),
    onError: forgetEndedSession,
  });
  const context = season ? 'season' : undefined;
  const error = google.error;
  /** Why the save link could not be had, in the fan's words. */
  function failureText(failed: unknown): string {
    if (failed instanceof ApiError && failed.code === 'ticket_not_found') {
      return ts('wallet.passes.notFound', { context });
    }
    if (failed instanceof ApiError && failed.code === 'title_banned') {
      return ts('wallet.passes.banned', { context });
    }
    if (failed instanceof ApiError && (failed.status === 0 || failed.status === 401)) {
      return apiErrorText(t, failed);
    }
    return ts('wallet.passes.failed', { context });
  }
  const failure = error === null ? null : failureText(error);
  const variant = dense ? 'text' : 'outlined';
  const buttonSx = dense ? { px: 0.5 } : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', width: dense ? undefined : { xs: '100%', sm: 'auto' } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: dense ? 0 : 1 }}>
        <Button
          component="a"
          href={passes.apple}
          size="small"
          variant={variant}
          startIcon={<AppleIcon />}
          data-testid={`apple-pass-${testId}`}
          sx={buttonSx}
        >
          {ts('wallet.passes.apple')}
          <VisuallyHidden>: {name}</VisuallyHidden>
        </Button>
        <Button
          size="small"
          variant={variant}
          startIcon={<GoogleIcon />}
          loading={google.isPending}
          loadingPosition="start"
          onClick={() => google.mutate()}
          data-testid={`google-pass-${testId}`}
          sx={buttonSx}
        >
          {ts('wallet.passes.google')}
          <VisuallyHidden>: {name}</VisuallyHidden>
        </Button>
      </Box>
      {failure !== null && (
        <Alert severity="error" data-testid={`pass-error-${testId}`} sx={{ py: 0 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
