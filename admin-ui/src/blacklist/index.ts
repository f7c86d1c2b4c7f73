import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { LazyBlacklistCreate, LazyBlacklistShow } from '../lazyPages';

/**
 * The club's blacklist (the spec's blacklist-list, -insert and -remove): the resource
 * `blacklist` (its API at /api/admin/blacklist). Its list lives at /admin/ban/blacklist, beside
 * the bans of titles and of e-mails (a custom route); the resource's own list route leads there,
 * while its routes serve an entry's page and a new entry's form. No edit: an entry is only added
 * and removed. Every page loads on demand.
 */
export const blacklist = {
  create: LazyBlacklistCreate,
  show: LazyBlacklistShow,
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.blacklist }),
};
