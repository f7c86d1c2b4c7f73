import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import i18n from '../../i18n';
import { aCorporateRequest, aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi, type StubRoute } from '../../test/render';
import type { CorporateRequest, RequestForm } from '../../../../api-types';

beforeAll(async () => {
  await import('./RegisterCompanyPage');
});

const ROUTE = '/register_company';

/** The API for a signed-in Luca with these requests; `submit` answers the POST. */
function stubCorporateApi(requests: CorporateRequest[], submit?: StubRoute) {
  return stubApi({
    'GET /api/me': { body: aFan() },
    'GET /api/me/corporate-requests': { body: requests },
    ...(submit === undefined ? {} : { 'POST /api/corporate-requests': submit }),
  });
}

const typed: RequestForm = {
  company_name: '  Lario Serramenti srl ',
  vat_number: 'IT 02743350130',
  company_email: 'info@larioserramenti.it',
  contact_name: 'Giulia Bianchi',
  phone: '+39 031 555 0101',
  message: 'Dieci biglietti per i clienti',
};

function field(name: string) {
  return screen.getByRole('textbox', { name });
}

async function fillIn(user: UserEvent, form: RequestForm = typed) {
  await user.type(await screen.findByRole('textbox', { name: 'Ragione sociale' }), form.company_name);
  await user.type(field('Partita IVA'), form.vat_number);
  await user.type(field('E-mail aziendale'), form.company_email);
  await user.type(field('Referente'), form.contact_name);
  await user.type(field('Telefono'), form.phone);
  if (form.message !== '') {
    await user.type(field('Messaggio'), form.message);
  }
}

/** A 422 or 409 error body naming fields. */
function refused(status: number, code: string, errors: Record<string, string>): StubRoute {
  return { status, body: { code, message: 'x', errors } };
}

describe('/register_company', () => {
  it('asks a visitor to sign in first, coming back here', async () => {
    stubApi({});
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Richiesta di account aziendale' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Accedi per continuare' })).toHaveAttribute(
      'href',
      '/accedi?return_to=%2Fregister_company',
    );
    expect(screen.queryByRole('textbox', { name: 'Ragione sociale' })).not.toBeInTheDocument();
  });

  it('sends the request and shows it was received', async () => {
    const api = stubCorporateApi([], ({ body }) => ({
      status: 201,
      body: aCorporateRequest({ ...(body as RequestForm), vat_number: '02743350130' }),
    }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByTestId('requests-empty')).toHaveTextContent('Non hai ancora inviato richieste.');
    expect(field('Il tuo account')).toHaveValue('luca.rossi@example.it');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    const sent = await screen.findByTestId('request-sent');
    expect(sent).toHaveTextContent('Richiesta inviata');
    expect(sent).toHaveTextContent('conferma a luca.rossi@example.it');
    const [post] = api.callsTo('POST /api/corporate-requests');
    expect(post?.body).toEqual({
      company_name: 'Lario Serramenti srl',
      vat_number: 'IT 02743350130',
      company_email: 'info@larioserramenti.it',
      contact_name: 'Giulia Bianchi',
      phone: '+39 031 555 0101',
      message: 'Dieci biglietti per i clienti',
    });
    expect(post?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    // The form gives way to the request, now listed as received.
    expect(screen.queryByRole('button', { name: 'Invia la richiesta' })).not.toBeInTheDocument();
    const listed = screen.getByRole('article', { name: 'Lario Serramenti srl' });
    expect(within(listed).getByText('Ricevuta')).toBeInTheDocument();
  });

  it('says which fields are missing before asking the API', async () => {
    const api = stubCorporateApi([], { status: 201, body: aCorporateRequest() });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await user.type(await screen.findByRole('textbox', { name: 'E-mail aziendale' }), 'info@lario');
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    expect(field('Ragione sociale')).toHaveAccessibleDescription('Scrivi la ragione sociale.');
    expect(field('Partita IVA')).toHaveAccessibleDescription('Scrivi la partita IVA.');
    expect(field('E-mail aziendale')).toHaveAccessibleDescription(
      'Scrivi un indirizzo e-mail valido, per esempio info@azienda.it.',
    );
    expect(field('Referente')).toHaveAccessibleDescription('Scrivi il nome del referente.');
    expect(field('Telefono')).toHaveAccessibleDescription('Scrivi un numero di telefono.');
    expect(api.callsTo('POST /api/corporate-requests')).toHaveLength(0);

    // Typing in a field clears its message.
    await user.type(field('Ragione sociale'), 'Lario');
    expect(field('Ragione sociale')).not.toHaveAccessibleDescription('Scrivi la ragione sociale.');
  });

  it("shows the API's 422 on each field, in the user's words", async () => {
    stubCorporateApi(
      [],
      refused(422, 'validation_failed', { vat_number: 'invalid', phone: 'invalid', contact_name: 'length', message: 'length' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    expect(await screen.findByText(/Partita IVA non valida/)).toBeInTheDocument();
    expect(field('Partita IVA')).toHaveAccessibleDescription(
      'Partita IVA non valida: servono 11 cifre, con la cifra di controllo corretta.',
    );
    expect(field('Telefono')).toHaveAccessibleDescription(
      'Numero non valido: da 6 a 20 cifre, con spazi e un + iniziale facoltativi.',
    );
    expect(field('Referente')).toHaveAccessibleDescription('Il nome del referente deve avere da 2 a 120 caratteri.');
    expect(field('Messaggio')).toHaveAccessibleDescription('Il messaggio può avere al massimo 2.000 caratteri.');
    expect(field('Ragione sociale')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['company_name', 'Ragione sociale', "C'è già una richiesta aperta o approvata per questa azienda."],
    ['company_email', 'E-mail aziendale', "C'è già una richiesta aperta o approvata con questa e-mail aziendale."],
    ['corporate_user_email', 'Il tuo account', 'Il tuo account ha già una richiesta aperta o approvata.'],
  ])('shows a 409 duplicate naming %s on its field', async (name, label, message) => {
    stubCorporateApi([], refused(409, 'duplicate_corporate_request', { [name]: 'duplicate' }));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(screen.queryByTestId('request-sent')).not.toBeInTheDocument();
  });

  it('says so when the request cannot be sent for another reason', async () => {
    stubCorporateApi([], { status: 500, body: { code: 'internal', message: 'boom', errors: {} } });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Qualcosa è andato storto. Riprova tra poco.');
  });

  it('lists the requests with their status and date in Europe/Rome; an open one replaces the form', async () => {
    stubCorporateApi([
      aCorporateRequest({ id: 'r-2', company_name: 'Como Legno spa', created_at: '2026-11-24T17:30:00Z' }),
      aCorporateRequest({
        id: 'r-1',
        status: 2,
        created_at: '2026-07-01T08:05:00Z',
        decided_by: 'staff@como1907.it',
        decided_at: '2026-07-02T09:00:00Z',
      }),
    ]);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    const open = await screen.findByRole('article', { name: 'Como Legno spa' });
    expect(within(open).getByTestId('request-status-r-2')).toHaveTextContent('Ricevuta');
    // 17:30 UTC in November is 18:30 in Como.
    expect(within(open).getByText(/24 nov 2026.*18:30/)).toBeInTheDocument();
    const declined = screen.getByRole('article', { name: 'Lario Serramenti srl' });
    expect(within(declined).getByTestId('request-status-r-1')).toHaveTextContent('Rifiutata');
    // Summer time: 08:05 UTC is 10:05.
    expect(within(declined).getByText(/1 lug 2026.*10:05/)).toBeInTheDocument();
    expect(within(declined).getByText(/2 lug 2026.*11:00/)).toBeInTheDocument();
    expect(within(declined).getByText('P. IVA 02743350130 · info@larioserramenti.it')).toBeInTheDocument();

    expect(screen.getByTestId('request-open')).toHaveTextContent('La tua richiesta per Como Legno spa è in esame');
    expect(screen.queryByRole('button', { name: 'Invia la richiesta' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubCorporateApi([aCorporateRequest({ status: 1, decided_at: '2026-11-25T10:00:00Z' })]);
    renderWithProviders(<AppRoutes />, { route: ROUTE });

    expect(await screen.findByRole('heading', { level: 1, name: 'Corporate account request' })).toBeInTheDocument();
    expect(await screen.findByTestId('request-status-5b1f0c2e-8d3a-4f6b-9c7e-1a2b3c4d5e6f')).toHaveTextContent('Approved');
    expect(screen.getByTestId('request-open')).toHaveTextContent(
      'Your request for Lario Serramenti srl has been approved: your account is now a corporate account.',
    );
  });
});
