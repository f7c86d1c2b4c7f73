import { ApiError, NETWORK_ERROR } from '../api/client';
import type { PaymentView } from '../../../api-types';

/**
 * Paying in development (docs/api/checkout.md, "the payments simulator"): the card goes to the
 * simulator as Stripe.js would send it to Stripe, never through the Lario API, which only learns
 * the outcome from the provider (confirm, or the webhook).
 */

/** A card the rules below accepted. */
export interface Card {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** The PaymentIntent the simulator answers with (the fields the fan app reads). */
export interface SimulatorIntent {
  id: string;
  /** `succeeded`, `requires_payment_method` (declined), `requires_action` (3-D Secure), or Stripe's others. */
  status: string;
  last_payment_error: { code: string; message: string } | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
}

/** The simulator's test cards (the same as Stripe's), shown beside the card form. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0025 0000 3155', outcome: 'threeDSecure' },
] as const;

/**
 * `POST {simulator_url}/v1/payment_intents/{id}/confirm`, form-encoded with the publishable key
 * as Bearer. `returnUrl` is where a 3-D Secure challenge sends the browser back to.
 */
export async function confirmCardWithSimulator(intent: PaymentView, card: Card, returnUrl: string): Promise<SimulatorIntent> {
  const base = (intent.simulator_url ?? '').replace(/\/+$/, '');
  const body = formEncoded([
    ['client_secret', intent.client_secret],
    ['payment_method_data[type]', 'card'],
    ['payment_method_data[card][number]', card.number],
    ['payment_method_data[card][exp_month]', String(card.expMonth)],
    ['payment_method_data[card][exp_year]', String(card.expYear)],
    ['payment_method_data[card][cvc]', card.cvc],
    ['return_url', returnUrl],
  ]);
  let response: Response;
  try {
    response = await fetch(`${base}/v1/payment_intents/${encodeURIComponent(intent.payment_intent_id)}/confirm`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${intent.publishable_key}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
      // Another origin: the card goes there, the fan's Lario cookies never do.
      credentials: 'omit',
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if (response.status === 402) {
    // Stripe answers a declined card with 402 and an error body; read it as the intent it leaves.
    return { id: intent.payment_intent_id, status: 'requires_payment_method', last_payment_error: null, next_action: null };
  }
  if (!response.ok) {
    throw new ApiError(response.status, 'payments_unavailable', `The payments simulator answered ${response.status}`);
  }
  try {
    return (await response.json()) as SimulatorIntent;
  } catch {
    throw new ApiError(response.status, 'payments_unavailable', 'The payments simulator did not answer JSON');
  }
}

/**
 * `a=1&b[c]=2`: values percent-encoded, the brackets of the keys left as Stripe.js sends them
 * (a form decoder reads them either way).
 */
function formEncoded(pairs: [string, string][]): string {
  return pairs
    .map(([key, value]) => `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value)}`)
    .join('&');
}

/** What the fan typed in the card form. */
export interface CardDraft {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardDraft;
export type CardProblem = 'number_required' | 'number_invalid' | 'expiry_required' | 'expiry_invalid' | 'expiry_past' | 'cvc_invalid';
export type CardParse = { ok: true; value: Card } | { ok: false; problems: Partial<Record<CardField, CardProblem>> };

/** The card form read as a card: digits only, a Luhn-valid number, an expiry not yet past. */
export function parseCard(draft: CardDraft, now: Date = new Date()): CardParse {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const number = draft.number.replace(/[\s-]/g, '');
  if (number === '') {
    problems.number = 'number_required';
  } else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    problems.number = 'number_invalid';
  }
  // "12/28", "12/2028", or the digits alone as a phone's numeric keypad types them ("1228").
  const expiry =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(draft.expiry) ?? /^\s*(\d{2})(\d{2}|\d{4})\s*$/.exec(draft.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (draft.expiry.trim() === '') {
    problems.expiry = 'expiry_required';
  } else if (expiry === null) {
    problems.expiry = 'expiry_invalid';
  } else {
    expMonth = Number(expiry[1]);
    const year = expiry[2] ?? '';
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    if (expMonth < 1 || expMonth > 12) {
      problems.expiry = 'expiry_invalid';
    } else if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1) {
      problems.expiry = 'expiry_past';
    }
  }
  const cvc = draft.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) {
    problems.cvc = 'cvc_invalid';
  }
  if (Object.keys(problems).length > 0) {
    return { ok: false, problems };
  }
  return { ok: true, value: { number, expMonth, expYear, cvc } };
}

/**
 * The expiry field as the fan types it on a numeric keypad, which has no "/": digits only, the
 * "/" put in after the month ("12" -> "12/", "1228" -> "12/28"; "4" -> "04/", no month starts
 * with 4). While deleting (`typed` shorter than `previous`) no "/" is added back, so the fan can
 * erase through it.
 */
export function formatExpiryInput(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 6);
  const deleting = typed.length < previous.length;
  if (digits.length === 0) {
    return '';
  }
  if (digits.length === 1) {
    return !deleting && digits > '1' ? `0${digits}/` : digits;
  }
  if (digits.length === 2) {
    return deleting ? digits : `${digits}/`;
  }
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
