import AddCircleOutlineOutlinedIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Button,
  FieldTitle,
  InputHelperText,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useInput,
  useLocaleState,
  useSimpleFormIterator,
  useSimpleFormIteratorItem,
  useSourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { holderRefusal } from './holderRules';
import { reductionChoices, type SalePrice } from './reductionChoices';
import { SALE, type SaleDesk } from './saleDesk';
import { emptySaleLine, seatLabelOf, seatLabelsIn } from './saleRequest';
import { DOCUMENT_TYPES, SEXES, type SaleDeskValues } from './types';

/** What a sale's lines are priced and checked by: the prices of what is sold, and the day that counts. */
export interface SalePricing {
  /** The prices of the match (the default prices) or of the season ticket chosen. */
  prices: readonly SalePrice[];
  isPending: boolean;
  /**
   * The day holders must qualify for their reductions on (`yyyy-mm-dd` in Italy): the match's, the
   * season ticket's first match's; undefined until it is chosen.
   */
  day: string | undefined;
  /** Said under each reduction while there is nothing to choose from yet (no season ticket chosen). */
  hint?: string;
}

interface LinesProps {
  desk: SaleDesk;
  pricing: SalePricing;
}

/** One seat per line: a second label typed on the same line would be lost. */
const oneSeatLabel =
  (words: string): Validator =>
  (value: unknown) =>
    seatLabelsIn(typeof value === 'string' ? value : '').length > 1 ? `${words}.errors.one_label` : undefined;

/** A seat can be sold once: the same label on two lines is a typing slip. */
const uniqueSeatLabel =
  (words: string): Validator =>
  (value: unknown, values: SaleDeskValues) => {
    const label = seatLabelOf(typeof value === 'string' ? value : '');
    const same = (values.lines ?? []).filter((line) => seatLabelOf(line.label) === label).length;
    return label !== '' && same > 1 ? `${words}.errors.duplicate_label` : undefined;
  };

const atLeastOneLine =
  (words: string): Validator =>
  (lines: unknown) =>
    Array.isArray(lines) && lines.length > 0 ? undefined : `${words}.errors.no_lines`;

/**
 * The sale's lines, at least one: a group of inputs per seat, each with its button to take it
 * away, and a button to add one.
 */
export function SaleLinesInput({ desk, pricing }: LinesProps) {
  return (
    <ArrayInput source="lines" label={`${SALE}.fields.lines`} validate={atLeastOneLine(desk.words)}>
      <SimpleFormIterator
        disableReordering
        disableClear
        disableRemove
        addButton={<AddLineButton words={desk.words} />}
        fullWidth
      >
        <SaleLineInputs desk={desk} pricing={pricing} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const documentTypeChoices = DOCUMENT_TYPES.map((type) => ({ id: type, name: `${SALE}.document_types.${type}` }));

/**
 * A line of the sale: the seat by its label, the reduction and the holder (the ticket is in
 * their name); at a season ticket's desk, whether the seat is a collection (one ticket per
 * covered match) rather than a season title. Each line is a group named "Ticket 1", "Ticket
 * 2"... ("Season ticket 1"...), so the repeated labels (first name, last name...) are told apart
 * by screen readers too.
 */
function SaleLineInputs({ desk, pricing }: LinesProps) {
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
          {translate(`${desk.words}.line`, { number })}
        </Typography>
        <RemoveLineButton number={number} words={desk.words} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 2 }}>
        <TextInput
          source="label"
          label={`${SALE}.fields.label`}
          helperText={`${SALE}.help.label`}
          validate={[required(), oneSeatLabel(desk.words), uniqueSeatLabel(desk.words)]}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        />
        <ReductionInput pricing={pricing} words={desk.words} />
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
      {desk.collections && <CollectionInput words={desk.words} />}
    </Box>
  );
}

/**
 * The reductions of what is sold (the default prices, box-office ones included; a season
 * ticket's own); once the line's seat label names a sector, with that sector's price each (those
 * it does not sell cannot be chosen).
 *
 * The holder must qualify on the day that counts, as the API checks before selling: the women's
 * reduction needs sex F, Under 14 and Over 65 the age on the match's day (a season ticket's first
 * match's, in Italy). Refused here, with our reason on this field, the sale is not sent.
 */
function ReductionInput({ pricing, words }: { pricing: SalePricing; words: string }) {
  const [locale] = useLocaleState();
  const { getSource } = useSourceContext();
  const { index } = useSimpleFormIteratorItem();
  const label: unknown = useWatch({ name: getSource('label') });
  const { prices, isPending, day, hint } = pricing;

  const qualifies: Validator = (value: unknown, values: SaleDeskValues) => {
    const rule = prices.find((price) => price.reduction_id === Number(value))?.rule;
    return holderRefusal(rule, values.lines?.[index]?.holder, day, `${words}.errors`);
  };
  useRecheckWhenHolderChanges(getSource('reduction_id'), day);

  return (
    <SelectInput
      source="reduction_id"
      label={`${SALE}.fields.reduction_id`}
      choices={reductionChoices(prices, seatLabelOf(typeof label === 'string' ? label : ''), locale)}
      translateChoice={false}
      isPending={isPending}
      helperText={prices.length === 0 && !isPending ? hint : undefined}
      validate={[required(), qualifies]}
    />
  );
}

/**
 * The form checks a field again only when it changes; a reduction refused for the holder's sex
 * or age is checked again as soon as the sex, the birth date or the day (the match, the season
 * ticket) changes, so the message goes once the holder qualifies.
 */
function useRecheckWhenHolderChanges(reductionSource: string, day: string | undefined) {
  const { getSource } = useSourceContext();
  const { trigger, getFieldState } = useFormContext();
  const sex: unknown = useWatch({ name: getSource('holder.sex') });
  const birthDate: unknown = useWatch({ name: getSource('holder.birth_date') });
  useEffect(() => {
    if (getFieldState(reductionSource).invalid) {
      void trigger(reductionSource);
    }
  }, [sex, birthDate, day, reductionSource, trigger, getFieldState]);
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

/**
 * Whether the seat is a collection, one ticket per covered match, rather than a season title: a
 * switch, off unless ticked, with its help or the ticketing system's refusal of a collection (a
 * match not on public sale yet) under it, read with it by screen readers. Our own rather than
 * react-admin's BooleanInput, which hands the switch a ref prop MUI no longer has.
 */
function CollectionInput({ words }: { words: string }) {
  const {
    field,
    fieldState: { error, invalid },
    id,
  } = useInput({ source: 'collection', defaultValue: false });
  const helperId = `${id}-helper-text`;
  return (
    <Box className="ra-input" sx={{ mb: 2 }}>
      <FormControlLabel
        label={<FieldTitle label={`${words}.fields.collection`} source="collection" />}
        control={
          <Switch
            id={id}
            name={field.name}
            checked={field.value === true}
            onChange={(_event, checked) => {
              field.onChange(checked);
              field.onBlur();
            }}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': helperId, 'aria-invalid': invalid } }}
          />
        }
      />
      <FormHelperText id={helperId} error={invalid} sx={{ mt: 0 }}>
        <InputHelperText error={error?.message} helperText={`${words}.help.collection`} />
      </FormHelperText>
    </Box>
  );
}

/** Takes the line away; the sale keeps at least one. */
function RemoveLineButton({ number, words }: { number: number; words: string }) {
  const translate = useTranslate();
  const { remove } = useSimpleFormIteratorItem();
  const { total } = useSimpleFormIterator();
  const label = translate(`${words}.remove_line`, { number });
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
function AddLineButton({ words }: { words: string }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={`${words}.add_line`} onClick={() => add(emptySaleLine())}>
      <AddCircleOutlineOutlinedIcon />
    </Button>
  );
}
