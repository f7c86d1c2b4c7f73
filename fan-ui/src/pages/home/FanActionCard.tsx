import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface FanActionCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

/** One of the home page's cards: something a fan comes to do, and where to do it. */
export function FanActionCard({ to, icon, title, description }: FanActionCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ height: '100%', display: 'flex', alignItems: 'center', gap: 2, p: 2 }}
      >
        <Box
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            width: 48,
            height: 48,
            borderRadius: 2,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
        <ChevronRightIcon aria-hidden="true" color="primary" />
      </CardActionArea>
    </Card>
  );
}
