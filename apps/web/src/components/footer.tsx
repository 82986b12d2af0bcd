import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { COMPANY_PAGE_IDS, useInfoPageLinks, type InfoPageId } from '../lib/policies/policies';
import { SHOP_NAME, useSiteConfig } from '../lib/site/site-config';
import { SOCIAL_LINKS } from './social-links';
import { BrandMark } from './brand-mark';
import { MailIcon, PhoneIcon, ShieldCheckIcon, WhatsAppIcon } from './icons';

const QUICK_LINKS: { label: MessageDescriptor; to: string }[] = [
  { label: msg`Home`, to: '/' },
  { label: msg`How it works`, to: '/#how-it-works' },
  { label: msg`Sign in`, to: '/sign-in' },
  { label: msg`Create account`, to: '/signup' },
  { label: msg`Frame designs`, to: '/edit-frame' },
  { label: msg`My account`, to: '/user' },
  { label: msg`Cart`, to: '/addtocart' },
];

/** The information pages, labelled with their own navLabel in the active language. */
const USEFUL_PAGES: readonly InfoPageId[] = [...COMPANY_PAGE_IDS, 'shipping-policy', 'cancellations-refunds'];
const POLICY_PAGES: readonly InfoPageId[] = ['terms-and-conditions', 'privacy-policy', 'gdpr-compliance-policy', 'disclaimer-policy'];

/**
 * Pages for the people building the shop; linked only while developing (`vite` dev server, tests). Like the pages
 * themselves, they stay in English.
 */
/* eslint-disable lingui/no-unlocalized-strings -- developer pages stay English (docs/decisions/086) */
const DEVELOPER_LINKS = [
  { label: 'Crop test', to: '/crop' },
  { label: 'Dummy data', to: '/dummy-data' },
  { label: 'Frame gallery', to: '/edit-frame' },
  { label: 'Preset sizes', to: '/sizes' },
  { label: 'Print size check', to: '/check' },
];
/* eslint-enable lingui/no-unlocalized-strings */

/** Devanagari has no capitals, and letter-spacing pulls its joined letters apart: small labels in Hindi are a size up and unspaced. */
const DEVANAGARI_LABEL = '[&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal';

const linkClass = 'inline-flex min-h-11 items-center text-[0.95rem] text-ink-200 hover:text-white sm:min-h-9';

function LinkColumn({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={`font-sans text-xs font-semibold tracking-[0.16em] text-saffron-300 uppercase ${DEVANAGARI_LABEL}`}>{title}</h2>
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
  const { t, i18n } = useLingui();
  const { links, isLoading } = useSiteConfig();
  const usefulLinks = useInfoPageLinks(USEFUL_PAGES).map((page) => ({ label: page.label, to: page.path }));
  const policyLinks = useInfoPageLinks(POLICY_PAGES).map((page) => ({ label: page.label, to: page.path }));
  const quickLinks = QUICK_LINKS.map((link) => ({ label: i18n._(link.label), to: link.to }));
  const whatsappLabel = links.whatsappLabel;
  const year = new Date().getFullYear();
  const hasContact = Boolean(links.emailHref || links.phoneHref || links.whatsappHref);

  return (
    <footer className="mt-auto bg-ink-900 text-ink-200">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-8 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <section aria-labelledby="footer-contact-heading" className="col-span-2 lg:col-span-1">
            <p className="flex min-h-11 items-center gap-2.5 font-serif text-2xl font-semibold text-white">
              <BrandMark className="h-8 w-8" />
              {SHOP_NAME}
            </p>
            <p className="mt-3 max-w-xs leading-relaxed text-ink-300">
              <Trans>Custom photo frames, printed and framed in India and delivered to your door.</Trans>
            </p>
            <h2
              id="footer-contact-heading"
              className={`mt-6 font-sans text-xs font-semibold tracking-[0.16em] text-saffron-300 uppercase ${DEVANAGARI_LABEL}`}
            >
              <Trans>Contact us</Trans>
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
                      <Trans>WhatsApp {whatsappLabel}</Trans>
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="mt-3 text-[0.95rem] text-ink-300">
                {isLoading ? (
                  <Trans>Loading contact details…</Trans>
                ) : (
                  <Trans>Contact details are unavailable right now. Please try again shortly.</Trans>
                )}
              </p>
            )}
          </section>

          <LinkColumn title={t`Quick links`} links={quickLinks} />
          <LinkColumn title={t`Useful links`} links={usefulLinks} />
          <LinkColumn title={t`Policies`} links={policyLinks} />
        </div>

        <div className="mt-12 flex flex-col gap-6 border-t border-white/10 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <ul className="flex items-center gap-2" aria-label={t`Follow Framewala`}>
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t`Framewala on ${name}`}
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-white/5 text-ink-100 hover:bg-saffron-700 hover:text-white"
                >
                  <Icon className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <ShieldCheckIcon className="h-5 w-5 shrink-0 text-saffron-300" />
            <Trans>Secure payments by Razorpay with UPI and cards. Prices in ₹, inclusive of taxes.</Trans>
          </p>
        </div>
        <p className="mt-6 text-sm text-ink-400">
          <Trans>© {year} Framewala. All rights reserved.</Trans>
        </p>
        {import.meta.env.DEV ? <DeveloperLinks /> : null}
      </div>
    </footer>
  );
}

/* eslint-disable lingui/no-unlocalized-strings -- developer pages stay English (docs/decisions/086) */
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
/* eslint-enable lingui/no-unlocalized-strings */
