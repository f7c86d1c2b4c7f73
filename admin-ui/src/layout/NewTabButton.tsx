import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface NewTabButtonProps {
  href: string;
  icon: ReactNode;
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium';
  children: ReactNode;
}

/**
 * A link to an operator tool outside the admin app, as a button: it opens in a new tab, which
 * its icon shows and screen readers are told.
 */
export function NewTabButton({ href, icon, variant = 'contained', size, children }: NewTabButtonProps) {
  const translate = useTranslate();
  return (
    <Button
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant={variant}
      size={size}
      startIcon={icon}
      endIcon={<OpenInNewIcon fontSize="small" aria-hidden="true" />}
    >
      {children}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {translate('app.new_tab')}
      </Box>
    </Button>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
