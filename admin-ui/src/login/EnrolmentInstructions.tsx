import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { groupedSecret } from '../auth/secondFactor';
import { copyText } from './copyText';

const TotpQrCode = lazy(() => import('./TotpQrCode'));

const QR_SIZE = 184;

interface EnrolmentInstructionsProps {
  secret: string;
  otpauthUrl: string;
}

/**
 * Setting up the authenticator app at a staff member's first sign-in: why, the QR code to scan,
 * and the secret to type by hand (in groups of four, copyable) when scanning is not possible.
 */
export function EnrolmentInstructions({ secret, otpauthUrl }: EnrolmentInstructionsProps) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const label = translate('pages.login.enroll.qr');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{translate('pages.login.enroll.intro')}</Typography>
      <Box sx={{ justifySelf: 'center', width: QR_SIZE, height: QR_SIZE, lineHeight: 0 }}>
        <Suspense fallback={<Skeleton variant="rectangular" width={QR_SIZE} height={QR_SIZE} />}>
          <TotpQrCode value={otpauthUrl} label={label} />
        </Suspense>
      </Box>
      <Typography variant="body2">
        {translate('pages.login.enroll.secret')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="code"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: '0.05em', overflowWrap: 'anywhere' }}
        >
          {groupedSecret(secret)}
        </Typography>
        <Button
          type="button"
          size="small"
          startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
          onClick={() => {
            void copyText(secret).then(setCopied);
          }}
        >
          {translate(copied ? 'pages.login.enroll.copied' : 'pages.login.enroll.copy_secret')}
        </Button>
      </Box>
    </Box>
  );
}
