import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n';
import { renderWithProviders, stubSiteConfig } from '../test/render';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllEnvs();
  i18n.activate('en');
});

describe('Footer', () => {
  it('links the developer pages in a development build', () => {
    stubSiteConfig();
    vi.stubEnv('DEV', true);
    renderWithProviders(<Footer />);
    const developer = screen.getByRole('navigation', { name: 'Developer pages' });
    expect(
      within(developer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/crop', '/dummy-data', '/edit-frame', '/sizes', '/check']);
  });

  it('has no developer section in a production build, and offers the frame gallery to customers', () => {
    stubSiteConfig();
    vi.stubEnv('DEV', false);
    renderWithProviders(<Footer />);
    expect(screen.queryByRole('navigation', { name: 'Developer pages' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Crop test' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Quick links' })).getByRole('link', { name: 'Frame designs' })).toHaveAttribute(
      'href',
      '/edit-frame',
    );
  });

  it('is in Hindi when Hindi is active: its columns, and the pages under their Hindi names', async () => {
    stubSiteConfig();
    vi.stubEnv('DEV', false);
    await activateLocale('hi');
    renderWithProviders(<Footer />);

    const policies = screen.getByRole('navigation', { name: 'नीतियाँ' });
    expect(
      within(policies)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['नियम और शर्तें', '/terms-and-conditions'],
      ['गोपनीयता नीति', '/privacy-policy'],
      ['GDPR अनुपालन', '/gdpr-compliance-policy'],
      ['अस्वीकरण', '/disclaimer-policy'],
    ]);
    const useful = screen.getByRole('navigation', { name: 'काम के लिंक' });
    expect(within(useful).getByRole('link', { name: 'रद्द करना और रिफ़ंड' })).toHaveAttribute('href', '/cancellations-refunds');
    expect(within(screen.getByRole('navigation', { name: 'क्विक लिंक' })).getByRole('link', { name: 'कार्ट' })).toHaveAttribute(
      'href',
      '/addtocart',
    );
    expect(await screen.findByRole('link', { name: /care@framewala\.example/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Facebook पर Framewala' })).toBeInTheDocument();

    const text = document.querySelector('footer')!.textContent ?? '';
    expect(text).toContain('सर्वाधिकार सुरक्षित');
    for (const english of [
      'Quick links',
      'Useful links',
      'Policies',
      'Privacy policy',
      'All rights reserved',
      'Secure payments',
      'Contact us',
    ]) {
      expect(text, english).not.toContain(english);
    }
  });
});
