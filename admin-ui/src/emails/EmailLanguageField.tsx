import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import type { Email } from './types';

/** The e-mail's language by name in the staff member's language ("Inglese"), not its code. */
export function EmailLanguageField(props: FieldProps<Email>) {
  const record = useRecordContext<Email>(props);
  const translate = useTranslate();
  if (record === undefined) {
    return null;
  }
  return (
    <Typography component="span" variant="body2">
      {translate(`resources.emails.language.${record.language}`, { _: record.language })}
    </Typography>
  );
}
