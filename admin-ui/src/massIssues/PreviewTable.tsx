import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../fields/money';
import { formatCalendarDate } from '../fields/romeDateTime';
import { StackedCell } from '../fields/StackedCell';
import { lineErrorText } from './lineErrors';
import { isIssuable } from './types';
import type { PreviewLine } from '../../../api-types';

const MASS = 'resources.mass-issues';

/** What the preview says of a line: valid, to be issued though its holder could not be checked, or wrong. */
type Verdict = 'valid' | 'unverified' | 'invalid';

function verdictOf(line: PreviewLine): Verdict {
  if (!isIssuable(line)) {
    return 'invalid';
  }
  return line.errors.length > 0 ? 'unverified' : 'valid';
}

const verdictLook = {
  valid: { color: 'success', variant: 'outlined', icon: <CheckCircleOutlinedIcon /> },
  unverified: { color: 'warning', variant: 'outlined', icon: <HelpOutlineOutlinedIcon /> },
  invalid: { color: 'error', variant: 'filled', icon: <ErrorOutlinedIcon /> },
} as const;

interface PreviewTableProps {
  lines: readonly PreviewLine[];
  /**
   * For typed lines: the table's line number of each line sent (blank lines are not sent), so
   * staff read the number they see in their table.
   */
  rows?: readonly number[];
  /** A season ticket's preview: the reasons said for season seats. */
  season?: boolean;
}

/**
 * Every line of the preview: the row, the seat and its sector, the holder, who receives the
 * ticket, the reduction and its price. A line that cannot be issued is tinted red with a red
 * "With errors" chip and each reason in words, the column named; it will not be sent.
 */
export function PreviewTable({ lines, rows, season = false }: PreviewTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const header = (key: string) => translate(`${MASS}.preview.columns.${key}`);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(`${MASS}.preview.title`)}>
        <TableHead>
          <TableRow>
            <TableCell align="right">{header('row')}</TableCell>
            <TableCell>{header('seat')}</TableCell>
            <TableCell>{header('holder')}</TableCell>
            <TableCell>{header('email')}</TableCell>
            <TableCell>{header('reduction')}</TableCell>
            <TableCell align="right">{header('price')}</TableCell>
            <TableCell>{header('outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => {
            const verdict = verdictOf(line);
            const { color, variant, icon } = verdictLook[verdict];
            const row = rows?.[line.row - 1] ?? line.row;
            const holder = [line.line.first_name, line.line.last_name].filter(Boolean).join(' ');
            return (
              <TableRow
                key={line.row}
                data-row={row}
                data-verdict={verdict}
                sx={
                  verdict === 'invalid'
                    ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06) }
                    : undefined
                }
              >
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}>
                  {row}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  <StackedCell secondary={line.sector_name ?? undefined}>
                    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {line.line.label || '—'}
                    </Typography>
                  </StackedCell>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', minWidth: 140, '& .MuiTypography-caption': { whiteSpace: 'nowrap' } }}>
                  <StackedCell secondary={line.line.birth_date ? formatCalendarDate(line.line.birth_date, locale) : undefined}>
                    <Typography component="span" variant="body2">
                      {holder || '—'}
                    </Typography>
                  </StackedCell>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere', minWidth: 180, maxWidth: 260 }}>
                  {line.line.email || '—'}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{line.line.reduction || '—'}</TableCell>
                <TableCell align="right" sx={{ verticalAlign: 'top', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {typeof line.price_cents === 'number' ? formatEuros(line.price_cents, locale) : '—'}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', minWidth: 260, maxWidth: 420 }}>
                  <Chip
                    size="small"
                    color={color}
                    variant={variant}
                    icon={icon}
                    label={translate(`${MASS}.preview.verdicts.${verdict}`)}
                  />
                  {line.errors.length > 0 && (
                    <Box
                      component="ul"
                      sx={{ m: 0, mt: 0.5, pl: 2.5, color: verdict === 'invalid' ? 'error.main' : 'warning.dark' }}
                    >
                      {line.errors.map((error) => (
                        <Typography component="li" variant="body2" key={`${error.field}:${error.code}`}>
                          {lineErrorText(translate, error, season)}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
