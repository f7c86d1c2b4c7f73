import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import {
  ArrayInput,
  Create,
  email,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useCreate,
  useNotify,
  useRedirect,
  useTranslate,
  type Validator,
} from 'react-admin';
import { FixtureInput } from '../fixtures/FixtureInput';
import { FIXTURE_STATUS } from '../fixtures/types';
import { saleFailure } from './saleErrors';
import { AddLineButton, SaleLineInputs } from './SaleLineInputs';
import { emptySaleLine, saleRequest } from './saleRequest';
import { BOX_OFFICE_PAYMENT_METHODS, SALE_LANGUAGES, type SaleFormValues } from './types';
import type { Fixture } from '../../../api-types';

const SALE = 'resources.orders.sale';

const paymentMethodChoices = BOX_OFFICE_PAYMENT_METHODS.map((method) => ({
  id: method,
  name: `resources.orders.payment_methods.${method}`,
}));
const languageChoices = SALE_LANGUAGES.map((language) => ({ id: language, name: `${SALE}.languages.${language}` }));

const isOnSale = (fixture: Fixture) => fixture.status === FIXTURE_STATUS.onSale;

const atLeastOneLine: Validator = (lines: unknown) =>
  Array.isArray(lines) && lines.length > 0 ? undefined : `${SALE}.errors.no_lines`;

/**
 * The box-office sale, at /admin/orders/create: staff choose a fixture on sale, the buyer's
 * e-mail, how they paid and the e-mail's language, then one line per seat (its label, the
 * reduction, the holder). The API takes it as paid and issues the tickets like an online order.
 */
export function OrderCreate() {
  return (
    <Create title={`${SALE}.title`}>
      <SaleForm />
    </Create>
  );
}

function SaleForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate('orders', undefined, { returnPromise: true });

  // Our own submit rather than Create's: a 409's `errors` are details (seat ids, the limit),
  // which must become one message, not errors on fields the form does not have.
  const sell = async (values: FieldValues) => {
    const request = saleRequest(values as SaleFormValues);
    try {
      await create('orders', { data: request });
    } catch (error) {
      const failure = saleFailure(error);
      if (failure.kind === 'fields') {
        return failure.errors;
      }
      notify(failure.message, { type: 'error', messageArgs: failure.args });
      return undefined;
    }
    notify(`${SALE}.sold`, {
      type: 'success',
      messageArgs: { smart_count: request.lines.length, email: request.buyer_email },
    });
    redirect('list', 'orders');
    return undefined;
  };

  return (
    <SimpleForm
      onSubmit={sell}
      defaultValues={{ language: 'it', lines: [emptySaleLine()] }}
      toolbar={
        <Toolbar>
          <SaveButton label={`${SALE}.submit`} icon={<PointOfSaleOutlinedIcon />} />
        </Toolbar>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${SALE}.intro`)}
      </Typography>
      <FixtureInput
        source="fixture_id"
        label={`${SALE}.fields.fixture_id`}
        accept={isOnSale}
        emptyText={`${SALE}.no_fixture_on_sale`}
        validate={required()}
      />
      <TextInput
        source="buyer_email"
        type="email"
        label={`${SALE}.fields.buyer_email`}
        validate={[required(), email()]}
        autoComplete="off"
        sx={{ minWidth: { sm: 360 } }}
      />
      <SelectInput
        source="payment_method"
        label={`${SALE}.fields.payment_method`}
        choices={paymentMethodChoices}
        validate={required()}
        sx={{ minWidth: { sm: 360 } }}
      />
      <SelectInput
        source="language"
        label={`${SALE}.fields.language`}
        helperText={`${SALE}.help.language`}
        choices={languageChoices}
        validate={required()}
        sx={{ minWidth: { sm: 360 } }}
      />
      <ArrayInput source="lines" label={`${SALE}.fields.lines`} validate={atLeastOneLine}>
        <SimpleFormIterator disableReordering disableClear disableRemove addButton={<AddLineButton />} fullWidth>
          <SaleLineInputs />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
