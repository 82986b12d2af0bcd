import { useEffect, useRef, type SVGProps } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { SessionServices } from '../../components/header-account';
import { useSignOut } from '../../components/use-sign-out';
import { SHOP_NAME } from '../../lib/site/site-config';

/** The console's sections, in its navigation: each is a page of its own under `/admin`. */
const CONSOLE_SECTIONS = [
  { to: '/admin', label: 'Orders', current: (path: string) => path === '/admin' || path.startsWith('/admin/orders/') },
  { to: '/admin/catalogue', label: 'Catalogue', current: (path: string) => path === '/admin/catalogue' },
  { to: '/admin/shipping', label: 'Shipping', current: (path: string) => path === '/admin/shipping' },
  { to: '/admin/offers', label: 'Coupons & tax', current: (path: string) => path === '/admin/offers' },
] as const;

/**
 * The owner's page frame, in place of the shop's: a header with the shop's name, the console's sections, a way back to
 * the shop and Sign out; no cart, price strip, help menus or account links meant for customers, and no shop footer.
 */
export function ConsoleLayout() {
  return (
    // The console stays English when the shop is shown in Hindi: screen readers read it as English.
    <div lang="en" className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-3 font-medium text-ink-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ConsoleHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-10 focus:outline-none">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}

/**
 * From 1024 px one row: the console's name, its sections, then View shop and Sign out. Below, the sections take a row
 * of their own that scrolls sideways inside itself (the page never does), and the two actions show as icons with
 * their names kept for screen readers.
 */
function ConsoleHeader() {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const sections = useRef<HTMLUListElement>(null);

  // On a phone the current section may sit past the row's edge: bring it into the row.
  useEffect(() => {
    const list = sections.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const hidden = current.offsetLeft < list.scrollLeft || current.offsetLeft + current.offsetWidth > list.scrollLeft + list.clientWidth;
    if (hidden) list.scrollLeft = current.offsetLeft - 16;
  }, [pathname]);

  const action =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2.5 text-[0.95rem] font-semibold text-ink-100 ' +
    'hover:bg-white/10 hover:text-white sm:px-3.5';
  return (
    <header className="sticky top-0 z-30 bg-ink-900 text-white shadow-sm shadow-ink-900/20">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 px-4 sm:px-6 lg:h-16 lg:flex-nowrap lg:gap-x-2">
        <Link
          to="/admin"
          className="mr-auto flex min-h-14 min-w-0 items-center gap-2 rounded-lg pr-1 font-serif text-[1.25rem] font-semibold tracking-tight lg:mr-4"
        >
          <BrandMark className="h-8 w-8 shrink-0" />
          <span>{SHOP_NAME}</span>
          <span className="rounded-full bg-saffron-300 px-2 py-0.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-900 uppercase">
            Console
          </span>
        </Link>

        <nav aria-label="Console" className="order-last w-full lg:order-none lg:w-auto">
          <ul
            ref={sections}
            className="relative -mx-1 flex gap-1 overflow-x-auto px-1 pb-2 [scrollbar-width:none] lg:overflow-visible lg:pb-0"
          >
            {CONSOLE_SECTIONS.map((section) => {
              const current = section.current(pathname);
              return (
                <li key={section.to} className="shrink-0">
                  <Link
                    to={section.to}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full px-3.5 text-[0.95rem] font-semibold whitespace-nowrap transition-colors ${
                      current ? 'bg-white text-ink-900' : 'text-ink-100 hover:bg-white/10 hover:text-white'
                    }`}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-1 lg:ml-auto">
          <Link to="/" className={action}>
            <ShopIcon className="h-5 w-5 shrink-0" />
            <span className="max-sm:sr-only">View shop</span>
          </Link>
          <button type="button" onClick={() => void signOut()} className={action}>
            <SignOutIcon className="h-5 w-5 shrink-0" />
            <span className="max-sm:sr-only">Sign out</span>
          </button>
          <SessionServices />
        </div>
      </div>
    </header>
  );
}

const iconProps: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};

/** A shop front: awning over a door. */
function ShopIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M4 10v10h16V10" />
      <path d="M3 10l2-6h14l2 6a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0Z" />
      <path d="M10 20v-5h4v5" />
    </svg>
  );
}

/** A door with an arrow leaving it. */
function SignOutIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M14 4H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8" />
      <path d="M11 12h10M17 8l4 4-4 4" />
    </svg>
  );
}
