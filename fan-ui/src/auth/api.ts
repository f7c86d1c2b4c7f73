import { ApiError, apiSend } from '../api/client';
import type { Language } from '../i18n';
import type {
  CodeSent,
  Consents,
  Message,
  MessageView,
  PasswordSignInAnswer,
  ProfileUpdate,
  SignedIn,
  Updated,
} from '../../../api-types';

/** Where a password sign-in happens: the API admits only the right people to each area. */
export type SignInArea = 'fan' | 'admin' | 'corporate';

/** `POST /api/auth/code`: e-mails a six-digit code valid 120 s (and creates a new account). */
export function requestCode(email: string, language: Language, consent: Consents): Promise<CodeSent> {
  return apiSend<CodeSent>('POST', '/api/auth/code', { email, language, consent });
}

/** `POST /api/auth/code/verify`: signs in with the e-mailed code. */
export function verifyCode(email: string, code: string): Promise<SignedIn> {
  return apiSend<SignedIn>('POST', '/api/auth/code/verify', { email, code });
}

/** `POST /api/auth/link`: e-mails a single-use link to `/authorise/{token}`. */
export function requestLink(email: string, language: Language, consent: Consents): Promise<MessageView> {
  return apiSend<MessageView>('POST', '/api/auth/link', { email, language, consent });
}

/** `POST /api/auth/link/verify`: signs in with the token of an e-mailed link. */
export function verifyLink(token: string): Promise<SignedIn> {
  return apiSend<SignedIn>('POST', '/api/auth/link/verify', { token });
}

/** `POST /api/auth/password`. */
export async function signInWithPassword(email: string, password: string, area: SignInArea = 'fan'): Promise<SignedIn> {
  const answer = await apiSend<PasswordSignInAnswer>('POST', '/api/auth/password', { email, password, area });
  if ('user' in answer) {
    return answer;
  }
  // The API asks a second factor of staff alone, and only in the admin area: never this app's.
  throw new ApiError(403, 'staff_use_admin', 'Staff accounts sign in at /admin/login');
}

/** `POST /api/auth/password/forgot`: answers the same whether the account exists or not. */
export function forgotPassword(email: string, language: Language): Promise<MessageView> {
  return apiSend<MessageView>('POST', '/api/auth/password/forgot', { email, language });
}

/** `POST /api/auth/password/reset`: sets a new password with an e-mailed token, and signs in. */
export function resetPassword(token: string, password: string): Promise<SignedIn> {
  return apiSend<SignedIn>('POST', '/api/auth/password/reset', { token, password });
}

/** `POST /api/auth/logout`. */
export function logout(): Promise<void> {
  return apiSend<void>('POST', '/api/auth/logout');
}

/** `PUT /api/me`. */
export function updateProfile(update: ProfileUpdate): Promise<Updated> {
  return apiSend<Updated>('PUT', '/api/me', update);
}

/** `PUT /api/me/password`: the current password is needed only when there is one. */
export function updatePassword(newPassword: string, currentPassword?: string): Promise<Message> {
  return apiSend<Message>('PUT', '/api/me/password', {
    new_password: newPassword,
    ...(currentPassword === undefined ? {} : { current_password: currentPassword }),
  });
}

/**
 * Where Google sign-in starts: a full-page navigation, back to `returnTo` signed in. A new
 * account takes `language`, as with the e-mail code and link.
 */
export function googleSignInUrl(returnTo: string, language?: Language): string {
  const lang = language === undefined ? '' : `&language=${language}`;
  return `/api/auth/google/start?return_to=${encodeURIComponent(returnTo)}${lang}`;
}
