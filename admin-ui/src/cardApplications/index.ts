import { createElement } from 'react';
import { PAGE_PATHS } from '../layout/paths';
import { RedirectTo } from '../layout/RedirectTo';
import { LazyCardApplicationShow } from '../lazyPages';

/**
 * The club's supporter cards (spec: /admin/fidelity_card): the resource
 * `supporter-card-applications` (its API at /api/admin/supporter-card-applications), a fan's
 * application and, once issued, the card. Its list is the first tab of /admin/fidelity_card, at
 * /admin/fidelity_card/applications (a custom route); the resource's own list route leads there,
 * while its show route serves an application's page. Never edited: staff issue, reject, revoke
 * and re-check. Every page loads on demand.
 */
export const cardApplications = {
  show: LazyCardApplicationShow,
  list: () => createElement(RedirectTo, { path: PAGE_PATHS.cardApplications }),
};
