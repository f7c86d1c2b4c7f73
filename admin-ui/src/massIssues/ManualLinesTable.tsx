import AddCircleOutlineOutlinedIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { useSeasonTicketDetail } from '../api/seasonTickets';
import { DOCUMENT_TYPES, SEXES, type DocumentType } from '../orders/types';
import { reductionCodeChoices, type ManualLine } from './massIssueRequest';
import { LINE_FIELDS, type LineField } from './types';
import { SHRINKABLE } from '../layout/grid';
import type { Price } from '../../../api-types';

const MASS = 'resources.mass-issues';

/** How wide each column's input is, so the table reads the same whatever is typed. */
const WIDTHS: Record<LineField, number> = {
  label: 150,
  first_name: 130,
  last_name: 130,
  birth_date: 150,
  birth_place: 130,
  sex: 140,
  document_type: 200,
  document_number: 140,
  email: 220,
  reduction: 170,
};

/**
 * Whose reductions a line may name: the default prices' for a fixture, the season ticket's own
 * (the reductions sold with it) for a season ticket, once chosen.
 */
export type ReductionsOf = { target: 'fixture' } | { target: 'season'; seasonTicketId: Identifier | undefined };

interface ManualLinesTableProps {
  lines: readonly ManualLine[];
  onChange: (key: number, change: Partial<Omit<ManualLine, 'key'>>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
  disabled?: boolean;
  /** The default prices' reductions when absent. */
  reductionsOf?: ReductionsOf;
}

/** The reductions staff may choose on a line, for a fixture or for a season ticket. */
function useReductionChoices(reductionsOf: ReductionsOf) {
  const season = reductionsOf.target === 'season';
  const { data: prices = [] } = useGetList<Price>(
    'prices',
    { sort: { field: 'sector_code', order: 'ASC' }, pagination: { page: 1, perPage: 1000 } },
    { enabled: !season },
  );
  const { data: detail } = useSeasonTicketDetail(season ? reductionsOf.seasonTicketId : undefined);
  return reductionCodeChoices(season ? (detail?.prices ?? []) : prices);
}

/**
 * The manual mode: one row per seat, its holder and who receives the ticket, with the sheet's
 * columns. Each input is named by its column and line ("Nome, riga 2") for screen readers; the
 * table scrolls sideways inside its card rather than widening the page.
 */
export function ManualLinesTable({
  lines,
  onChange,
  onAdd,
  onRemove,
  disabled = false,
  reductionsOf = { target: 'fixture' },
}: ManualLinesTableProps) {
  const translate = useTranslate();
  const reductions = useReductionChoices(reductionsOf);
  const column = (field: LineField) => translate(`${MASS}.line_fields.${field}`);
  const nameOf = (field: LineField, number: number) => translate(`${MASS}.manual.cell`, { field: column(field), number });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: SHRINKABLE, gap: 1, minWidth: 0 }}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${MASS}.manual.title`)}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              {LINE_FIELDS.map((field) => (
                <TableCell key={field} sx={{ minWidth: WIDTHS[field], whiteSpace: 'nowrap' }}>
                  {column(field)}
                </TableCell>
              ))}
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => {
              const number = index + 1;
              const text = (field: 'label' | 'first_name' | 'last_name' | 'birth_place' | 'document_number' | 'email') => (
                <TableCell key={field}>
                  <TextField
                    value={line[field]}
                    onChange={(event) => onChange(line.key, { [field]: event.target.value })}
                    size="small"
                    fullWidth
                    disabled={disabled}
                    type={field === 'email' ? 'email' : 'text'}
                    slotProps={{
                      htmlInput: {
                        'aria-label': nameOf(field, number),
                        autoComplete: 'off',
                        spellCheck: false,
                        ...(field === 'label' ? { autoCapitalize: 'characters' } : {}),
                      },
                    }}
                  />
                </TableCell>
              );
              return (
                <TableRow key={line.key} data-testid={`manual-line-${number}`}>
                  <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>{number}</TableCell>
                  {text('label')}
                  {text('first_name')}
                  {text('last_name')}
                  <TableCell>
                    <TextField
                      type="date"
                      value={line.birth_date}
                      onChange={(event) => onChange(line.key, { birth_date: event.target.value })}
                      size="small"
                      fullWidth
                      disabled={disabled}
                      slotProps={{ htmlInput: { 'aria-label': nameOf('birth_date', number) } }}
                    />
                  </TableCell>
                  {text('birth_place')}
                  <TableCell>
                    <TextField
                      select
                      value={line.sex}
                      onChange={(event) => onChange(line.key, { sex: event.target.value as ManualLine['sex'] })}
                      size="small"
                      fullWidth
                      disabled={disabled}
                      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': nameOf('sex', number) } }}
                    >
                      <option value="">{translate(`${MASS}.manual.sex_none`)}</option>
                      {SEXES.map((sex) => (
                        <option key={sex} value={sex}>
                          {sex}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      value={line.document_type}
                      onChange={(event) => onChange(line.key, { document_type: event.target.value as DocumentType })}
                      size="small"
                      fullWidth
                      disabled={disabled}
                      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': nameOf('document_type', number) } }}
                    >
                      {DOCUMENT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {translate(`resources.orders.sale.document_types.${type}`)}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                  {text('document_number')}
                  {text('email')}
                  <TableCell>
                    <TextField
                      select
                      value={line.reduction}
                      onChange={(event) => onChange(line.key, { reduction: event.target.value })}
                      size="small"
                      fullWidth
                      disabled={disabled}
                      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': nameOf('reduction', number) } }}
                    >
                      {reductions.map((reduction) => (
                        <option key={reduction.code} value={reduction.code}>
                          {reduction.name === reduction.code ? reduction.code : `${reduction.name} (${reduction.code})`}
                        </option>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <RemoveLineButton
                      label={translate(`${MASS}.manual.remove_line`, { number })}
                      disabled={disabled || lines.length <= 1}
                      onClick={() => onRemove(line.key)}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box>
        <Button startIcon={<AddCircleOutlineOutlinedIcon />} onClick={onAdd} disabled={disabled}>
          {translate(`${MASS}.manual.add_line`)}
        </Button>
      </Box>
    </Box>
  );
}

function RemoveLineButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <IconButton aria-label={label} size="small" color="warning" disabled={disabled} onClick={onClick}>
          <RemoveCircleOutlineOutlinedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
