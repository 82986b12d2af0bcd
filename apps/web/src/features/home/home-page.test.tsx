import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadUploadDialog } from '../../app/upload-dialog';
import { renderRoute } from '../../test/render';
import { UPLOAD_HINT } from '@framewala/domain';
import { activateLocale, i18n } from '../../lib/i18n';
import { POLICY_FACTS } from '../../lib/policies/policies';
import { HEADLINE } from './home-content';
import { clearStoredOrder, ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { policyFacts, type PolicyFactName } from '../../lib/policies/policy-facts';

// The upload dialog loads on demand: load it once up front, so that opening it waits for its render only and not for
// its modules to be transformed on a busy machine.
beforeAll(async () => {
  await loadUploadDialog();
}, 60_000);

describe('Landing page', () => {
  it('shows the exact headline as the page h1', async () => {
    renderRoute('/');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent(/^Preserving Your Best Moments, One Frame at a Time$/);
    expect(i18n._(HEADLINE)).toBe('Preserving Your Best Moments, One Frame at a Time');
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

describe('Landing page: a frame in progress', () => {
  it('offers “Continue your frame” into the editor while a frame is in progress in this browser', async () => {
    window.localStorage.setItem(
      ORDER_STORAGE_KEY,
      JSON.stringify({
        photo: { _id: 'up-1', url: '/media/up-1.webp', thumbnailUrl: '/media/up-1-thumb.webp', width: 3000, height: 2000 },
        step: 4,
      }),
    );
    renderRoute('/');
    const card = await screen.findByTestId('continue-frame');
    expect(within(card).getByRole('link', { name: 'Continue your frame' })).toHaveAttribute('href', '/edit-photo');
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/up-1-thumb.webp');
    // Starting another photo stays possible, as the second choice.
    expect(screen.getByRole('button', { name: 'Start framing' })).toBeInTheDocument();
  });

  it('offers nothing to continue on a first visit, and drops the offer once the order is gone', async () => {
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: { _id: 'up-1', url: '/u.webp', width: 10, height: 10 } }));
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Continue your frame' })).toBeInTheDocument();
    act(() => clearStoredOrder());
    expect(screen.queryByRole('link', { name: 'Continue your frame' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start framing' })).toBeInTheDocument();
  });
});

describe('Landing page in Hindi', () => {
  afterEach(() => i18n.activate('en'));

  it('shows the page, its facts and the header in Hindi, with no English sentence left', async () => {
    await activateLocale('hi');
    renderRoute('/');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('आपके सबसे अनमोल पल, फ़्रेम दर फ़्रेम सहेजे हुए');
    expect(screen.getByRole('button', { name: /फ़्रेम बनवाना शुरू करें/ })).toBeInTheDocument();

    const guide = screen.getByRole('region', { name: 'चार कदमों में आपके फ़ोन से आपकी दीवार तक' });
    const steps = within(guide)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent?.replace(/^कदम \d: /, ''));
    expect(steps).toEqual(['अपनी फ़ोटो अपलोड करें', 'फ़्रेम का साइज़ चुनें', 'इंच में अपना साइज़ चुनें', 'फ़्रेम का डिज़ाइन चुनें']);

    const delivery = screen.getByRole('heading', { name: 'कुछ ही दिनों में डिलीवरी' }).closest('li');
    expect(delivery).toHaveTextContent(
      'ऑर्डर 1–2 कामकाजी दिन में तैयार होता है, फिर मेट्रो शहरों में 3–5 कामकाजी दिन में और बाकी जगहों पर 5–7 कामकाजी दिन में पहुँचता है।',
    );
    expect(screen.getByText(/ऑर्डर करने के 24 घंटे के अंदर/)).toHaveTextContent('डिलीवरी के 7 दिन के अंदर हमें बताएँ');

    const header = within(document.querySelector('header')!);
    expect(header.getByRole('link', { name: 'साइन इन करें' })).toHaveAttribute('href', '/sign-in');
    expect(header.getByTestId('language-switch')).toHaveTextContent('English');
    expect(header.getByRole('link', { name: 'कार्ट, 0 आइटम' })).toBeInTheDocument();

    // The header and the page (the footer is the policy pages' part).
    const page = `${document.querySelector('header')?.textContent} ${document.querySelector('main')?.textContent}`;
    for (const english of ['Preserving Your Best Moments', 'Start framing', 'business days', 'How it works', 'Sign In', 'Made in India']) {
      expect(page).not.toContain(english);
    }
    expect(document.title).toBe('Framewala — आपकी फ़ोटो, आपकी पसंद का फ़्रेम, भारत में बना');
  });
});

describe('landing page facts', () => {
  afterEach(() => i18n.activate('en'));
  const facts: PolicyFactName[] = ['processing', 'deliveryMetros', 'deliveryElsewhere', 'cancellationWindow', 'defectReportWindow'];

  it('read in English exactly as the domain writes them', () => {
    for (const fact of facts) expect(policyFacts()[fact]).toBe(POLICY_FACTS[fact]);
  });

  it('read in Hindi with the same numbers', async () => {
    await activateLocale('hi');
    expect(facts.map((fact) => policyFacts()[fact])).toEqual([
      '1–2 कामकाजी दिन',
      '3–5 कामकाजी दिन',
      '5–7 कामकाजी दिन',
      '24 घंटे',
      'डिलीवरी के 7 दिन',
    ]);
  });
});
