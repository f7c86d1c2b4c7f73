import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

interface SkipToContentLinkProps {
  targetId: string;
}

/** Hidden until focused: lets keyboard users jump past the app bar. */
export function SkipToContentLink({ targetId }: SkipToContentLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
