import { simUrl } from './env.ts';

/** An attachment of a message, as the simulator lists it (its content is not in the list). */
export interface SimAttachment {
  filename: string;
  content_type: string;
  size: number;
}

/** A message the mail simulator received, as `GET /_sim/mail/messages` lists it. */
export interface SimMessage {
  id: number;
  to: string[];
  subject: string;
  text: string;
  attachments: SimAttachment[];
}

/** The messages the simulator received for one address, oldest first. */
export async function simMessagesTo(address: string): Promise<SimMessage[]> {
  const response = await fetch(`${simUrl()}/_sim/mail/messages?to=${encodeURIComponent(address)}`);
  if (response.status !== 200) {
    throw new Error(`The mail simulator answered ${response.status} for ${address}`);
  }
  return (await response.json()) as SimMessage[];
}

/**
 * Waits for the worker to deliver a new message to `address` (one past the `seen` already
 * there) and returns the latest; the worker picks mail jobs up within a few seconds.
 */
export async function waitForMessage(address: string, seen = 0, timeoutMs = 30_000): Promise<SimMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await simMessagesTo(address);
    const latest = messages.at(-1);
    if (messages.length > seen && latest !== undefined) {
      return latest;
    }
    if (Date.now() > deadline) {
      throw new Error(`No new message for ${address} within ${timeoutMs} ms (had ${messages.length})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The six-digit sign-in code in a message's text. */
export function signInCodeIn(message: SimMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (code === undefined) {
    throw new Error(`No six-digit code in: ${message.text}`);
  }
  return code;
}

/** The path (from /authorise/ on) of the sign-in link in a message's text. */
export function signInLinkPathIn(message: SimMessage): string {
  const link = /https?:\/\/\S+?(\/authorise\/[^\s"<>]+)/.exec(message.text)?.[1];
  if (link === undefined) {
    throw new Error(`No sign-in link in: ${message.text}`);
  }
  return link;
}
