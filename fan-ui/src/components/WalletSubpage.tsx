import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface WalletSubpageProps {
  /** The link back to the wallet ("Torna al wallet"), in the page's words. */
  back: string;
  title: string;
  intro: string;
  children: ReactNode;
}

/** A page reached from the wallet (a change of holder, a refund): the way back, its heading and what it does, then its body. */
export function WalletSubpage({ back, title, intro, children }: WalletSubpageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box component="header" sx={{ display: 'grid', gap: 1 }}>
        <Link component={RouterLink} to="/wallet/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}>
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {back}
        </Link>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {intro}
        </Typography>
      </Box>
      {children}
    </Container>
  );
}
