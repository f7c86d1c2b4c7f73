import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LinkBase, useBasename, useTranslate } from 'react-admin';
import { PAGE_PATHS } from '../layout/paths';

const TABS = 'resources.supporter-cards.tabs';

/** The two lists of supporter cards, as tabs. */
export type SupporterCardTab = 'applications' | 'linked';

const PAGES = [
  { tab: 'applications', path: PAGE_PATHS.cardApplications },
  { tab: 'linked', path: PAGE_PATHS.supporterCards },
] as const satisfies readonly { tab: SupporterCardTab; path: string }[];

/**
 * The spec's /admin/fidelity_card as two tabs, each a page of its own (a link): the club's own
 * cards, applied for by fans and issued by staff ("Richieste e tessere del club", at
 * /admin/fidelity_card/applications), and the ticketing system's cards fans linked to their
 * accounts ("Tessere collegate", at /admin/fidelity_card, where staff have always found them).
 * Both pages load on demand, with the tabs' strings (supporterCards/messages.ts).
 */
export function SupporterCardTabs({ current }: { current: SupporterCardTab }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Tabs value={current} aria-label={translate(`${TABS}.label`)} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {PAGES.map(({ tab, path }) => (
        <Tab
          key={tab}
          value={tab}
          label={translate(`${TABS}.${tab}`)}
          component={LinkBase}
          to={`${basename}${path}`}
          data-testid={`supporter-card-tab-${tab}`}
        />
      ))}
    </Tabs>
  );
}
