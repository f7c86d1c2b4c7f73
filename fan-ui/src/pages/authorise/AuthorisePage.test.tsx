import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../AppRoutes';
import { aFan } from '../../test/fixtures';
import { renderWithProviders, stubApi } from '../../test/render';

describe('/authorise/:code', () => {
  it("signs in once with the link's token and goes home", async () => {
    const api = stubApi({
      'POST /api/auth/link/verify': { body: { message: 'Email sent successfully!', user: aFan() } },
    });
    renderWithProviders(<AppRoutes />, { route: '/authorise/tok-123' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account di Luca' })).toBeInTheDocument();
    const calls = api.callsTo('POST /api/auth/link/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'tok-123' });
  });

  it('explains a used or expired link and offers a new one', async () => {
    stubApi({
      'POST /api/auth/link/verify': {
        status: 401,
        body: { code: 'link_invalid', message: 'This link is not valid any more', errors: {} },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/authorise/used-token' });

    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Link non valido' })).toBeInTheDocument();
    expect(within(main).getByText(/Questo link non è più valido/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Chiedi un nuovo link' })).toHaveAttribute('href', '/accedi');
  });

  it('translates a banned address', async () => {
    stubApi({
      'POST /api/auth/link/verify': { status: 403, body: { code: 'email_banned', message: 'banned', errors: {} } },
    });
    renderWithProviders(<AppRoutes />, { route: '/authorise/some-token' });

    expect(await screen.findByText('Questo indirizzo e-mail non può essere usato per accedere.')).toBeInTheDocument();
  });
});
