import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/http';
import { callsWith, jsonBody } from '../test/recordActions';
import { renderAdminApp, STAFF_ME, stubFetch, TEST_CSRF_TOKEN } from '../test/render';
import { settingFieldErrors, settingsBody } from './fields';
import { clubSettingsMessages } from './messages';
import type { ClubSettings } from '../../../api-types';

const PAGE = '/config';
const SETTINGS = '/api/admin/settings';

/** `GET /api/me` for an admin (acc_level 1): only admins change the settings. */
const ADMIN_ME = { ...STAFF_ME, acc_level: 1, role: 'admin' };

/** The spec's values, as the API answers them. */
const SETTINGS_NOW: ClubSettings = {
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
};

function settingsApi({ me = ADMIN_ME, settings = SETTINGS_NOW, extra = {} } = {}) {
  return stubFetch({
    '/api/me': { body: me },
    [`GET ${SETTINGS}`]: { body: settings },
    ...extra,
  });
}

/** The number input named `name`, once the page (its chunk, its strings, the settings) has loaded. */
async function numberInput(name: string): Promise<HTMLElement> {
  return screen.findByRole('spinbutton', { name }, { timeout: 15_000 });
}

function keysOf(tree: unknown, prefix = ''): string[] {
  if (tree === null || typeof tree !== 'object') {
    return [prefix];
  }
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix === '' ? key : `${prefix}.${key}`));
}

describe("the club settings' strings", () => {
  it('Italian and English have exactly the same keys', () => {
    expect(keysOf(clubSettingsMessages.en).sort()).toEqual(keysOf(clubSettingsMessages.it).sort());
  });
});

describe("the settings' body and refusals", () => {
  it('sends every setting and no other field', () => {
    expect(settingsBody({ ...SETTINGS_NOW, id: 1, terminal_id: '52', extra: 'x' })).toEqual({ ...SETTINGS_NOW, terminal_id: 52 });
  });

  it("says the API's out_of_range in each field's range, other codes as refused, other fields not at all", () => {
    const refused = new ApiRequestError(422, 'invalid', {
      code: 'validation_failed',
      message: 'invalid',
      errors: { operator_id: 'out_of_range', points_per_euro: 'out_of_range', terminal_id: 'odd', unlock_password: 'unknown' },
    });
    expect(settingFieldErrors(refused)).toEqual({
      operator_id: 'pages.club_settings.errors.id_range',
      points_per_euro: 'pages.club_settings.errors.points_range',
      terminal_id: 'pages.club_settings.errors.refused',
    });
    expect(settingFieldErrors(new ApiRequestError(403, 'forbidden', { code: 'forbidden', message: 'no', errors: {} }))).toBeUndefined();
  });
});

describe('the club settings page', () => {
  it('shows the settings by group with their names in the spec, from the menu', async () => {
    settingsApi();
    renderAdminApp(PAGE);

    const terminal = await numberInput('Terminale web');
    expect(screen.getByRole('heading', { level: 1, name: 'Configurazione' })).toBeInTheDocument();
    for (const group of ['Id del sistema di biglietteria', 'E-mail', 'Punti', 'Manutenzione']) {
      expect(screen.getByRole('region', { name: group })).toBeInTheDocument();
    }
    expect(terminal).toHaveValue(51);
    expect(terminal).toHaveAccessibleDescription('Nella specifica: terminaleId');
    const values: Record<string, number> = {
      Operatore: 30,
      'Terminale app': 62,
      Organizzatore: 2,
      'Punto vendita web': 2,
      'Punto vendita app': 4,
      'Punto vendita della biglietteria': 1,
      'Punti per euro': 100,
    };
    for (const [name, value] of Object.entries(values)) {
      expect(screen.getByRole('spinbutton', { name })).toHaveValue(value);
    }
    expect(screen.getByRole('spinbutton', { name: 'Punti per euro' })).toHaveAccessibleDescription('Nella specifica: comoPointConversion');
    expect(screen.getByRole('switch', { name: "Allega i PDF dei biglietti all'e-mail" })).toBeChecked();
    const maintenance = screen.getByRole('switch', { name: 'Biglietteria in manutenzione' });
    expect(maintenance).not.toBeChecked();
    expect(screen.getByTestId('maintenance-mode-switch')).toBe(maintenance);
    expect(screen.getByText('Nella specifica: maintenanceMode')).toBeInTheDocument();
    expect(screen.getByText(/i tifosi vengono mandati alla pagina di manutenzione e non possono comprare/)).toBeInTheDocument();
    // Maintenance is off: no banner. Nothing to save until something changes.
    expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('settings-read-only')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salva configurazione' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Configurazione' })).toHaveClass('RaMenuItemLink-active');
  });

  it('lets an admin change a setting and save them all with PUT, and says so', async () => {
    const fetchMock = settingsApi({ extra: { [`PUT ${SETTINGS}`]: { body: { ...SETTINGS_NOW, terminal_id: 52 } } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const terminal = await numberInput('Terminale web');
    await user.clear(terminal);
    await user.type(terminal, '52');
    await user.click(screen.getByRole('switch', { name: "Allega i PDF dei biglietti all'e-mail" }));
    await user.click(screen.getByTestId('settings-save'));

    expect(await screen.findByText('Configurazione salvata.')).toBeInTheDocument();
    const puts = callsWith(fetchMock, 'PUT');
    expect(puts).toHaveLength(1);
    // Every setting, no other field.
    expect(jsonBody(puts[0])).toEqual({ ...SETTINGS_NOW, terminal_id: 52, title_email_attachments: false });
    expect(new Headers(puts[0]?.[1]?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    // The form starts again from the saved settings: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salva configurazione' })).toBeDisabled());
    expect(screen.getByRole('spinbutton', { name: 'Terminale web' })).toHaveValue(52);
  });

  it("shows the API's refusal on its field, in our words", async () => {
    const fetchMock = settingsApi({
      extra: {
        [`PUT ${SETTINGS}`]: {
          status: 422,
          body: { code: 'validation_failed', message: 'Some fields are not valid', errors: { organizer_id: 'out_of_range' } },
        },
      },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const organizer = await numberInput('Organizzatore');
    await user.clear(organizer);
    await user.type(organizer, '7');
    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));

    await waitFor(() => expect(organizer).toHaveAccessibleDescription('Scrivi un numero intero da 1 a 999.999.'));
    expect(organizer).toBeInvalid();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(1);
    expect(screen.queryByText('Configurazione salvata.')).not.toBeInTheDocument();
    // The other fields keep their spec's name.
    expect(screen.getByRole('spinbutton', { name: 'Operatore' })).toHaveAccessibleDescription('Nella specifica: operatorId');
  });

  it('checks the ranges before sending', async () => {
    const fetchMock = settingsApi();
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const points = await numberInput('Punti per euro');
    await user.clear(points);
    await user.type(points, '100001');
    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));

    await waitFor(() => expect(points).toHaveAccessibleDescription('Scrivi un numero intero da 1 a 100.000.'));
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('asks before turning maintenance on, then shows the banner once saved', async () => {
    const fetchMock = settingsApi({ extra: { [`PUT ${SETTINGS}`]: { body: { ...SETTINGS_NOW, maintenance_mode: true } } } });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    await numberInput('Operatore');
    await user.click(screen.getByRole('switch', { name: 'Biglietteria in manutenzione' }));
    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));

    // Kept as it was: nothing sent, the switch still on, to save later.
    let dialog = await screen.findByRole('dialog', { name: 'Mettere la biglietteria in manutenzione?' });
    expect(dialog).toHaveTextContent('non possono più comprare');
    await user.click(within(dialog).getByRole('button', { name: 'Non salvare' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Biglietteria in manutenzione' })).toBeChecked();
    expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));
    dialog = await screen.findByTestId('maintenance-confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Metti in manutenzione' }));

    expect(await screen.findByText('Configurazione salvata.')).toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual({ ...SETTINGS_NOW, maintenance_mode: true });
    expect(await screen.findByTestId('maintenance-banner')).toHaveTextContent(
      'Biglietteria in manutenzione: i tifosi vengono mandati alla pagina di manutenzione e non possono comprare. Lo staff continua a lavorare.',
    );
  });

  it('turns maintenance off without asking', async () => {
    const fetchMock = settingsApi({
      settings: { ...SETTINGS_NOW, maintenance_mode: true },
      extra: { [`PUT ${SETTINGS}`]: { body: SETTINGS_NOW } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    expect(await screen.findByTestId('maintenance-banner', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Biglietteria in manutenzione' }));
    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));

    expect(await screen.findByText('Configurazione salvata.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(jsonBody(callsWith(fetchMock, 'PUT')[0])).toEqual(SETTINGS_NOW);
    await waitFor(() => expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument());
  });

  it('says when the API refuses the save to someone who is not an admin', async () => {
    settingsApi({
      extra: { [`PUT ${SETTINGS}`]: { status: 403, body: { code: 'forbidden', message: 'Admins only', errors: {} } } },
    });
    const user = userEvent.setup();
    renderAdminApp(PAGE);

    const operator = await numberInput('Operatore');
    await user.clear(operator);
    await user.type(operator, '31');
    await user.click(screen.getByRole('button', { name: 'Salva configurazione' }));

    expect(await screen.findByText('Non hai i permessi per questa operazione.')).toBeInTheDocument();
  });

  it('shows staff who are not admins the settings read-only, and the banner, in English too', async () => {
    const fetchMock = settingsApi({ me: STAFF_ME, settings: { ...SETTINGS_NOW, maintenance_mode: true } });
    renderAdminApp(PAGE, { locale: 'en' });

    const terminal = await numberInput('Web terminal');
    expect(terminal).toHaveValue(51);
    expect(terminal).toBeDisabled();
    expect(terminal).toHaveAccessibleDescription('In the spec: terminaleId');
    expect(screen.getByRole('spinbutton', { name: 'Points per euro' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Ticket office in maintenance' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ticket office in maintenance' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: "Attach the tickets' PDFs to the e-mail" })).toBeDisabled();
    expect(screen.getByTestId('settings-read-only')).toHaveTextContent('Only admins can change the settings: you see them read-only.');
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.getByTestId('maintenance-banner')).toHaveTextContent(
      'The ticket office is in maintenance: fans are sent to the maintenance page and cannot buy. Staff keep working.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(callsWith(fetchMock, 'PUT')).toHaveLength(0);
  });

  it('says when the settings cannot be read', async () => {
    stubFetch({ '/api/me': { body: ADMIN_ME }, [`GET ${SETTINGS}`]: { status: 500, body: {} } });
    renderAdminApp(PAGE);

    expect(await screen.findByText('Impossibile leggere la configurazione. Riprova tra poco.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salva configurazione' })).not.toBeInTheDocument();
  });
});
