import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { LazyBanCreate, LazyBanEdit, LazyBanShow } from '../lazyPages';

/**
 * The bans of titles and of e-mails (the spec's banned_titles and banned_emails): the resources
 * `bans/titles` and `bans/emails` (their API at /api/admin/bans/{type}). Their lists live at the
 * spec's /admin/ban/titles (also /admin/ban) and /admin/ban/emails (custom routes); each
 * resource's own list route leads there, while its routes serve a ban's page, form and a new
 * ban's. Every page loads on demand.
 */
const pages = {
  create: LazyBanCreate,
  edit: LazyBanEdit,
  show: LazyBanShow,
};

export const titleBans = {
  ...pages,
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.titleBans }),
};

export const emailBans = {
  ...pages,
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.emailBans }),
};
