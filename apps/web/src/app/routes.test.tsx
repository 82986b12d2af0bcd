import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STORAGE_KEY } from '../lib/order-draft/stored-order';
import { renderRoute } from '../test/render';
import { ROUTE_PATHS, routes } from './routes';

/** Every route's `lazy` (the pages loaded on demand). */
function lazyLoads(list: RouteObject[]): (() => Promise<unknown>)[] {
  return list.flatMap((route) => [...(typeof route.lazy === 'function' ? [route.lazy] : []), ...lazyLoads(route.children ?? [])]);
}

// The pages load their code on demand: load it once up front, so that each test waits for its page's render only and
// not for its modules to be transformed on a busy machine.
beforeAll(async () => {
  await Promise.all(lazyLoads(routes).map((load) => load()));
}, 120_000);

function mainText(): string {
  return document.querySelector('main')?.textContent ?? '';
}

describe('route table', () => {
  it.each(ROUTE_PATHS)('%s renders one h1 and a way home', async (path) => {
    renderRoute(path);
    // Lazy pages load their chunk first: on a busy machine that takes more than the default second.
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent?.trim()).not.toBe('');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Framewala' })).toHaveAttribute('href', '/');
    expect(screen.getByText(`© ${new Date().getFullYear()} Framewala. All rights reserved.`)).toBeInTheDocument();
  });

  it('shows a friendly 404 for unknown addresses', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('/edit-photo redirects to / (replacing history) when no photo is in client state', async () => {
    const { router } = renderRoute('/edit-photo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Preserving Your Best Moments, One Frame at a Time');
  });

  it('/edit-photo also redirects when the stored order is corrupt or has no photo', async () => {
    window.localStorage.setItem(ORDER_STORAGE_KEY, '{not json');
    const first = renderRoute('/edit-photo');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();

    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ size: '12x8' }));
    const second = renderRoute('/edit-photo');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
  });

  it('/edit-photo stays when a photo is in client state', async () => {
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: { url: '/media/p.jpg' } }));
    const { router } = renderRoute('/edit-photo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your photo' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/edit-photo');
  });

  it('/terms shows the same text as /terms-and-conditions', async () => {
    const a = renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    const terms = mainText();
    a.unmount();

    renderRoute('/terms-and-conditions');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(mainText()).toBe(terms);
    expect(terms).toContain('within 48 hours of delivery');
    expect(terms).toContain('within 7 days of delivery');
    expect(terms).toContain('12 May 2025');
  });

  it('/privacy shows the same text as /privacy-policy', async () => {
    const a = renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const privacy = mainText();
    a.unmount();

    renderRoute('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(mainText()).toBe(privacy);
    expect(privacy).toContain('90 days');
  });

  it('the footer links to every static page', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = document.querySelector('footer')!;
    const hrefs = Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    for (const path of [
      '/about-us',
      '/our-promises',
      '/shipping-policy',
      '/cancellations-refunds',
      '/terms-and-conditions',
      '/privacy-policy',
      '/gdpr-compliance-policy',
      '/disclaimer-policy',
    ]) {
      expect(hrefs).toContain(path);
    }
    for (const name of ['Facebook', 'YouTube', 'Pinterest']) {
      expect(screen.getByRole('link', { name: `Framewala on ${name}` })).toBeInTheDocument();
    }
  });
});
