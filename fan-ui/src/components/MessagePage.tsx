import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface MessagePageProps {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
}

/** A page that only tells the fan one thing (not found, maintenance) and offers a way on. */
export function MessagePage({ icon, title, body, action }: MessagePageProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
      <Box
        aria-hidden="true"
        sx={{
          mx: 'auto',
          mb: 3,
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 4 }}>
        {body}
      </Typography>
      {action}
    </Container>
  );
}
