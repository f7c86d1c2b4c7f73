import { ApiRequestError } from '../api/http';
import type { ClubSettings } from '../../../api-types';

const ERRORS = 'pages.club_settings.errors';

/** The settings that are whole numbers: the club's ids in the ticketing system, the points. */
export type NumberSetting = {
  [K in keyof ClubSettings]: ClubSettings[K] extends number ? K : never;
}[keyof ClubSettings];

/** The settings that are on or off. */
export type SwitchSetting = Exclude<keyof ClubSettings, NumberSetting>;

/**
 * Every setting with its name in the spec's configuration document (staff and the ticketing
 * system's people know them by it), in the page's order. Its keys are the PUT's body: no more,
 * no fewer (the API refuses either).
 */
export const SPEC_NAMES: Readonly<Record<keyof ClubSettings, string>> = {
  operator_id: 'operatorId',
  terminal_id: 'terminaleId',
  terminal_id_mobile: 'terminaleIdMobile',
  organizer_id: 'organizzatoreId',
  point_of_sale_id: 'puntovenditaId',
  point_of_sale_id_mobile: 'puntovenditaIdMobile',
  box_office_sales_point: 'salesPoint',
  title_email_attachments: 'titleEmailAttachments',
  points_per_euro: 'comoPointConversion',
  maintenance_mode: 'maintenanceMode',
};

/** The club's ids in the ticketing system, as the page groups them. */
export const TICKETING_IDS: readonly NumberSetting[] = [
  'operator_id',
  'terminal_id',
  'terminal_id_mobile',
  'organizer_id',
  'point_of_sale_id',
  'point_of_sale_id_mobile',
  'box_office_sales_point',
];

/** The largest id the API takes (ids are 1 to 999,999). */
export const MAX_ID = 999_999;

/** The most points per euro the API takes (1 to 100,000). */
export const MAX_POINTS_PER_EURO = 100_000;

/** Our words for a whole number out of a setting's range, as a translation key. */
function rangeMessage(setting: NumberSetting): string {
  return setting === 'points_per_euro' ? `${ERRORS}.points_range` : `${ERRORS}.id_range`;
}

function isSetting(field: string): field is keyof ClubSettings {
  return Object.hasOwn(SPEC_NAMES, field);
}

function isNumberSetting(field: keyof ClubSettings): field is NumberSetting {
  return field !== 'title_email_attachments' && field !== 'maintenance_mode';
}

/**
 * The validator of a whole number setting, with the API's range: checked before sending, so
 * staff read why at once (the API checks the same and its refusal shows in the same words).
 */
export function wholeNumberIn(setting: NumberSetting) {
  const max = setting === 'points_per_euro' ? MAX_POINTS_PER_EURO : MAX_ID;
  return (value: unknown): string | undefined => {
    if (value === null || value === undefined || value === '') {
      return 'ra.validation.required';
    }
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max
      ? undefined
      : rangeMessage(setting);
  };
}

/**
 * The form's values as `PUT /api/admin/settings`'s body: every setting and no other field (the
 * form may hold more, react-admin's own), the numbers as numbers.
 */
export function settingsBody(values: Readonly<Record<string, unknown>>): ClubSettings {
  return {
    operator_id: Number(values.operator_id),
    terminal_id: Number(values.terminal_id),
    terminal_id_mobile: Number(values.terminal_id_mobile),
    organizer_id: Number(values.organizer_id),
    point_of_sale_id: Number(values.point_of_sale_id),
    point_of_sale_id_mobile: Number(values.point_of_sale_id_mobile),
    box_office_sales_point: Number(values.box_office_sales_point),
    title_email_attachments: values.title_email_attachments === true,
    points_per_euro: Number(values.points_per_euro),
    maintenance_mode: values.maintenance_mode === true,
  };
}

/**
 * The API's refusal of the settings (422 `validation_failed`, `errors.{field}`) as the form's
 * errors, in our words (translation keys): `out_of_range` says the field's range, any other code
 * that the server refused the value. `undefined` when the failure names none of the settings
 * (it is notified instead).
 */
export function settingFieldErrors(error: unknown): Partial<Record<keyof ClubSettings, string>> | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 422) {
    return undefined;
  }
  const errors: Partial<Record<keyof ClubSettings, string>> = {};
  for (const [field, code] of Object.entries(error.fieldErrors)) {
    if (isSetting(field)) {
      errors[field] = code === 'out_of_range' && isNumberSetting(field) ? rangeMessage(field) : `${ERRORS}.refused`;
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
