import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface LinkSentNoticeProps {
  email: string;
  onBack: () => void;
}

/** After asking for a sign-in link: where it went, how long it lasts, and a way back. */
export function LinkSentNotice({ email, onBack }: LinkSentNoticeProps) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center', py: 1 }}>
      <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
      <Typography variant="h6" component="h2">
        {t('signIn.link.sent')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('signIn.link.instructions', { email })}
      </Typography>
      <Button onClick={onBack}>{t('signIn.link.back')}</Button>
    </Box>
  );
}
