import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';

/** Any record with a language e-mails are written in (an e-mail, a user, a corporate request). */
type WithLanguage = RaRecord & { language: string };

/** The e-mail's language by name in the staff member's language ("Inglese"), not its code. */
export function EmailLanguageField(props: FieldProps<WithLanguage>) {
  const record = useRecordContext<WithLanguage>(props);
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
