import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_SWITCH_LABELS } from '@framewala/domain';
import { renderWithProviders, stubSiteConfig } from '../test/render';
import { Header } from './header';

describe('Header', () => {
  it('shows the brand linking home and a Sign In button to /sign-in', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Framewala' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  it('opens and closes the Contact dropdown with the keyboard', async () => {
    stubSiteConfig();
    const { user } = renderWithProviders(<Header />);
    const contact = screen.getByRole('button', { name: 'Contact' });
    expect(contact).toHaveAttribute('aria-expanded', 'false');

    await user.tab(); // brand link
    await user.tab();
    expect(contact).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(contact).toHaveAttribute('aria-expanded', 'true');

    const panel = document.getElementById(contact.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const whatsapp = await within(panel!).findByRole('link', { name: /WhatsApp/ });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/919876543210');
    expect(within(panel!).getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:care@framewala.example');

    await user.keyboard('{Escape}');
    expect(contact).toHaveAttribute('aria-expanded', 'false');
    expect(contact).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it('opens How to order with ArrowDown, moves through its links and closes on a click outside', async () => {
    stubSiteConfig();
    const { user } = renderWithProviders(<Header />);
    const howTo = screen.getByRole('button', { name: 'How to order' });
    const panel = document.getElementById(howTo.getAttribute('aria-controls') ?? '')!;
    await within(panel).findByRole('link', { name: /Ask on WhatsApp/, hidden: true });

    howTo.focus();
    await user.keyboard('{ArrowDown}');
    expect(howTo).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(panel).getByRole('link', { name: /See how it works/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByRole('link', { name: /Ask on WhatsApp/ })).toHaveFocus();
    expect(
      within(panel)
        .getByRole('link', { name: /E-mail your question/ })
        .getAttribute('href'),
    ).toMatch(/^mailto:care@framewala\.example\?subject=/);

    await user.click(document.body);
    expect(howTo).toHaveAttribute('aria-expanded', 'false');
  });

  it('opening one dropdown by mouse toggles it; a second click closes it', async () => {
    const { user } = renderWithProviders(<Header />);
    const contact = screen.getByRole('button', { name: 'Contact' });
    await user.click(contact);
    expect(contact).toHaveAttribute('aria-expanded', 'true');
    await user.click(contact);
    expect(contact).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides the contact links, without crashing, when /api/site fails', async () => {
    // The setup file makes every fetch fail.
    const { user } = renderWithProviders(<Header />);
    const contact = screen.getByRole('button', { name: 'Contact' });
    await user.click(contact);
    const panel = document.getElementById(contact.getAttribute('aria-controls') ?? '')!;
    expect(await within(panel).findByText(/Contact details are unavailable right now/)).toBeVisible();
    expect(document.querySelector('a[href^="https://wa.me/"]')).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('ignores malformed site configuration fields', async () => {
    stubSiteConfig({ name: 'Framewala', supportEmail: 'not-an-email', whatsappNumber: '12', supportPhone: 42 });
    const { user } = renderWithProviders(<Header />);
    const contact = screen.getByRole('button', { name: 'Contact' });
    await user.click(contact);
    const panel = document.getElementById(contact.getAttribute('aria-controls') ?? '')!;
    expect(await within(panel).findByText(/Contact details are unavailable right now/)).toBeVisible();
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('keeps the language switch in the header row at every width, not in the phone Menu', async () => {
    stubSiteConfig();
    const { user } = renderWithProviders(<Header />);
    const switches = screen.getAllByRole('button', { name: LOCALE_SWITCH_LABELS.hi });
    expect(switches).toHaveLength(1);
    expect(switches[0]).toHaveTextContent('हिन्दी');
    // No width hides it (Tailwind's `max-[…]:hidden`), and the brand's name stays the home link's name.
    expect(switches[0]!.className).not.toMatch(/(^|\s)(max-\[\d+px\]:|max-sm:|max-md:)?hidden(\s|$)/);
    expect(screen.getByRole('link', { name: 'Framewala' })).toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).queryByRole('button', { name: LOCALE_SWITCH_LABELS.hi })).toBeNull();
    expect(panel.contains(switches[0]!)).toBe(false);
  });

  it('collapses the help links into a Menu on small screens', async () => {
    stubSiteConfig();
    const { user } = renderWithProviders(<Header />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getByRole('heading', { name: 'Contact' })).toBeVisible();
    expect(await within(panel).findByRole('link', { name: /Chat on WhatsApp/ })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
