import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { renderWithProviders } from '../test/render';
import { BACK_ONLINE_NOTICE_MS, OnlineStatusNotice } from './OnlineStatusNotice';

function goOffline() {
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('OnlineStatusNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing while the browser is online', () => {
    renderWithProviders(<OnlineStatusNotice />);

    expect(screen.queryByText('Sei offline!')).not.toBeInTheDocument();
    expect(screen.queryByText('Sei di nuovo online!')).not.toBeInTheDocument();
  });

  it('shows the red offline notice until the browser is back online', () => {
    renderWithProviders(<OnlineStatusNotice />);

    goOffline();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Sei offline!');
    expect(notice).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');

    wait(60_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Sei offline!');
  });

  it('shows the green back-online notice for three seconds', () => {
    renderWithProviders(<OnlineStatusNotice />);
    goOffline();

    goOnline();
    expect(screen.queryByText('Sei offline!')).not.toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Sei di nuovo online!');
    expect(notice).toHaveClass('MuiAlert-filled', 'MuiAlert-colorSuccess');

    wait(BACK_ONLINE_NOTICE_MS - 1);
    expect(screen.getByText('Sei di nuovo online!')).toBeInTheDocument();

    wait(1);
    expect(screen.queryByText('Sei di nuovo online!')).not.toBeInTheDocument();
  });

  it('keeps the offline notice when the connection drops again within the three seconds', () => {
    renderWithProviders(<OnlineStatusNotice />);
    goOffline();
    goOnline();
    wait(1000);

    goOffline();
    wait(BACK_ONLINE_NOTICE_MS);

    expect(screen.getByRole('alert')).toHaveTextContent('Sei offline!');
  });

  it('speaks the language the fan chose', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<OnlineStatusNotice />);

    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline!');
    goOnline();
    expect(screen.getByRole('status')).toHaveTextContent('You are back online!');
  });
});
