import Box from '@mui/material/Box';
import { Edit, Labeled, SaveButton, SimpleForm, TextField, Toolbar, useNotify, useRedirect } from 'react-admin';
import { EuroInput } from '../fields/EuroInput';
import { PAGE_PATHS } from '../layout/paths';
import type { Price } from '../../../api-types';

/** One default price, typed in euros and sent in cents; 0 to 10,000 €. */
export function PriceEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Price>
      mutationMode="pessimistic"
      // The API reads the price only.
      transform={(price) => ({ price_cents: price.price_cents })}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.prices.notifications.saved', { type: 'success' });
          redirect(() => PAGE_PATHS.prices);
        },
      }}
    >
      {/* Saving only: the API has no delete (prices and blocks come from the ticketing system). */}
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
          <Labeled source="sector_name">
            <TextField source="sector_name" />
          </Labeled>
          <Labeled source="reduction_name">
            <TextField source="reduction_name" />
          </Labeled>
        </Box>
        <EuroInput source="price_cents" helperText="resources.prices.help.price" />
      </SimpleForm>
    </Edit>
  );
}
