import AddCircleOutlineOutlinedIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Button,
  FieldTitle,
  InputHelperText,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useInput,
  useLocaleState,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
  useSourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { romeDateOf } from '../fields/romeDateTime';
import { useUpcomingFixtures } from '../fixtures/useUpcomingFixtures';
import { holderRefusal } from './holderRules';
import { reductionChoices } from './reductionChoices';
import { emptySaleLine, seatLabelOf, seatLabelsIn } from './saleRequest';
import { DOCUMENT_TYPES, SEXES, type SaleFormValues } from './types';
import type { Price } from '../../../api-types';

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
        <SexInput />
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
 *
 * The holder must qualify on the match day, as the API checks before selling: the women's
 * reduction needs sex F, Under 14 and Over 65 the age on the chosen match's day (in Italy).
 * Refused here, with our reason on this field, the sale is not sent.
 */
function ReductionInput() {
  const [locale] = useLocaleState();
  const { getSource } = useSourceContext();
  const { index } = useSimpleFormIteratorItem();
  const label: unknown = useWatch({ name: getSource('label') });
  const fixtureId: unknown = useWatch({ name: 'fixture_id' });
  const { data: prices = [], isPending } = useGetList<Price>('prices', {
    sort: { field: 'sector_code', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  // The picker's own query: the chosen fixture is among the upcoming ones it offers.
  const { data: fixtures = [] } = useUpcomingFixtures();
  const fixture = fixtures.find((candidate) => String(candidate.id) === String(fixtureId));
  const matchDay = fixture === undefined ? undefined : romeDateOf(fixture.starts_at);

  const qualifies: Validator = (value: unknown, values: SaleFormValues) => {
    const rule = prices.find((price) => price.reduction_id === Number(value))?.rule;
    return holderRefusal(rule, values.lines?.[index]?.holder, matchDay);
  };
  useRecheckWhenHolderChanges(getSource('reduction_id'), matchDay);

  return (
    <SelectInput
      source="reduction_id"
      label={`${SALE}.fields.reduction_id`}
      choices={reductionChoices(prices, seatLabelOf(typeof label === 'string' ? label : ''), locale)}
      translateChoice={false}
      isPending={isPending}
      validate={[required(), qualifies]}
    />
  );
}

/**
 * The form checks a field again only when it changes; a reduction refused for the holder's sex
 * or age is checked again as soon as the sex, the birth date or the match changes, so the
 * message goes once the holder qualifies.
 */
function useRecheckWhenHolderChanges(reductionSource: string, matchDay: string | undefined) {
  const { getSource } = useSourceContext();
  const { trigger, getFieldState } = useFormContext();
  const sex: unknown = useWatch({ name: getSource('holder.sex') });
  const birthDate: unknown = useWatch({ name: getSource('holder.birth_date') });
  useEffect(() => {
    if (getFieldState(reductionSource).invalid) {
      void trigger(reductionSource);
    }
  }, [sex, birthDate, matchDay, reductionSource, trigger, getFieldState]);
}

const sexChoices = [{ id: '', name: `${SALE}.sexes.none` }, ...SEXES.map((sex) => ({ id: sex, name: `${SALE}.sexes.${sex}` }))];

/**
 * The holder's sex: not given, M or F (the women's reduction needs F). A select of our own
 * rather than react-admin's, whose empty choice is named "clear value" for screen readers: here
 * "not given" is a choice like the others.
 */
function SexInput() {
  const translate = useTranslate();
  const {
    field,
    fieldState: { error, invalid },
    id,
  } = useInput({ source: 'holder.sex', defaultValue: '' });
  return (
    <TextField
      select
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={<FieldTitle label={`${SALE}.fields.sex`} source="holder.sex" />}
      error={invalid}
      helperText={<InputHelperText error={error?.message} helperText={`${SALE}.help.sex`} />}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      className="ra-input"
    >
      {sexChoices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {translate(choice.name)}
        </MenuItem>
      ))}
    </TextField>
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
