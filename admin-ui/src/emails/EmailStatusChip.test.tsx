import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../test/render';
import { EmailStatusChip } from './EmailStatusChip';

describe('EmailStatusChip', () => {
  it.each([
    ['sent', 'Inviata', 'MuiChip-colorSuccess'],
    ['pending', 'In attesa', 'MuiChip-colorWarning'],
    ['failed', 'Non riuscita', 'MuiChip-colorError'],
  ] as const)('shows a %s e-mail as "%s" in its colour', async (status, label, colourClass) => {
    renderInAdmin(<EmailStatusChip status={status} />);

    const chip = (await screen.findByText(label)).closest('.MuiChip-root');
    expect(chip).toHaveClass(colourClass);
    expect(chip).toHaveAttribute('data-status', status);
  });

  it('speaks English when the staff member chose it', async () => {
    renderInAdmin(<EmailStatusChip status="failed" />, { locale: 'en' });

    expect(await screen.findByText('Failed')).toBeInTheDocument();
  });
});
