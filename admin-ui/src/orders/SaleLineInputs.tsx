import AddCircleOutlineOutlinedIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Button,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useLocaleState,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
  useSourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { Price } from '../prices/types';
import { reductionChoices } from './reductionChoices';
import { emptySaleLine, seatLabelOf, seatLabelsIn } from './saleRequest';
import { DOCUMENT_TYPES, type SaleFormValues } from './types';

const SALE = 'resources.orders.sale';

/** One seat per line: a second label typed on the same line would be lost. */
const oneSeatLabel: Validator = (value: unknown) =>
  seatLabelsIn(typeof value === 'string' ? value : '').length > 1 ? `${SALE}.errors.one_label` : undefined;

/** A seat can be sold once: the same label on two lines is a typing slip. */
const uniqueSeatLabel: Validator = (value: unknown, values: SaleFormValues) => {
  const label = seatLabelOf(typeof value === 'string' ? value : '');
  const same = (values.lines ?? []).filter((line) => seatLabelOf(line.label) === label).length;
  return label !== '' && same > 1 ? `${SALE}.errors.duplicate_label` : undefined;
};

const documentTypeChoices = DOCUMENT_TYPES.map((type) => ({ id: type, name: `${SALE}.document_types.${type}` }));

/**
 * A line of the sale: the seat by its label, the reduction and the holder (the ticket is in
 * their name). Each line is a group named "Ticket 1", "Ticket 2"..., so the repeated labels
 * (first name, last name...) are told apart by screen readers too.
 */
export function SaleLineInputs() {
  const translate = useTranslate();
  const { index } = useSimpleFormIteratorItem();
  const legendId = useId();
  const number = index + 1;
  return (
    <Box
      role="group"
      aria-labelledby={legendId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, mb: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="span" id={legendId} variant="subtitle2">
          {translate(`${SALE}.line`, { number })}
        </Typography>
        <RemoveLineButton number={number} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 2 }}>
        <TextInput
          source="label"
          label={`${SALE}.fields.label`}
          helperText={`${SALE}.help.label`}
          validate={[required(), oneSeatLabel, uniqueSeatLabel]}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
        <ReductionInput />
        <TextInput
          source="holder.first_name"
          label={`${SALE}.fields.first_name`}
          validate={required()}
          autoComplete="off"
        />
        <TextInput source="holder.last_name" label={`${SALE}.fields.last_name`} validate={required()} autoComplete="off" />
        {/* A native date input, whose value is the API's yyyy-mm-dd (react-admin's DateInput
            still hands MUI a label prop MUI no longer has). */}
        <TextInput
          source="holder.birth_date"
          type="date"
          label={`${SALE}.fields.birth_date`}
          validate={required()}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextInput
          source="holder.birth_place"
          label={`${SALE}.fields.birth_place`}
          validate={required()}
          autoComplete="off"
        />
        <SelectInput
          source="holder.document_type"
          label={`${SALE}.fields.document_type`}
          choices={documentTypeChoices}
          validate={required()}
        />
        <TextInput
          source="holder.document_number"
          label={`${SALE}.fields.document_number`}
          validate={required()}
          autoComplete="off"
        />
      </Box>
    </Box>
  );
}

/**
 * The reductions of the default prices, box-office ones included; once the line's seat label
 * names a sector, with that sector's price each (those it does not sell cannot be chosen).
 */
function ReductionInput() {
  const [locale] = useLocaleState();
  const { getSource } = useSourceContext();
  const label: unknown = useWatch({ name: getSource('label') });
  const { data: prices = [], isPending } = useGetList<Price>('prices', {
    sort: { field: 'sector_code', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  return (
    <SelectInput
      source="reduction_id"
      label={`${SALE}.fields.reduction_id`}
      choices={reductionChoices(prices, seatLabelOf(typeof label === 'string' ? label : ''), locale)}
      translateChoice={false}
      isPending={isPending}
      validate={required()}
    />
  );
}

/** Takes the line away; the sale keeps at least one. */
function RemoveLineButton({ number }: { number: number }) {
  const translate = useTranslate();
  const { remove } = useSimpleFormIteratorItem();
  const { total } = useSimpleFormIterator();
  const label = translate(`${SALE}.remove_line`, { number });
  if (total <= 1) {
    return null;
  }
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} size="small" color="warning" onClick={() => remove()}>
        <RemoveCircleOutlineOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Adds an empty line, holder's document an identity card as most often. */
export function AddLineButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={`${SALE}.add_line`} onClick={() => add(emptySaleLine())}>
      <AddCircleOutlineOutlinedIcon />
    </Button>
  );
}
