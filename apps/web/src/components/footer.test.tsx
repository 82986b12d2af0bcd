import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubSiteConfig } from '../test/render';
import { Footer } from './footer';

afterEach(() => vi.unstubAllEnvs());

describe('Footer', () => {
  it('links the developer pages in a development build', () => {
    stubSiteConfig();
    vi.stubEnv('DEV', true);
    renderWithProviders(<Footer />);
    const developer = screen.getByRole('navigation', { name: 'Developer pages' });
    expect(within(developer).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/crop',
      '/dummy-data',
      '/edit-frame',
      '/sizes',
      '/check',
    ]);
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
});
