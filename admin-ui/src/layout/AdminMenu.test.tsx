import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listRoute, renderAdminApp, STAFF_ME, stubFetch } from '../test/render';

const healthy = {
  status: 'ok',
  database: { ok: true },
  migrations: { ok: true, applied: 12, pending: 0 },
  jobs: { ok: true, pending: 0, running: 0, failed: 0, dead: 0 },
};

function adminApi() {
  return stubFetch({
    '/api/me': { body: STAFF_ME },
    '/api/health': { body: healthy },
    '/api/admin/system': { body: { job_board_url: 'http://127.0.0.1:8090/', sim_mailbox_url: null } },
    '/api/admin/fixtures': listRoute('fixtures', []),
    '/api/admin/season-tickets': listRoute('season-tickets', []),
    '/api/admin/prices': listRoute('prices', []),
    '/api/admin/sectors': listRoute('sectors', []),
    '/api/admin/issued-tickets': listRoute('issued-tickets', []),
    '/api/admin/failed-issues': listRoute('failed-issues', []),
    '/api/admin/season-orders': listRoute('season-orders', []),
    '/api/admin/season-backlog': listRoute('season-backlog', []),
    '/api/admin/orders': listRoute('orders', []),
    '/api/admin/mass-issues': listRoute('mass-issues', []),
    '/api/admin/mass-issue-lines': listRoute('mass-issue-lines', []),
    '/api/admin/job-queues': listRoute('job-queues', []),
    '/api/admin/jobs': listRoute('jobs', []),
    '/api/admin/exports': listRoute('exports', []),
    '/api/admin/mismatch-reports': listRoute('mismatch-reports', []),
    '/api/admin/service-calls': listRoute('service-calls', []),
    '/api/admin/payment-report': listRoute('payment-report', []),
    '/api/admin/corporate-requests': listRoute('corporate-requests', []),
    '/api/admin/supporter-cards': listRoute('supporter-cards', []),
    '/api/admin/holders-imports': listRoute('holders-imports', []),
    '/api/admin/season-holders': listRoute('season-holders', []),
    '/api/admin/renewal-codes': listRoute('renewal-codes', []),
    '/api/admin/renewal-mailings': listRoute('renewal-mailings', []),
    '/api/admin/waiting-rooms': listRoute('waiting-rooms', []),
    '/api/admin/resales': listRoute('resales', []),
    '/api/admin/bans/titles': listRoute('bans/titles', []),
    '/api/admin/bans/emails': listRoute('bans/emails', []),
    '/api/admin/blacklist': listRoute('blacklist', []),
    '/api/admin/settings': {
      body: {
        operator_id: 30,
        terminal_id: 51,
        terminal_id_mobile: 62,
        organizer_id: 2,
        point_of_sale_id: 2,
        point_of_sale_id_mobile: 4,
        box_office_sales_point: 1,
        title_email_attachments: true,
        points_per_euro: 100,
        maintenance_mode: false,
      },
    },
  });
}

/**
 * Opens the app in English and, in the menu, the page `entry` of the group `group` (whose title
 * must show); the menu, to look at the group's other entries.
 */
async function openInEnglish(group: string, entry: string) {
  adminApi();
  const user = userEvent.setup();
  renderAdminApp('/', { locale: 'en' });
  const menu = (await screen.findByRole('menuitem', { name: 'Sectors' })).closest('ul') as HTMLElement;
  expect(within(menu).getByText(group)).toBeInTheDocument();
  await user.click(within(menu).getByRole('menuitem', { name: entry }));
  return menu;
}

describe('the menu', () => {
  it('groups the pages by area and links to their paths under /admin', async () => {
    adminApi();
    renderAdminApp('/');

    const menu = (await screen.findByRole('menuitem', { name: 'Settori' })).closest('ul') as HTMLElement;
    // Each group's title, then its pages, in order.
    const entries = [...menu.children].map((item) => item.textContent?.trim());
    expect(entries).toEqual([
      'Cruscotto',
      'Stadio',
      'Settori',
      'Blocchi',
      'Prezzi predefiniti',
      'Stadio abbonamenti',
      'Partite',
      'Prossime partite',
      'Partite passate',
      'Abbonamenti',
      'Blocco posti',
      "Sale d'attesa",
      'Prelazione',
      'Fasi di vendita',
      'Importa titolari',
      'Titolari',
      'Codici di rinnovo',
      'Invio codici di rinnovo',
      'Biglietti',
      'Biglietti emessi',
      'Emissioni fallite',
      'Abbonamenti emessi',
      'Emissioni abbonamenti fallite',
      'Backlog abbonamenti',
      'Backlog abbonamenti per posto',
      'Ordini',
      'Cessioni',
      'Rivendite',
      'Limite cessioni abbonamento',
      'Richieste di rimborso',
      'Emissione massiva',
      'Emessi in massa',
      'Utenti e clienti',
      'Utenti',
      'Richieste aziendali',
      'Tessere del tifoso',
      'E-mail',
      'Ban titoli',
      'Blacklist',
      'Ban e-mail',
      'Report',
      'Esportazioni',
      'Consensi clienti',
      'Discrepanze biglietti',
      'Report pagamenti',
      'Registro servizi',
      'Stato dei servizi',
      'Lavori',
      'Code',
      'Tutti i lavori',
      'Sistema',
      'Configurazione',
    ]);
    const links: Record<string, string> = {
      Settori: '/admin/stadium/sectors',
      Blocchi: '/admin/stadium/blocks',
      'Prezzi predefiniti': '/admin/stadium/ticketprice',
      'Stadio abbonamenti': '/admin/stadium/season',
      'Prossime partite': '/admin/matchlist/upcoming',
      'Partite passate': '/admin/matchlist/past',
      Abbonamenti: '/admin/seasontickets',
      'Blocco posti': '/admin/mass/mass_lock_unlock_seats',
      "Sale d'attesa": '/admin/queue',
      'Fasi di vendita': '/admin/preemption/phases',
      'Importa titolari': '/admin/preemption/holders_import',
      Titolari: '/admin/preemption/season_holders',
      'Codici di rinnovo': '/admin/preemption/renewal_codes',
      'Invio codici di rinnovo': '/admin/preemption/renewal_mailings',
      'Biglietti emessi': '/admin/tickets/issuedtickets',
      'Emissioni fallite': '/admin/tickets/issuefailed',
      'Abbonamenti emessi': '/admin/tickets/seasonissued',
      'Emissioni abbonamenti fallite': '/admin/tickets/issuefailedseason',
      'Backlog abbonamenti': '/admin/tickets/season_backlog',
      'Backlog abbonamenti per posto': '/admin/tickets/seat_season_backlog',
      Ordini: '/admin/orders',
      Cessioni: '/admin/transfers',
      Rivendite: '/admin/resales',
      'Limite cessioni abbonamento': '/admin/tickets/season_transfer_limit',
      'Richieste di rimborso': '/admin/refund-requests',
      'Emissione massiva': '/admin/tickets/massissue',
      'Emessi in massa': '/admin/mass/tickets_issued',
      Utenti: '/admin/users',
      'Richieste aziendali': '/admin/corporate/company_request',
      'Tessere del tifoso': '/admin/fidelity_card',
      'E-mail': '/admin/emails',
      'Ban titoli': '/admin/ban/titles',
      Blacklist: '/admin/ban/blacklist',
      'Ban e-mail': '/admin/ban/emails',
      Esportazioni: '/admin/exports',
      'Consensi clienti': '/admin/customer_reports/consent',
      'Discrepanze biglietti': '/admin/reports/tickets_mismatch_report',
      'Report pagamenti': '/admin/reports/stripe-report',
      'Registro servizi': '/admin/reports/service-log',
      'Stato dei servizi': '/admin/service-status',
      Code: '/admin/job-queues',
      'Tutti i lavori': '/admin/jobs',
      Configurazione: '/admin/config',
    };
    for (const [name, href] of Object.entries(links)) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
  });

  it('opens a page from the menu, in English too', async () => {
    adminApi();
    const user = userEvent.setup();
    renderAdminApp('/', { locale: 'en' });

    await user.click(await screen.findByRole('menuitem', { name: 'Default prices' }));

    expect(await screen.findByText('No Prices yet.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Default prices' })).toHaveClass('RaMenuItemLink-active');
  });

  it('opens the season tickets from the matches group, next to the match lists, in English too', async () => {
    const menu = await openInEnglish('Matches', 'Season tickets');

    expect(await screen.findByText('No Season tickets yet.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Season tickets' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Season tickets' })).toHaveAttribute('href', '/admin/seasontickets');
    expect(within(menu).getByRole('menuitem', { name: 'Season stadium' })).toHaveAttribute(
      'href',
      '/admin/stadium/season',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Waiting rooms' })).toHaveAttribute('href', '/admin/queue');
  });

  it('opens the pre-emption pages from their own group, in English too', async () => {
    const menu = await openInEnglish('Pre-emption', 'Renewal codes');

    expect(await screen.findByText('The code table is empty.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Renewal codes' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Sale phases' })).toHaveAttribute('href', '/admin/preemption/phases');
    expect(within(menu).getByRole('menuitem', { name: 'Import holders' })).toHaveAttribute(
      'href',
      '/admin/preemption/holders_import',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Holders' })).toHaveAttribute('href', '/admin/preemption/season_holders');
    expect(within(menu).getByRole('menuitem', { name: 'Renewal code e-mails' })).toHaveAttribute(
      'href',
      '/admin/preemption/renewal_mailings',
    );
  });

  it('opens the ticket pages from the menu, in English too', async () => {
    const menu = await openInEnglish('Tickets', 'Failed issues');

    expect(await screen.findByText('No Failed issues found using the current filters.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Failed issues' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Issued tickets' })).toHaveAttribute(
      'href',
      '/admin/tickets/issuedtickets',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(within(menu).getByRole('menuitem', { name: 'Changes of holder' })).toHaveAttribute('href', '/admin/transfers');
    expect(within(menu).getByRole('menuitem', { name: 'Resales' })).toHaveAttribute('href', '/admin/resales');
    expect(within(menu).getByRole('menuitem', { name: 'Season transfer limit' })).toHaveAttribute(
      'href',
      '/admin/tickets/season_transfer_limit',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Mass issuing' })).toHaveAttribute('href', '/admin/tickets/massissue');
    expect(within(menu).getByRole('menuitem', { name: 'Mass-issued tickets' })).toHaveAttribute(
      'href',
      '/admin/mass/tickets_issued',
    );
  });

  it('opens the resales from the tickets group, next to the changes of holder, in English too', async () => {
    await openInEnglish('Tickets', 'Resales');

    // The page's code and strings load on first opening: give the chunk time.
    expect(await screen.findByText('No resale to show.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Resales' })).toHaveClass('RaMenuItemLink-active');
  });

  it("opens the season orders' pages from the tickets group, in English too", async () => {
    const menu = await openInEnglish('Tickets', 'Failed season ticket issues');

    expect(await screen.findByText('No Season orders found using the current filters.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Failed season ticket issues' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Season tickets issued' })).toHaveAttribute(
      'href',
      '/admin/tickets/seasonissued',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Season backlog' })).toHaveAttribute('href', '/admin/tickets/season_backlog');
    expect(within(menu).getByRole('menuitem', { name: 'Season backlog by seat' })).toHaveAttribute(
      'href',
      '/admin/tickets/seat_season_backlog',
    );
  });

  it('opens the corporate requests and the supporter cards from the users group, in English too', async () => {
    const menu = await openInEnglish('Users and customers', 'Corporate requests');

    expect(await screen.findByText('No Corporate requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Corporate requests' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Supporter cards' })).toHaveAttribute('href', '/admin/fidelity_card');
  });

  it('opens the bans of titles and of e-mails from the users group, in English too', async () => {
    const menu = await openInEnglish('Users and customers', 'E-mail bans');

    // The page's code and strings load on first opening: give the chunk time.
    expect(await screen.findByText('No ban to show.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'E-mail bans' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Title bans' })).toHaveAttribute('href', '/admin/ban/titles');
    expect(within(menu).getByRole('menuitem', { name: 'Blacklist' })).toHaveAttribute('href', '/admin/ban/blacklist');
  });

  it('opens the jobs area from its own group, in English too', async () => {
    const menu = await openInEnglish('Jobs', 'Queues');

    expect(await screen.findByText('No Queues yet.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Queues' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'All jobs' })).toHaveAttribute('href', '/admin/jobs');
  });

  it("opens the club's settings from the system group, in English too", async () => {
    await openInEnglish('System', 'Settings');

    // The page's code and strings load on first opening: give the chunk time.
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Web terminal' })).toHaveValue(51);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveClass('RaMenuItemLink-active');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/admin/config');
  });

  it('opens the reports from their own group, in English too', async () => {
    const menu = await openInEnglish('Reports', 'Exports');

    expect(await screen.findByText(/^No exports yet/)).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Exports' })).toHaveClass('RaMenuItemLink-active');
    expect(within(menu).getByRole('menuitem', { name: 'Customer consent' })).toHaveAttribute(
      'href',
      '/admin/customer_reports/consent',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Tickets mismatch' })).toHaveAttribute(
      'href',
      '/admin/reports/tickets_mismatch_report',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Payment report' })).toHaveAttribute(
      'href',
      '/admin/reports/stripe-report',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Service log' })).toHaveAttribute('href', '/admin/reports/service-log');
    expect(within(menu).getByRole('menuitem', { name: 'Service status' })).toHaveAttribute('href', '/admin/service-status');
  });

  it.each([
    ['/season-tickets', 'Abbonamenti'],
    ['/issued-tickets', 'Biglietti emessi'],
    ['/failed-issues', 'Emissioni fallite'],
    ['/season-orders', 'Abbonamenti emessi'],
    ['/season-backlog', 'Backlog abbonamenti per posto'],
    ['/mass-issues', 'Emissione massiva'],
    ['/mass-issue-lines', 'Emessi in massa'],
    ['/mismatch-reports', 'Discrepanze biglietti'],
    ['/service-calls', 'Registro servizi'],
    ['/payment-report', 'Report pagamenti'],
    ['/corporate-requests', 'Richieste aziendali'],
    ['/supporter-cards', 'Tessere del tifoso'],
    ['/phases', 'Fasi di vendita'],
    ['/holders-imports', 'Importa titolari'],
    ['/season-holders', 'Titolari'],
    ['/renewal-codes', 'Codici di rinnovo'],
    ['/renewal-mailings', 'Invio codici di rinnovo'],
    ['/waiting-rooms', "Sale d'attesa"],
    ['/queue/fixtures', "Sale d'attesa"],
    ['/ban', 'Ban titoli'],
    ['/bans/titles', 'Ban titoli'],
    ['/bans/emails', 'Ban e-mail'],
    ['/blacklist', 'Blacklist'],
  ])('sends %s to the page where its list lives', async (path, entry) => {
    adminApi();
    renderAdminApp(path);

    const item = await screen.findByRole('menuitem', { name: entry });
    await waitFor(() => expect(item).toHaveClass('RaMenuItemLink-active'));
  });

  it("sends a resource's own list address to the page where the list lives", async () => {
    adminApi();
    renderAdminApp('/fixtures');

    const upcoming = await screen.findByRole('menuitem', { name: 'Prossime partite' });
    await waitFor(() => expect(upcoming).toHaveClass('RaMenuItemLink-active'));
    expect(await screen.findByText('Ancora nessun elemento in Partite.')).toBeInTheDocument();
  });
});
