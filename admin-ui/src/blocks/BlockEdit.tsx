import Box from '@mui/material/Box';
import {
  BooleanInput,
  Edit,
  Labeled,
  NumberField,
  ReferenceField,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
} from 'react-admin';
import { PAGE_PATHS } from '../layout/paths';
import { blockChanges } from './types';
import type { Block } from '../../../api-types';

/**
 * A block's gate (printed on the ticket) and whether season tickets are sold in it; the rest
 * comes from the ticketing system and is shown read-only.
 */
export function BlockEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit<Block>
      mutationMode="pessimistic"
      transform={blockChanges}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.blocks.notifications.saved', { type: 'success' });
          redirect(() => PAGE_PATHS.blocks);
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
          <Labeled source="sector_code">
            <ReferenceField source="sector_code" reference="sectors" link="show" />
          </Labeled>
          <Labeled source="code">
            <TextField source="code" />
          </Labeled>
          <Labeled source="capacity">
            <NumberField source="capacity" />
          </Labeled>
          <Labeled source="rows">
            <NumberField source="rows" />
          </Labeled>
          <Labeled source="seats_per_row">
            <NumberField source="seats_per_row" />
          </Labeled>
        </Box>
        <TextInput source="gate" sx={{ minWidth: 320 }} fullWidth={false} />
        <BooleanInput source="season_sellable" helperText="resources.blocks.help.season_sellable" />
      </SimpleForm>
    </Edit>
  );
}
