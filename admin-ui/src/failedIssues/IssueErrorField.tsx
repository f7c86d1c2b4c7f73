import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate, type FieldProps, type RaRecord } from 'react-admin';
import { issueErrorText } from './refusals';

interface IssueErrorTextProps {
  /** The error as the API keeps it (`refused: TESSERA_RICHIESTA: ...`). */
  error: string | null | undefined;
  /** The ticketing system's refusal code, when the API gives it apart. */
  errorCode?: string | null;
  /** In a table: two lines of each, the whole on hover. */
  clamp?: boolean;
}

const clamped = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;

/**
 * Why issuing failed, in words ("Rifiutato dal sistema di biglietteria: serve una tessera del
 * tifoso valida."), and under it, smaller, the raw text as the API keeps it, for the technical
 * detail. An error we have no words for is shown as it came.
 */
export function IssueErrorText({ error, errorCode, clamp = false }: IssueErrorTextProps) {
  const translate = useTranslate();
  if ((error === null || error === undefined || error === '') && (errorCode === null || errorCode === undefined)) {
    return null;
  }
  const words = issueErrorText(translate, error, errorCode);
  const raw = error ?? errorCode ?? '';
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, maxWidth: clamp ? 320 : undefined }} title={clamp ? raw : undefined}>
      {words !== undefined && (
        <Typography component="span" variant="body2" color="error" sx={clamp ? clamped(2) : undefined} data-testid="issue-error-words">
          {words}
        </Typography>
      )}
      {raw !== '' && (
        <Typography
          component="span"
          variant={words === undefined ? 'body2' : 'caption'}
          color={words === undefined ? 'text.primary' : 'text.secondary'}
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', ...(clamp ? clamped(words === undefined ? 2 : 1) : { whiteSpace: 'pre-wrap' }) }}
        >
          {raw}
        </Typography>
      )}
    </Box>
  );
}

/** The `error` (and `error_code`, when given) of the failed issue or order in the record context. */
export function IssueErrorField(
  props: FieldProps<RaRecord & { error?: string | null; error_code?: string | null }> & { clamp?: boolean },
) {
  const record = useRecordContext(props);
  if (record === undefined) {
    return null;
  }
  return <IssueErrorText error={record.error} errorCode={record.error_code} clamp={props.clamp} />;
}
