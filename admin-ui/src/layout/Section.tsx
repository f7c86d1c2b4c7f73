import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One part of a record's page (an order's payment, a user's orders): a card with its title as a
 * heading, which also names the region for screen readers.
 */
export function Section({
  title,
  children,
  action,
}: {
  /** A translation key. */
  title: string;
  children: ReactNode;
  /** Beside the title: a link to the whole list, say. */
  action?: ReactNode;
}) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography
          id={headingId}
          variant="h6"
          component="h2"
          gutterBottom
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <span>{translate(title)}</span>
          {action}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
