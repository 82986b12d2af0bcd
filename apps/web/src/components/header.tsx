import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PriceStrip } from './price-strip';
import { contactMenuItems, emptyContactText, howToOrderMenuItems } from './contact-menu-items';
import { MenuList } from './contact-menus';
import { SHOP_NAME, useSiteConfig } from '../lib/site/site-config';
import { BrandMark } from './brand-mark';
import { Dropdown } from './dropdown';
import { CartLink } from './cart-link';
import { HeaderAccount } from './header-account';
import { LanguageSwitch } from './language-switch';
import { CloseIcon, MenuIcon } from './icons';

/**
 * Site header. Contact and How-to-order links come from `GET /api/site`; while that loads or if it fails the
 * dropdowns say so instead of showing broken links. Below the `md` breakpoint the two dropdowns collapse into
 * one Menu panel so the header fits a 360–390 px phone. The language switch stays in the row at every width (a Hindi
 * reader finds हिन्दी without opening a menu): below 420 px the brand shows its mark only (its name stays the link's
 * name), which makes room for it beside the cart, Sign In (longer in Hindi) and the Menu button.
 */
export function Header() {
  const { t } = useLingui();
  const { links, isLoading } = useSiteConfig();
  const contactItems = contactMenuItems(links);
  const orderItems = howToOrderMenuItems(links);
  const emptyText = emptyContactText(isLoading);

  return (
    <header className="sticky top-0 z-30 border-b border-ink-100/80 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 max-[379px]:px-3 sm:gap-2 sm:px-6 md:h-[4.5rem]">
        <Link
          to="/"
          className="mr-auto flex min-h-11 items-center gap-2 rounded-lg pr-1 font-serif text-[1.3rem] font-semibold tracking-tight text-ink-900 max-[379px]:gap-1.5 max-[379px]:text-[1.2rem] sm:gap-2.5 sm:pr-2 sm:text-[1.45rem]"
        >
          <BrandMark className="h-8 w-8 shrink-0" />
          <span className="max-[419px]:sr-only">{SHOP_NAME}</span>
        </Link>

        <nav aria-label={t`Help`} className="hidden items-center gap-1 md:flex">
          <Dropdown label={t`Contact`} align="right">
            <MenuList items={contactItems} emptyText={emptyText} />
          </Dropdown>
          <Dropdown label={t`How to order`} align="right">
            <MenuList items={orderItems} emptyText={emptyText} />
          </Dropdown>
        </nav>

        <LanguageSwitch className="max-[419px]:px-2" />
        <CartLink />
        <HeaderAccount />

        <MobileMenu>
          <section aria-labelledby="mobile-contact-heading">
            <h2 id="mobile-contact-heading" className="px-3 pb-1 font-sans text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase">
              <Trans>Contact</Trans>
            </h2>
            <MenuList items={contactItems} emptyText={emptyText} />
          </section>
          <section aria-labelledby="mobile-order-heading" className="mt-3 border-t border-ink-100 pt-3">
            <h2 id="mobile-order-heading" className="px-3 pb-1 font-sans text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase">
              <Trans>How to order</Trans>
            </h2>
            <MenuList items={orderItems} emptyText={emptyText} />
          </section>
        </MobileMenu>
      </div>
      <PriceStrip />
    </header>
  );
}

function MobileMenu({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Close on navigation.
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t`Menu`}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-800 hover:bg-ink-100/70"
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-ink-100 bg-white px-3 pt-3 pb-4 shadow-lg shadow-ink-900/10"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
