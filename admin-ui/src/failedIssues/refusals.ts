import type { TranslateFunction } from 'react-admin';

const TICKETING = 'app.ticketing';

/**
 * The refusal codes of the ticketing system (its answers' `code`, as the simulator in
 * sim/src/ticketing gives them): each has our words, `app.ticketing.refusals.{code}`.
 */
export const TICKETING_REFUSAL_CODES = [
  'POSTO_NON_DISPONIBILE',
  'PERSONA_BANNATA',
  'TITOLO_GIA_EMESSO_PER_UTILIZZATORE',
  'LIMITE_ACQUIRENTE',
  'TESSERA_RICHIESTA',
  'RIDUZIONE_NON_AMMESSA',
  'PRELAZIONE_NON_SPETTANTE',
  'TITOLO_NON_CEDIBILE',
  'EVENTO_NON_IN_VENDITA',
  'EVENTO_SCONOSCIUTO',
  'EVENTO_NON_VALIDO',
  'POSTO_SCONOSCIUTO',
  'TITOLO_SCONOSCIUTO',
  'TITOLO_GIA_UTILIZZATO',
  'TITOLO_ANNULLATO',
  'TITOLO_NON_ANNULLABILE',
  'TITOLO_CEDUTO',
  'TIPO_ABBONAMENTO_SCONOSCIUTO',
  'TESSERA_SCONOSCIUTA',
  'TESSERA_NON_EMETTIBILE',
  'TESSERA_GIA_PRESENTE',
  'SIGILLO_SCONOSCIUTO',
  'BAN_SCONOSCIUTO',
  'PERSONA_NON_IN_BLACKLIST',
  'IMMAGINE_NON_VALIDA',
  'RICHIESTA_NON_VALIDA',
  'ERRORE_TEMPORANEO',
  'TOKEN_SCADUTO',
  'CREDENZIALI_NON_VALIDE',
] as const;
export type TicketingRefusalCode = (typeof TICKETING_REFUSAL_CODES)[number];

export function isTicketingRefusalCode(value: unknown): value is TicketingRefusalCode {
  return typeof value === 'string' && (TICKETING_REFUSAL_CODES as readonly string[]).includes(value);
}

/**
 * The API's own codes for a refusal it predicts before anyone pays (workflows' eligibility
 * check), each the ticketing system's refusal it stands for: said in the same words.
 */
const PREDICTED: Readonly<Record<string, TicketingRefusalCode>> = {
  not_on_sale: 'EVENTO_NON_IN_VENDITA',
  reduction_not_allowed: 'RIDUZIONE_NON_AMMESSA',
  banned: 'PERSONA_BANNATA',
  has_title: 'TITOLO_GIA_EMESSO_PER_UTILIZZATORE',
  buyer_limit: 'LIMITE_ACQUIRENTE',
  card_required: 'TESSERA_RICHIESTA',
};

/** A vendor's code: upper case words joined by underscores. */
const CODE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';
const BARE_CODE = new RegExp(`^${CODE}$`);
/** `refused: CODE: message` (a job's error), or `refused:CODE` (a refund's reason). */
const REFUSED = new RegExp(`refused:\\s*(${CODE})`);

/**
 * The ticketing system's refusal code in an error or reason: the `error_code` field when the API
 * gives one, else the code in texts like `refused: TESSERA_RICHIESTA: message` (a job's last
 * error, wherever it is wrapped), `refused:TESSERA_RICHIESTA` (a refund's reason), a bare code,
 * or one of the API's predicted refusals (`card_required`). Undefined when it is no refusal.
 */
export function refusalCodeOf(text: string | null | undefined, errorCode?: string | null): string | undefined {
  if (typeof errorCode === 'string' && errorCode.trim() !== '') {
    return errorCode.trim();
  }
  if (typeof text !== 'string') {
    return undefined;
  }
  const trimmed = text.trim();
  const predicted = PREDICTED[trimmed];
  if (predicted !== undefined) {
    return predicted;
  }
  if (BARE_CODE.test(trimmed)) {
    return trimmed;
  }
  return REFUSED.exec(trimmed)?.[1];
}

/** The other ways issuing fails, as the API's ticketing client words its errors. */
const FAILURES: readonly (readonly [RegExp, string])[] = [
  [/temporarily unavailable:/, 'unavailable'],
  [/no answer:/, 'no_answer'],
  [/malformed answer:/, 'malformed'],
];

/** What a refusal code means, as a clause: our words for a known code, the code itself otherwise. */
export function refusalReason(translate: TranslateFunction, code: string): string {
  return isTicketingRefusalCode(code) ? translate(`${TICKETING}.refusals.${code}`) : code;
}

/**
 * An issuing error or refusal in the staff member's words: "Rifiutato dal sistema di
 * biglietteria: serve una tessera del tifoso valida." for a refusal (an unknown code named as
 * it is), the outage or silence of the ticketing system said as such. Undefined when the text is
 * none of these: it is then shown as it came.
 */
export function issueErrorText(
  translate: TranslateFunction,
  text: string | null | undefined,
  errorCode?: string | null,
): string | undefined {
  const code = refusalCodeOf(text, errorCode);
  if (code !== undefined) {
    return isTicketingRefusalCode(code)
      ? translate(`${TICKETING}.refused`, { reason: refusalReason(translate, code) })
      : translate(`${TICKETING}.refused_code`, { code });
  }
  if (typeof text !== 'string') {
    return undefined;
  }
  const failure = FAILURES.find(([pattern]) => pattern.test(text));
  return failure === undefined ? undefined : translate(`${TICKETING}.failures.${failure[1]}`);
}

/**
 * Why an order's money went back, in words: a failed issue staff refunded (`issue_failed`), or a
 * refusal of the ticketing system after payment (`refused:CODE`); any other reason as it is.
 */
export function refundReasonText(translate: TranslateFunction, reason: string): string {
  if (reason === 'issue_failed') {
    return translate('resources.orders.show.refund_reasons.issue_failed');
  }
  return (refusalCodeOf(reason) === undefined ? undefined : issueErrorText(translate, reason)) ?? reason;
}
