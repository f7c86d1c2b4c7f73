/**
 * The shop's information pages (privacy, terms, cookies, contacts, help), one module per
 * language loaded only when such a page opens: long texts stay out of the first page's
 * JavaScript. Kept as data (paragraphs, lists, links) so that staff can later edit them in the
 * admin app and the API can serve the same shape.
 */
export const INFO_PAGES = ['privacy', 'terms', 'cookies', 'contacts', 'help'] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];

/** A paragraph, a bulleted list, or a link on its own line. */
export type InfoBlock = string | { list: string[] } | { label: string; href: string };

export interface InfoQuestion {
  question: string;
  answer: InfoBlock[];
}

export interface InfoSection {
  heading: string;
  body?: InfoBlock[];
  /** Questions and answers (the help page). */
  faq?: InfoQuestion[];
}

export interface InfoDocument {
  title: string;
  intro: string;
  /** YYYY-MM-DD: when the text last changed. */
  updated: string;
  sections: InfoSection[];
}

export type InfoContent = Record<InfoPageName, InfoDocument>;

/** Where fans write to the ticket office (one place, so staff change it once). */
export const TICKET_OFFICE_EMAIL = 'biglietteria@lario.test';
