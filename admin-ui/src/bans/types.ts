import type {
  BanMirrorState,
  BanState as ApiBanState,
  EmailBan as ApiEmailBan,
  TitleBan as ApiTitleBan,
} from '../../../api-types';

// The API's shapes (docs/api/bans.md), from its OpenAPI document.

/** What is banned: an e-mail (`/api/admin/bans/emails`) or a title, by its fiscal seal (`/api/admin/bans/titles`). */
export type BanType = 'emails' | 'titles';

export const BAN_TYPES = ['titles', 'emails'] as const satisfies readonly BanType[];

/**
 * Where a ban is now: in force (active), not yet started (scheduled), past its end (expired), or
 * lifted by staff. What the API answers as `state`, and filters the list by.
 */
export const BAN_STATES = ['active', 'scheduled', 'expired', 'lifted'] as const satisfies readonly ApiBanState[];
export type BanState = ApiBanState;

/** The status as stored: 0 lifted, 1 active, 3 expired or scheduled (read `state` instead). */
export type BanStatus = 0 | 1 | 3;

/** The ticketing system's copy of a title's ban: being sent, recorded, or given up on. */
export const MIRROR_STATES = ['pending', 'done', 'failed'] as const satisfies readonly BanMirrorState[];
export type MirrorState = BanMirrorState;

/** A banned e-mail: it cannot sign in, buy, or receive a title passed on or resold. */
export type EmailBan = ApiEmailBan;

/**
 * A banned title (by its fiscal seal): it cannot be passed on, resold or downloaded as a wallet
 * pass. Mirrored to the ticketing system for the title's holder.
 */
export type TitleBan = ApiTitleBan;

export type Ban = EmailBan | TitleBan;

/** `POST /api/admin/bans/emails`: `start_at` left out means now. */
export interface NewEmailBanRequest {
  email: string;
  start_at?: string;
  end_at: string | null;
  reason: string;
}

/** `POST /api/admin/bans/titles`: `start_at` left out means now. */
export interface NewTitleBanRequest {
  seal: string;
  start_at?: string;
  end_at: string | null;
  reason: string;
}

/** `PUT /api/admin/bans/{type}/{id}`: new dates or reason. */
export interface BanChangeRequest {
  start_at: string;
  end_at: string | null;
  reason: string;
}

/** The most a reason may hold. */
export const MAX_REASON_LENGTH = 500;

/** The react-admin resource of a type: its data provider's URL is /api/admin/bans/{type}. */
export function banResource(type: BanType): `bans/${BanType}` {
  return `bans/${type}`;
}

/** The type of a ban resource (`bans/titles`, `bans/emails`); titles for anything else. */
export function banTypeOf(resource: string | undefined): BanType {
  return resource === 'bans/emails' ? 'emails' : 'titles';
}

/** The field that names what is banned: the e-mail, or the title's seal. */
export function subjectField(type: BanType): 'email' | 'seal' {
  return type === 'emails' ? 'email' : 'seal';
}

/** What a ban bars: its e-mail or its title's seal. */
export function banSubject(ban: Partial<Ban>): string {
  if ('seal' in ban && typeof ban.seal === 'string') {
    return ban.seal;
  }
  return 'email' in ban && typeof ban.email === 'string' ? ban.email : '';
}

/** Lifted: no more changes, and nothing to lift (the API answers 409 `ban_lifted`). */
export function isLifted(ban: Pick<Ban, 'state' | 'status'>): boolean {
  return ban.state === 'lifted' || ban.status === 0;
}

export function isBanState(state: string): state is BanState {
  return (BAN_STATES as readonly string[]).includes(state);
}

export function isMirrorState(state: string): state is MirrorState {
  return (MIRROR_STATES as readonly string[]).includes(state);
}
