import { Link } from 'react-router';
import { COMPANY_PAGES, INFO_PAGES } from '../lib/policies';
import { useSiteConfig } from '../lib/site-config';
import { SOCIAL_LINKS } from '../lib/social-links';
import { BrandMark } from './brand-mark';
import { MailIcon, PhoneIcon, ShieldCheckIcon, WhatsAppIcon } from './icons';

const QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'How it works', to: '/#how-it-works' },
  { label: 'Sign in', to: '/sign-in' },
  { label: 'Create account', to: '/signup' },
  { label: 'Frame designs', to: '/edit-frame' },
  { label: 'My account', to: '/user' },
  { label: 'Cart', to: '/addtocart' },
];

const USEFUL_LINKS = [
  ...COMPANY_PAGES.map((page) => ({ label: page.navLabel, to: page.path })),
  { label: INFO_PAGES['shipping-policy'].navLabel, to: INFO_PAGES['shipping-policy'].path },
  { label: INFO_PAGES['cancellations-refunds'].navLabel, to: INFO_PAGES['cancellations-refunds'].path },
];

const POLICY_LINKS = (['terms-and-conditions', 'privacy-policy', 'gdpr-compliance-policy', 'disclaimer-policy'] as const).map((id) => ({
  label: INFO_PAGES[id].navLabel,
  to: INFO_PAGES[id].path,
}));

/** Pages for the people building the shop; linked only while developing (`vite` dev server, tests). */
const DEVELOPER_LINKS = [
  { label: 'Crop test', to: '/crop' },
  { label: 'Dummy data', to: '/dummy-data' },
  { label: 'Frame gallery', to: '/edit-frame' },
  { label: 'Preset sizes', to: '/sizes' },
  { label: 'Print size check', to: '/check' },
];

const linkClass = 'inline-flex min-h-11 items-center text-[0.95rem] text-ink-200 hover:text-white sm:min-h-9';

function LinkColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-xs font-semibold tracking-[0.16em] text-saffron-300 uppercase">{title}</h2>
      <ul className="mt-3 grid grid-cols-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { links, isLoading } = useSiteConfig();
  const year = new Date().getFullYear();
  const hasContact = Boolean(links.emailHref || links.phoneHref || links.whatsappHref);

  return (
    <footer className="mt-auto bg-ink-900 text-ink-200">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-8 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <section aria-labelledby="footer-contact-heading" className="col-span-2 lg:col-span-1">
            <p className="flex min-h-11 items-center gap-2.5 font-serif text-2xl font-semibold text-white">
              <BrandMark className="h-8 w-8" />
              Framewala
            </p>
            <p className="mt-3 max-w-xs leading-relaxed text-ink-300">
              Custom photo frames, printed and framed in India and delivered to your door.
            </p>
            <h2 id="footer-contact-heading" className="mt-6 font-sans text-xs font-semibold tracking-[0.16em] text-saffron-300 uppercase">
              Contact us
            </h2>
            {hasContact ? (
              <ul className="mt-3 space-y-1">
                {links.emailHref ? (
                  <li>
                    <a href={links.emailHref} className={`${linkClass} gap-2.5`}>
                      <MailIcon className="h-5 w-5 shrink-0 text-saffron-300" />
                      <span className="break-all">{links.email}</span>
                    </a>
                  </li>
                ) : null}
                {links.phoneHref ? (
                  <li>
                    <a href={links.phoneHref} className={`${linkClass} gap-2.5`}>
                      <PhoneIcon className="h-5 w-5 shrink-0 text-saffron-300" />
                      {links.phone}
                    </a>
                  </li>
                ) : null}
                {links.whatsappHref ? (
                  <li>
                    <a href={links.whatsappHref} target="_blank" rel="noopener noreferrer" className={`${linkClass} gap-2.5`}>
                      <WhatsAppIcon className="h-5 w-5 shrink-0 text-saffron-300" />
                      WhatsApp {links.whatsappLabel}
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="mt-3 text-[0.95rem] text-ink-300">
                {isLoading ? 'Loading contact details…' : 'Contact details are unavailable right now. Please try again shortly.'}
              </p>
            )}
          </section>

          <LinkColumn title="Quick links" links={QUICK_LINKS} />
          <LinkColumn title="Useful links" links={USEFUL_LINKS} />
          <LinkColumn title="Policies" links={POLICY_LINKS} />
        </div>

        <div className="mt-12 flex flex-col gap-6 border-t border-white/10 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <ul className="flex items-center gap-2" aria-label="Follow Framewala">
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Framewala on ${name}`}
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-white/5 text-ink-100 hover:bg-saffron-700 hover:text-white"
                >
                  <Icon className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <ShieldCheckIcon className="h-5 w-5 shrink-0 text-saffron-300" />
            Secure payments by Razorpay with UPI and cards. Prices in ₹, inclusive of taxes.
          </p>
        </div>
        <p className="mt-6 text-sm text-ink-400">© {year} Framewala. All rights reserved.</p>
        {import.meta.env.DEV ? <DeveloperLinks /> : null}
      </div>
    </footer>
  );
}

function DeveloperLinks() {
  return (
    <nav aria-label="Developer pages" className="mt-6 rounded-xl border border-dashed border-white/15 px-4 py-3">
      <h2 className="font-sans text-xs font-semibold tracking-[0.16em] text-ink-400 uppercase">Developer pages · development build only</h2>
      <ul className="mt-1 flex flex-wrap gap-x-5">
        {DEVELOPER_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-flex min-h-11 items-center text-sm text-ink-300 hover:text-white sm:min-h-9">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
