import { parseSeatLabels } from '../seatLocks/lockRequest';
import {
  isSex,
  type BoxOfficePaymentMethod,
  type DocumentType,
  type SaleDeskValues,
  type SaleFormValues,
  type SaleLineValues,
  type SeasonSaleFormValues,
} from './types';
import type { HolderDetails, SaleLine, SaleRequest, SeasonSaleRequest } from '../../../api-types';

/**
 * The seat label typed on a line, read as the mass lock page reads pasted labels (trimmed, any
 * separator dropped): `TC-TC1-1-1`. Empty when nothing was typed.
 */
export function seatLabelOf(text: string | null | undefined): string {
  return parseSeatLabels(text ?? '')[0] ?? '';
}

/** Every label typed on a line: more than one means two seats were typed where one belongs. */
export function seatLabelsIn(text: string | null | undefined): string[] {
  return parseSeatLabels(text ?? '');
}

const text = (value: string | null | undefined) => (value ?? '').trim();

function holderOf(holder: SaleLineValues['holder']): HolderDetails {
  const sex = holder?.sex;
  return {
    first_name: text(holder?.first_name),
    last_name: text(holder?.last_name),
    birth_date: text(holder?.birth_date),
    birth_place: text(holder?.birth_place),
    document_type: text(holder?.document_type) as DocumentType,
    document_number: text(holder?.document_number),
    // Not given (the empty choice) is null.
    sex: isSex(sex) ? sex : null,
  };
}

/** A line as the API takes it: the seat by its label (never by id), its reduction, its holder. */
function saleLineOf(line: SaleLineValues): SaleLine & { label: string; holder: HolderDetails } {
  return {
    label: seatLabelOf(line.label),
    reduction_id: Number(line.reduction_id),
    holder: holderOf(line.holder),
  };
}

/** What every box-office sale sends, whatever it sells: the buyer, the payment, the language, the lines. */
function deskRequest(values: SaleDeskValues) {
  return {
    buyer_email: text(values.buyer_email),
    payment_method: (values.payment_method ?? '') as BoxOfficePaymentMethod,
    language: values.language ?? 'it',
    lines: (values.lines ?? []).map(saleLineOf),
  };
}

/**
 * The body of `POST /api/admin/orders` for the sale form's values, which its validators have
 * already passed: seats by label (never by id), one holder per seat, texts trimmed. The server
 * checks everything again.
 */
export function saleRequest(values: SaleFormValues): SaleRequest {
  return {
    // The validators have made sure a fixture is chosen (a record's id, a number).
    fixture_id: Number(values.fixture_id),
    ...deskRequest(values),
  };
}

/**
 * The body of `POST /api/admin/season-orders` for the season sale form's values: as a match's
 * sale, for a season ticket, and each seat a season title or (ticked) a collection of one ticket
 * per covered match.
 */
export function seasonSaleRequest(values: SeasonSaleFormValues): SeasonSaleRequest {
  const { lines, ...desk } = deskRequest(values);
  return {
    season_ticket_id: Number(values.season_ticket_id),
    ...desk,
    lines: lines.map((line, index) => ({ ...line, collection: values.lines?.[index]?.collection === true })),
  };
}

/** A new, empty line of the form. */
export function emptySaleLine(): SaleLineValues {
  return {
    label: '',
    reduction_id: null,
    holder: {
      first_name: '',
      last_name: '',
      birth_date: null,
      birth_place: '',
      document_type: 'id_card',
      document_number: '',
      sex: '',
    },
  };
}
