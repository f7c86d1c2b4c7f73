import Typography from '@mui/material/Typography';
import { useFieldValue, useLocaleState, useTranslate, type FieldProps } from 'react-admin';
import { formatRomeDateTime } from './romeDateTime';

/** A timestamp field shown in Europe/Rome time; `emptyText` (or nothing) when it is null. */
export function RomeDateTimeField(props: FieldProps) {
  const value: unknown = useFieldValue(props);
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (typeof value !== 'string' || value === '') {
    return props.emptyText ? (
      <Typography component="span" variant="body2">
        {translate(props.emptyText, { _: props.emptyText })}
      </Typography>
    ) : null;
  }
  return (
    <Typography component="span" variant="body2">
      <time dateTime={value}>{formatRomeDateTime(value, locale)}</time>
    </Typography>
  );
}
