import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useDeferredValue, type ComponentType } from 'react';
import type { Locale } from '@framewala/domain';
import { Link } from 'react-router';
import { textLink } from '../../components/button-styles';
import { CheckIcon, ClockIcon, MailIcon, WhatsAppIcon } from '../../components/icons';
import { NoBreakRanges } from '../../components/no-break-ranges';
import { PageLoading } from '../../components/page-loading';
import { PageShell } from '../../components/page-shell';
import { emptyContactText } from '../../components/contact-menu-items';
import { SHOP_NAME, useSiteConfig } from '../../lib/site/site-config';
import { ALL_INFO_PAGE_IDS, loadInfoPage, useActiveLocale, useInfoPageLinks } from '../../lib/policies/policies';
import type { InfoPageContent, InfoPageId, InfoSection } from '../../lib/policies/policies';
import { policyFacts } from '../../lib/policies/policy-facts';
import { useHydrated } from '../../components/use-hydrated';

/**
 * Renders one information or policy page from `lib/policies/policies.ts`, in the active language. /terms and /privacy reuse
 * the same content. The page's text loads with its route: while it loads the page says so, and when the language
 * changes the page stays as it was until the text in the new language has arrived.
 */
export function InfoPage({ id }: { id: InfoPageId }) {
  const locale = useDeferredValue(useActiveLocale());
  const Page = loadedPage(id, locale);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

const loadedPages = new Map<string, ComponentType>();

/** A page in a language as a component that loads its text the first time it renders (one per page and language). */
function loadedPage(id: InfoPageId, locale: Locale): ComponentType {
  const key = `${locale}/${id}`;
  let Page = loadedPages.get(key);
  if (!Page) {
    Page = lazy(async () => {
      try {
        const page = await loadInfoPage(id, locale);
        return { default: () => <InfoPageView page={page} /> };
      } catch (error) {
        // A text that failed to arrive (a dropped connection) is asked for again on the next visit.
        loadedPages.delete(key);
        throw error;
      }
    });
    loadedPages.set(key, Page);
  }
  return Page;
}

function InfoPageView({ page }: { page: InfoPageContent }) {
  const { t } = useLingui();
  const cards = page.layout === 'cards';
  const facts = policyFacts(page.locale);
  const effectiveDate = facts.effectiveDate;

  return (
    <PageShell
      title={page.title}
      eyebrow={page.kind === 'policy' ? t`Policy` : SHOP_NAME}
      intro={<p>{page.summary}</p>}
      width="wide"
      meta={
        page.effective ? (
          <p className="inline-flex items-center gap-2 rounded-full border border-ink-200 bg-white/70 px-3.5 py-1.5 text-sm text-ink-600">
            <ClockIcon className="h-4 w-4 text-saffron-700" />
            <Trans>
              Effective <time dateTime={facts.effectiveDateIso}>{effectiveDate}</time>
            </Trans>
          </p>
        ) : null
      }
    >
      {page.highlights ? (
        <dl className="mb-10 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {page.highlights.map((item) => (
            <div key={item.label} className="rounded-2xl border border-ink-100 bg-white p-4 shadow-sm shadow-ink-900/5">
              <dt className="text-xs font-semibold tracking-[0.12em] text-ink-500 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
                {item.label}
              </dt>
              <dd className="mt-1.5 font-serif text-lg leading-snug text-ink-900">
                <NoBreakRanges text={item.value} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}

      {cards ? (
        <ol className="grid gap-4 sm:grid-cols-2">
          {page.sections.map((section, index) => (
            <li key={section.id} id={section.id} className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm shadow-ink-900/5">
              <div className="flex items-start gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-saffron-50 font-serif text-lg font-semibold text-saffron-700">
                  {index + 1}
                </span>
                <div>
                  <h2 className="text-xl font-semibold">{section.heading}</h2>
                  <SectionBody section={section} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-12">
          <nav aria-label={t`On this page`} className="mb-10 hidden lg:block">
            <div className="sticky top-28">
              <p className="text-xs font-semibold tracking-[0.14em] text-ink-500 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
                <Trans>On this page</Trans>
              </p>
              <ul className="mt-3 space-y-1 border-l border-ink-100">
                {page.sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="-ml-px block border-l-2 border-transparent py-1 pl-3 text-sm text-ink-600 hover:border-saffron-500 hover:text-ink-900"
                    >
                      {section.heading.replace(/^\d+\.\s*/, '')}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
          <article className="max-w-2xl">
            {page.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mb-10 last:mb-0">
                <h2 id={`${section.id}-heading`} className="text-2xl font-semibold">
                  {section.heading}
                </h2>
                <SectionBody section={section} />
              </section>
            ))}
          </article>
        </div>
      )}

      <ContactCard grievanceReply={facts.grievanceReply} />
      <OtherPages currentId={page.id} />
    </PageShell>
  );
}

function SectionBody({ section }: { section: InfoSection }) {
  return (
    <div className="mt-3 space-y-3 text-[1.05rem] leading-relaxed text-ink-700">
      {section.paragraphs?.map((text) => (
        <p key={text}>
          <NoBreakRanges text={text} />
        </p>
      ))}
      {section.list ? (
        <ul className="space-y-2.5">
          {section.list.map((text) => (
            <li key={text} className="flex gap-3">
              <CheckIcon className="mt-1 h-5 w-5 shrink-0 text-saffron-600" />
              <span>
                <NoBreakRanges text={text} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {section.after?.map((text) => (
        <p key={text}>
          <NoBreakRanges text={text} />
        </p>
      ))}
    </div>
  );
}

/**
 * The page's text arrives after the rest of the app has hydrated, and the contact details may have loaded by then:
 * the card first hydrates as it was prerendered (still loading), then shows them, instead of failing to match the HTML.
 */
function ContactCard({ grievanceReply }: { grievanceReply: string }) {
  const site = useSiteConfig();
  const hydrated = useHydrated();
  const { links } = site;
  const isLoading = !hydrated || site.isLoading;
  const hasLinks = hydrated && Boolean(links.emailHref || links.whatsappHref);
  const whatsappLabel = links.whatsappLabel;
  return (
    <aside aria-labelledby="info-contact-heading" className="mt-14 rounded-3xl border border-saffron-200 bg-saffron-50 p-6 sm:p-8">
      <h2 id="info-contact-heading" className="text-2xl font-semibold">
        <Trans>Questions? Talk to a person.</Trans>
      </h2>
      <p className="mt-2 max-w-2xl text-ink-700">
        <Trans>Write to us about an order, a policy or your data. We reply to every request and grievance within {grievanceReply}.</Trans>
      </p>
      {hasLinks ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {links.emailHref ? (
            <a
              href={links.emailHref}
              className="inline-flex min-h-11 items-center gap-2.5 rounded-full bg-white px-5 py-2.5 font-medium text-ink-900 shadow-sm hover:text-saffron-800"
            >
              <MailIcon className="h-5 w-5 text-saffron-700" />
              <span className="break-all">{links.email}</span>
            </a>
          ) : null}
          {links.whatsappHref ? (
            <a
              href={links.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2.5 rounded-full bg-white px-5 py-2.5 font-medium text-ink-900 shadow-sm hover:text-saffron-800"
            >
              <WhatsAppIcon className="h-5 w-5 text-saffron-700" />
              <Trans>WhatsApp {whatsappLabel}</Trans>
            </a>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-ink-600">{emptyContactText(isLoading)}</p>
      )}
    </aside>
  );
}

function OtherPages({ currentId }: { currentId: InfoPageId }) {
  const { t } = useLingui();
  const others = useInfoPageLinks(ALL_INFO_PAGE_IDS.filter((id) => id !== currentId));
  return (
    <nav aria-label={t`More information`} className="mt-12">
      <h2 className="text-xl font-semibold">
        <Trans>More information</Trans>
      </h2>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1">
        {others.map((page) => (
          <li key={page.id}>
            <Link to={page.path} className={`${textLink} inline-flex min-h-11 items-center`}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
