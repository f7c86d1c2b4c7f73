import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin, stubFetch, TEST_CSRF_TOKEN } from '../test/render';
import { SendMailCheckButton } from './SendMailCheckButton';
import type { OutboundEmailSummary } from '../../../api-types';

const MAIL_CHECKS = '/api/admin/mail-checks';

const queued: OutboundEmailSummary = {
  id: '0f9d4c1e-8a57-4a43-9d1b-3c1f5e2a7b60',
  template: 'mail_check',
  language: 'en',
  to_address: 'tifoso.prova@example.it',
  subject: 'Mail delivery check',
  status: 'pending',
  attempts: 0,
  last_error: null,
  created_at: '2026-11-21T10:15:00Z',
  sent_at: null,
};

function renderButton(locale: 'it' | 'en' = 'it') {
  const user = userEvent.setup();
  renderInAdmin(
    <>
      <SendMailCheckButton />
      <Notification />
    </>,
    { locale },
  );
  return user;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, buttonName: string) {
  await user.click(await screen.findByRole('button', { name: buttonName }));
  return screen.findByRole('dialog');
}

describe('SendMailCheckButton', () => {
  it('posts the address and the chosen language, then closes, says it is queued and refreshes', async () => {
    const fetchMock = stubFetch({ [MAIL_CHECKS]: { status: 201, body: queued } });
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const user = renderButton();

    const dialog = await openDialog(user, 'Invia e-mail di prova');
    expect(within(dialog).getByRole('heading', { name: 'Invia e-mail di prova' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ }), 'tifoso.prova@example.it');
    await user.click(within(dialog).getByRole('combobox', { name: /Lingua del messaggio/ }));
    await user.click(await screen.findByRole('option', { name: 'Inglese' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('E-mail di prova in coda')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe(MAIL_CHECKS);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe(TEST_CSRF_TOKEN);
    expect(JSON.parse(String(init?.body))).toEqual({ to: 'tifoso.prova@example.it', language: 'en' });
    expect(invalidate).toHaveBeenCalled();
  });

  it('sends in Italian unless told otherwise', async () => {
    const fetchMock = stubFetch({ [MAIL_CHECKS]: { status: 201, body: { ...queued, language: 'it' } } });
    const user = renderButton();

    const dialog = await openDialog(user, 'Invia e-mail di prova');
    await user.type(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ }), ' staff@example.it ');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ to: 'staff@example.it', language: 'it' });
  });

  it("shows a 422's field errors under the fields in our own words and stays open", async () => {
    stubFetch({
      [MAIL_CHECKS]: {
        status: 422,
        body: {
          code: 'validation_failed',
          message: 'Some fields are invalid',
          errors: { to: 'Enter a valid e-mail address', language: 'Must be it or en' },
        },
      },
    });
    const user = renderButton();

    const dialog = await openDialog(user, 'Invia e-mail di prova');
    const to = within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ });
    await user.type(to, 'tifoso@example');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    expect(await within(dialog).findByText('Inserisci un indirizzo e-mail valido')).toBeInTheDocument();
    expect(within(dialog).getByText('Scegli italiano o inglese')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Inserisci un indirizzo e-mail valido');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // Typing again clears the field's message.
    await user.type(to, '.it');
    expect(within(dialog).queryByText('Inserisci un indirizzo e-mail valido')).not.toBeInTheDocument();
  });

  it('speaks English to staff who chose it, field errors included', async () => {
    stubFetch({
      [MAIL_CHECKS]: {
        status: 422,
        body: { code: 'invalid_body', message: 'to: invalid type', errors: { to: 'invalid type: integer' } },
      },
    });
    const user = renderButton('en');

    const dialog = await openDialog(user, 'Send a mail check');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'fan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.queryByText('invalid type: integer')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'malformed_json'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
  ])('answers a %i (%s) with a generic notification and keeps the dialog open', async (status, code) => {
    stubFetch({ [MAIL_CHECKS]: { status, body: { code, message: 'Nope', errors: {} } } });
    const user = renderButton();

    const dialog = await openDialog(user, 'Invia e-mail di prova');
    await user.type(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ }), 'staff@example.it');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));

    expect(await screen.findByText("Impossibile inviare l'e-mail di prova. Riprova tra poco.")).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
  });

  it('asks for an address, and a well-formed one, before calling the server', async () => {
    const fetchMock = stubFetch({});
    const user = renderButton();

    const dialog = await openDialog(user, 'Invia e-mail di prova');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await within(dialog).findByText('Obbligatorio')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await within(dialog).findByText('Inserisci un indirizzo e-mail valido')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes on cancel without sending, and opens afresh', async () => {
    const fetchMock = stubFetch({});
    const user = renderButton();

    let dialog = await openDialog(user, 'Invia e-mail di prova');
    await user.type(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ }), 'staff@example.it');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog(user, 'Invia e-mail di prova');
    expect(within(dialog).getByRole('textbox', { name: /Indirizzo e-mail/ })).toHaveValue('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
