import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  email,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useCreate,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { saleFailure } from './saleErrors';
import { SALE, type SaleDesk } from './saleDesk';
import { emptySaleLine } from './saleRequest';
import { BOX_OFFICE_PAYMENT_METHODS, SALE_LANGUAGES } from './types';

const paymentMethodChoices = BOX_OFFICE_PAYMENT_METHODS.map((method) => ({
  id: method,
  name: `resources.orders.payment_methods.${method}`,
}));
const languageChoices = SALE_LANGUAGES.map((language) => ({ id: language, name: `${SALE}.languages.${language}` }));

/** What every box-office sale sends, as far as the form's notification needs it. */
interface SaleBody {
  buyer_email: string;
  lines: readonly unknown[];
}

interface SaleFormProps<Values> {
  desk: SaleDesk;
  /** The request's body for the form's values, which its validators have passed. */
  request: (values: Values) => SaleBody;
  /** The input naming what is sold (the match picker, the season ticket select), first on the form. */
  subject: ReactNode;
  /** The lines' inputs, priced by what is sold (a `SaleLinesInput`). */
  lines: ReactNode;
}

/**
 * A sale at the box office, whatever it sells: what is sold (`subject`), the buyer's e-mail, how
 * they paid and the e-mail's language, then one line per seat (`lines`). Sent to the desk's
 * resource; once sold, staff are told how many seats went to whom and taken where the desk says
 * (the orders' list, the new order's page). The API takes the sale as paid and issues it like an
 * online order.
 */
export function SaleForm<Values extends FieldValues>({ desk, request, subject, lines }: SaleFormProps<Values>) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate(desk.resource, undefined, { returnPromise: true });

  // Our own submit rather than Create's: a 409's `errors` are details (seat ids, the limit),
  // which must become one message, not errors on fields the form does not have.
  const sell = async (values: FieldValues) => {
    const body = request(values as Values);
    let created: RaRecord;
    try {
      created = await create(desk.resource, { data: body });
    } catch (error) {
      const failure = saleFailure(error, desk);
      if (failure.kind === 'fields') {
        return failure.errors;
      }
      notify(failure.message, { type: 'error', messageArgs: failure.args });
      return undefined;
    }
    notify(`${desk.words}.sold`, {
      type: 'success',
      messageArgs: { smart_count: body.lines.length, email: body.buyer_email },
    });
    redirect(desk.redirect, desk.resource, created.id);
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
        {translate(`${desk.words}.intro`)}
      </Typography>
      {subject}
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
      {lines}
    </SimpleForm>
  );
}
