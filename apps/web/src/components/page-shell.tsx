import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from './icons';

type PageShellProps = {
  title: string;
  /** Small label above the heading, e.g. 'Policy' or 'Developer page'. */
  eyebrow?: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  /** Extra content under the intro inside the heading band (dates, badges). */
  meta?: ReactNode;
  children?: ReactNode;
  /** Override the <title>; defaults to '<title> — Framewala'. */
  documentTitle?: string;
  /** Keep developer pages out of search engines. */
  noindex?: boolean;
  /** Show a 'Back to home' link under the content (default true). */
  homeLink?: boolean;
  width?: 'narrow' | 'wide';
};

/** The frame of every inner page: document title, a heading band with the page's single h1, the content, a way home. */
export function PageShell({
  title,
  eyebrow,
  intro,
  meta,
  children,
  documentTitle,
  noindex = false,
  homeLink = true,
  width = 'narrow',
}: PageShellProps) {
  const { t } = useLingui();
  const maxWidth = width === 'wide' ? 'max-w-6xl' : 'max-w-3xl';
  return (
    <>
      <title>{documentTitle ?? t`${title} — Framewala`}</title>
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <div className="border-b border-ink-100/80 bg-gradient-to-b from-sand/70 to-cream">
        <div className={`mx-auto ${maxWidth} px-4 pt-10 pb-8 sm:px-6 sm:pt-14 sm:pb-10`}>
          {eyebrow ? <p className="mb-3 text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">{eyebrow}</p> : null}
          <h1 className="text-[2rem] leading-tight font-semibold sm:text-[2.6rem]">{title}</h1>
          {intro ? <div className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-600">{intro}</div> : null}
          {meta ? <div className="mt-5">{meta}</div> : null}
        </div>
      </div>
      <div className={`mx-auto ${maxWidth} px-4 py-10 sm:px-6 sm:py-12`}>
        {children}
        {homeLink ? (
          <p className="mt-12">
            <Link to="/" className="inline-flex min-h-11 items-center gap-2 font-medium text-saffron-800 hover:text-saffron-900">
              <ArrowRightIcon className="h-4 w-4 rotate-180" />
              <Trans>Back to home</Trans>
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
