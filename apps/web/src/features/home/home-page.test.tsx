import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { UPLOAD_HINT } from '@framewala/domain';
import { HEADLINE } from './home-page';

describe('Landing page', () => {
  it('shows the exact headline as the page h1', async () => {
    renderRoute('/');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(/^Preserving Your Best Moments, One Frame at a Time$/);
    expect(HEADLINE).toBe('Preserving Your Best Moments, One Frame at a Time');
  });

  it('shows the four How it works steps and the trust points', async () => {
    renderRoute('/');
    const guide = await screen.findByRole('region', { name: 'From your phone to your wall in four steps' });
    const steps = within(guide)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent?.replace(/^Step \d: /, ''));
    expect(steps).toEqual(['Upload your photo', 'Select frame size', 'Choose frame dimensions in inches', 'Pick frame style']);
    expect(screen.getByRole('heading', { name: 'Made in India' })).toBeInTheDocument();
    const delivery = screen.getByRole('heading', { name: 'Delivered in days' }).closest('li');
    expect(delivery).toHaveTextContent(
      'Processed in 1–2 business days, then delivered in 3–5 business days to metro cities and 5–7 business days elsewhere.',
    );
    expect(screen.getByRole('heading', { name: 'Pay securely with UPI or cards' })).toBeInTheDocument();
  });

  it("opens the 'Upload Photos' dialog from 'Start framing', with the exact hint", async () => {
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Start framing' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upload Photos' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Upload Photos' })).toBeVisible();
    expect(within(dialog).getByText(UPLOAD_HINT)).toBeVisible();
    expect(UPLOAD_HINT).toBe(
      'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.',
    );
    expect(within(dialog).getByTestId('upload-drop-zone')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled();
  });

  it('closes the dialog with Escape and gives focus back to Start framing', async () => {
    const { user } = renderRoute('/');
    const start = await screen.findByRole('button', { name: 'Start framing' });
    await user.click(start);
    expect(await screen.findByRole('dialog')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Start framing' }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const browse = within(dialog).getByRole('button', { name: /browse your files/ });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(browse).toHaveFocus();
    await user.tab(); // Cancel and Done are disabled: wrap around
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(browse).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
