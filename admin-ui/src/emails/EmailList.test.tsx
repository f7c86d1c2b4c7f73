import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider, type GetListResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/render';
import { sortableHeaders } from '../test/recordActions';
import { EmailList, PENDING_REFRESH_MS } from './EmailList';
import type { EmailStatus, OutboundEmailSummary } from '../../../api-types';

function email(status: EmailStatus): OutboundEmailSummary {
  return {
    id: '6a1d0c52-7f0e-4d7b-9c43-2b8f1d9e0a11',
    template: 'mail_check',
    language: 'it',
    to_address: 'tifoso.prova@example.it',
    subject: 'Verifica della consegna',
    status,
    attempts: status === 'pending' ? 0 : 1,
    last_error: null,
    created_at: '2026-11-21T10:15:00Z',
    sent_at: status === 'sent' ? '2026-11-21T10:15:02Z' : null,
  };
}

function renderList(pages: OutboundEmailSummary[][], queryClient?: QueryClient) {
  const getList = vi.fn(() => {
    const data = pages.length > 1 ? pages.shift() : pages[0];
    return Promise.resolve({ data: data ?? [], total: data?.length ?? 0 } as GetListResult);
  });
  renderInAdmin(
    <ResourceContextProvider value="emails">
      <EmailList />
    </ResourceContextProvider>,
    { dataProvider: testDataProvider({ getList }), queryClient },
  );
  return getList;
}

describe('EmailList', () => {
  it('refreshes itself while a row is pending, so staff see it turn sent', async () => {
    const queryClient = new QueryClient();
    const getList = renderList([[email('pending')], [email('sent')]], queryClient);

    expect(await screen.findByText('In attesa')).toBeInTheDocument();
    expect(await screen.findByText('Inviata', {}, { timeout: PENDING_REFRESH_MS * 3 })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledTimes(2);
    // The show page then opens on the delivered e-mail, not on the row as first seen.
    const cached = queryClient.getQueryData<OutboundEmailSummary>(['emails', 'getOne', { id: String(email('sent').id), meta: undefined }]);
    expect(cached?.status).toBe('sent');
  });

  it('sorts by time, recipient, status and attempts only, as the API does', async () => {
    renderList([[email('sent')]]);

    expect(await screen.findByText('Verifica della consegna')).toBeInTheDocument();
    expect(sortableHeaders()).toEqual(['Creata il', 'Destinatario', 'Stato', 'Tentativi']);
  });

  it('names the language rather than showing its code', async () => {
    renderList([[{ ...email('sent'), language: 'en' }]]);

    expect(await screen.findByText('Inglese')).toBeInTheDocument();
  });

  it('stops asking once nothing on the page is pending', async () => {
    const getList = renderList([[email('sent')]]);

    expect(await screen.findByText('Inviata')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, PENDING_REFRESH_MS * 1.5));
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('offers the mail check on an empty list too', async () => {
    renderList([[]]);

    expect(await screen.findByText('Nessuna e-mail in uscita, per ora.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invia e-mail di prova' })).toBeInTheDocument();
  });

  it('offers the mail check above the rows', async () => {
    renderList([[email('sent')]]);

    expect(await screen.findByText('tifoso.prova@example.it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invia e-mail di prova' })).toBeInTheDocument();
  });
});
