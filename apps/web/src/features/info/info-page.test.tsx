import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n';
import { renderRoute, stubSiteConfig } from '../../test/render';

afterEach(() => i18n.activate('en'));

// A page's text is a module of its own, transformed on first use: on a busy machine that outlasts the usual wait.
const FIRST_LOAD = { timeout: 10_000 };

const main = () => document.querySelector('main')!;

describe('information pages in Hindi', () => {
  it('shows the shipping policy in Hindi, with its facts and the page around it in Hindi', async () => {
    stubSiteConfig();
    await activateLocale('hi');
    renderRoute('/shipping-policy');

    expect(await screen.findByRole('heading', { level: 1, name: 'डिलीवरी नीति' }, FIRST_LOAD)).toBeVisible();
    const text = main().textContent ?? '';
    expect(text).toContain('मेट्रो शहर: भेजने के बाद 3–5 कामकाजी दिन।');
    expect(text).toContain('12 मई 2025 से लागू');
    expect(text).toContain('कोई सवाल? किसी इंसान से बात करें।');
    expect(screen.getByRole('heading', { level: 2, name: 'रास्ते में नुकसान' })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'और जानकारी' })).getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    for (const english of [
      'Delivery time',
      'business days',
      'Effective',
      'Questions? Talk to a person.',
      'More information',
      'Privacy policy',
    ]) {
      expect(text, english).not.toContain(english);
    }
    expect(document.title).toBe('डिलीवरी नीति — Framewala');
  });

  it('shows a card page (our promises) in Hindi', async () => {
    stubSiteConfig();
    await activateLocale('hi');
    renderRoute('/our-promises');
    expect(await screen.findByRole('heading', { level: 1, name: 'हमारे वादे' }, FIRST_LOAD)).toBeVisible();
    expect(main().textContent).toContain('हर शिकायत का जवाब 7 कामकाजी दिन के अंदर दिया जाता है।');
    expect(main().textContent).not.toContain('What you see is what you get');
  });

  it('changes an open page to Hindi when the language is switched', async () => {
    stubSiteConfig();
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }, FIRST_LOAD)).toBeVisible();

    await act(() => activateLocale('hi'));
    expect(await screen.findByRole('heading', { level: 1, name: 'नियम और शर्तें' }, FIRST_LOAD)).toBeVisible();
    expect(main().textContent).toContain('ऑर्डर देने के 24 घंटे के अंदर');
    expect(main().textContent).not.toContain('Terms and Conditions');
  });
});
