import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInPath } from '../auth/returnTo';

/**
 * For a page a visitor may read but not use: says why to sign in (`body`) and leads to the
 * sign-in page, which comes back here afterwards.
 */
export function SignInPrompt({ body }: { body: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Card component="section" data-testid="sign-in-prompt">
      <CardContent sx={{ display: 'grid', gap: 2, justifyItems: 'start', p: { xs: 2, sm: 3 } }}>
        <Typography variant="body1">{body}</Typography>
        <Button
          component={RouterLink}
          to={signInPath(`${location.pathname}${location.search}`)}
          variant="contained"
          startIcon={<LoginIcon />}
        >
          {t('signInPrompt.signIn')}
        </Button>
      </CardContent>
    </Card>
  );
}
