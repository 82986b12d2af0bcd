/** What /success and /cancel show alike: the card they are drawn in, the order's facts and the shop's contacts. */
import type { ReactNode } from 'react';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { contactMenuItems } from '../../components/contact-menu-items';
import { useSiteConfig } from '../../lib/site/site-config';

export function SupportContacts({ heading }: { heading: string }) {
  const { links } = useSiteConfig();
  const items = contactMenuItems(links);
  if (items.length === 0) return null;
  return (
    <section aria-label={heading} className="mt-8 border-t border-ink-100 pt-6">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-3">
        {items.map(({ key, label, hint, href, Icon }) => (
          <li key={key}>
            <a
              href={href}
              {...(key === 'whatsapp' ? { target: '_blank', rel: 'noreferrer' } : {})}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink-200 bg-white px-4 py-2 text-ink-800 hover:border-saffron-400 hover:text-saffron-800"
            >
              <Icon className="h-4 w-4 shrink-0" />
              <span className="font-medium">{label}</span>
              {hint ? <span className="text-sm text-ink-500">{hint}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ResultCard({ tone, children }: { tone: 'success' | 'failure'; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-sand/70 to-cream">
      <div className="mx-auto max-w-2xl px-4 pt-10 pb-16 sm:px-6 sm:pt-16">
        <div className="rounded-3xl border border-ink-100 bg-white px-5 py-8 shadow-xl shadow-ink-900/5 sm:px-9 sm:py-10">
          <span
            aria-hidden="true"
            className={`flex h-14 w-14 items-center justify-center rounded-full ${tone === 'success' ? 'bg-leaf-50 text-leaf-600' : 'bg-red-50 text-red-700'}`}
          >
            {tone === 'success' ? <CheckIcon className="h-8 w-8" /> : <CloseIcon className="h-7 w-7" />}
          </span>
          {children}
        </div>
      </div>
    </div>
  );
}

export function OrderFacts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-6 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-1 gap-0.5 px-3.5 py-2.5 min-[480px]:grid-cols-[8.5rem_minmax(0,1fr)] min-[480px]:gap-3">
          <dt className="text-ink-500">{term}</dt>
          <dd className="m-0 font-medium [overflow-wrap:anywhere] text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
