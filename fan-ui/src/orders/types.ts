/**
 * The holder form's choices (the API's shapes, holders included, are its types from api-types/;
 * it takes these fields as plain strings).
 */

/** The document types a holder may be named with (the holder form's choices). */
export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A holder's sex as the ticketing system records it; optional, but the women's fare needs `F`. */
export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];
