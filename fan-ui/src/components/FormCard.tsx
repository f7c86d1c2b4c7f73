import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent, type ReactNode } from 'react';

interface FormCardProps {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** Outlined for a form that is not the page's main one. */
  submitVariant?: 'contained' | 'outlined';
  pending: boolean;
  /** Why sending failed when no field says it, in the user's words; null when it did not. */
  failure: string | null;
  /** For end-to-end tests: the form's and its button's `data-testid`. */
  testId?: string;
  submitTestId?: string;
  /** The form itself named by the heading too (a `form` landmark), for a form among others on its page. */
  namedForm?: boolean;
  children: ReactNode;
}

/** A form in a card of its own, named by its heading: its fields, what went wrong, and its button. */
export function FormCard({
  title,
  onSubmit,
  submitLabel,
  submitVariant = 'contained',
  pending,
  failure,
  testId,
  submitTestId,
  namedForm = false,
  children,
}: FormCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={namedForm ? titleId : undefined}
        data-testid={testId}
        sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
        {failure !== null && <Alert severity="error">{failure}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant={submitVariant}
            size="large"
            loading={pending}
            data-testid={submitTestId}
            sx={{ minWidth: 160 }}
          >
            {submitLabel}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
