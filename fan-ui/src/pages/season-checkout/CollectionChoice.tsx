import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { SEASON_ORDER_NS } from '../../i18n';

interface CollectionChoiceProps {
  index: number;
  collection: boolean;
  onChange: (collection: boolean) => void;
}

/**
 * A season seat's kind of title: one season card for every match, or a collection of one ticket
 * per match (the spec's isCollection). Saved with the holders.
 */
export function CollectionChoice({ index, collection, onChange }: CollectionChoiceProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SEASON_ORDER_NS);
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ typography: 'subtitle2' }}>
        {ts('checkout.kind.legend')}
        <VisuallyHidden>, {t('checkout.holders.forTicket', { index: index + 1 })}</VisuallyHidden>
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={`lines.${index}.collection`}
        value={collection ? 'collection' : 'season'}
        onChange={(event) => onChange(event.target.value === 'collection')}
        data-testid={`holder-${index}-kind`}
      >
        <FormControlLabel value="season" control={<Radio />} label={ts('checkout.kind.season')} />
        <FormControlLabel value="collection" control={<Radio />} label={ts('checkout.kind.collection')} />
      </RadioGroup>
    </FormControl>
  );
}
