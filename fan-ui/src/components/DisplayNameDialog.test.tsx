import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../AppRoutes';
import i18n from '../i18n';
import { aFan } from '../test/fixtures';
import { renderWithProviders, stubApi } from '../test/render';
import { DISPLAY_NAME_DIALOG_DELAY_MS } from './DisplayNameDialog';

const nameless = aFan({ name: '', display_name: '', first_name: '', last_name: '', consent_13_years: false });

function stubNamelessFan() {
  return stubApi({
    'GET /api/me': { body: nameless },
    'PUT /api/me': ({ body }) => {
      const { display_name } = body as { display_name: string };
      return {
        body: {
          message: 'Profile updated successfully',
          user: { ...nameless, display_name, name: display_name, consent_13_years: true },
        },
      };
    },
  });
}

async function openDialog() {
  renderWithProviders(<AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: 'Biglietteria ufficiale' });
  return screen.findByRole('dialog', { name: 'Come ti chiami?' }, { timeout: DISPLAY_NAME_DIALOG_DELAY_MS * 3 });
}

describe('the mandatory display-name dialog', () => {
  it('opens a second after a signed-in user without a name arrives', async () => {
    stubNamelessFan();
    const started = Date.now();
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('button', { name: 'Account di luca.rossi@example.it' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await screen.findByRole('dialog', {}, { timeout: DISPLAY_NAME_DIALOG_DELAY_MS * 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DISPLAY_NAME_DIALOG_DELAY_MS - 50);
  });

  it('keeps Continue disabled until the name has 2 characters besides spaces and the age is confirmed', async () => {
    stubNamelessFan();
    const user = userEvent.setup();
    const dialog = await openDialog();
    const input = within(dialog).getByRole('textbox', { name: 'Nome visualizzato' });
    const ageCheckbox = within(dialog).getByRole('checkbox', { name: 'Confermo di avere almeno 13 (tredici) anni.' });
    const continueButton = within(dialog).getByRole('button', { name: 'Continua' });

    expect(input).toBeRequired();
    expect(ageCheckbox).not.toBeChecked();
    expect(continueButton).toBeDisabled();

    await user.type(input, 'L');
    expect(continueButton).toBeDisabled();
    await user.click(ageCheckbox);
    expect(continueButton).toBeDisabled();

    await user.clear(input);
    await user.type(input, '     ');
    expect(continueButton).toBeDisabled();
    await user.type(input, ' L ');
    expect(continueButton).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'Lu');
    expect(continueButton).toBeEnabled();

    await user.click(ageCheckbox);
    expect(continueButton).toBeDisabled();
    await user.click(ageCheckbox);
    expect(continueButton).toBeEnabled();
  });

  it('takes at most 50 characters', async () => {
    stubNamelessFan();
    const user = userEvent.setup();
    const dialog = await openDialog();
    const input = within(dialog).getByRole('textbox', { name: 'Nome visualizzato' });

    expect(input).toHaveAttribute('maxLength', '50');
    await user.type(input, 'x'.repeat(60));
    expect(input).toHaveValue('x'.repeat(50));
  });

  it('cannot be dismissed with Escape', async () => {
    stubNamelessFan();
    const user = userEvent.setup();
    const dialog = await openDialog();

    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Come ti chiami?' })).toBeVisible();
  });

  it('saves the display name with consent_13_years true and goes away', async () => {
    const api = stubNamelessFan();
    const user = userEvent.setup();
    const dialog = await openDialog();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome visualizzato' }), '  Lariano  ');
    await user.click(within(dialog).getByRole('checkbox', { name: /13 \(tredici\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continua' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [update] = api.callsTo('PUT /api/me');
    expect(update?.body).toEqual({ display_name: 'Lariano', consent_13_years: true });
    expect(update?.headers.get('X-CSRF-Token')).toBe('test-csrf-token');
    expect(screen.getByRole('button', { name: 'Account di Lariano' })).toBeInTheDocument();
  });

  it("shows the API's refusal in the user's words", async () => {
    stubApi({
      'GET /api/me': { body: nameless },
      'PUT /api/me': {
        status: 422,
        body: { code: 'validation_failed', message: 'invalid', errors: { display_name: 'display_name_too_short' } },
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome visualizzato' }), 'Lu');
    await user.click(within(dialog).getByRole('checkbox', { name: /13 \(tredici\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continua' }));

    expect(await within(dialog).findByText('Il nome deve avere almeno 2 caratteri (spazi esclusi).')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('says a save refused for maintenance in the fan\'s words, and the page behind becomes the maintenance page', async () => {
    // The maintenance begins while the fan is on the home page.
    let maintenance = false;
    const api = stubApi({
      'GET /api/me': { body: nameless },
      'GET /api/settings': () => ({ body: { maintenance_mode: maintenance } }),
      'PUT /api/me': () => {
        maintenance = true;
        return { status: 503, body: { code: 'maintenance', message: 'The ticket office is in maintenance', errors: {} } };
      },
    });
    await import('../pages/maintenance/MaintenancePage');
    const user = userEvent.setup();
    const dialog = await openDialog();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome visualizzato' }), 'Lariano');
    await user.click(within(dialog).getByRole('checkbox', { name: /13 \(tredici\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continua' }));

    expect(await within(dialog).findByText('La biglietteria è in aggiornamento: riprova tra poco.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manutenzione in corso', hidden: true })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/me')).toHaveLength(1);
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    stubNamelessFan();
    renderWithProviders(<AppRoutes />);

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'What should we call you?' },
      { timeout: DISPLAY_NAME_DIALOG_DELAY_MS * 3 },
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'I confirm that I am at least 13 (thirteen) years old.' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('never opens for a user who has a name, nor for a visitor', async () => {
    stubApi({ 'GET /api/me': { body: aFan() } });
    renderWithProviders(<AppRoutes />);
    await screen.findByRole('button', { name: 'Account di Luca' });

    await new Promise((resolve) => setTimeout(resolve, DISPLAY_NAME_DIALOG_DELAY_MS * 1.5));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
