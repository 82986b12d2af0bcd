import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { ShieldCheckIcon } from '../../components/icons';

type AuthCardProps = {
  title: string;
  /** A short line above the heading ('Welcome to Framewala' on sign in; the seed's 'Welcome to the product' was a template placeholder). */
  eyebrow?: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other account pages. */
  footer?: ReactNode;
  documentTitle?: string;
};

/** The frame of the sign-in, sign-up and password pages: one centred card with the page's single h1. */
export function AuthCard({ title, eyebrow, intro, children, footer, documentTitle }: AuthCardProps) {
  const { t } = useLingui();
  return (
    <>
      <title>{documentTitle ?? t`${title} — Framewala`}</title>
      <div className="relative overflow-hidden bg-gradient-to-b from-sand/80 via-cream to-cream">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(ellipse_at_top,var(--color-saffron-100),transparent_65%)]"
        />
        <div className="relative mx-auto max-w-md px-4 pt-8 pb-14 sm:px-6 sm:pt-14 sm:pb-20">
          <div className="rounded-3xl border border-ink-100 bg-white px-5 py-7 shadow-xl shadow-ink-900/5 sm:px-8 sm:py-9">
            <BrandMark className="h-10 w-10" />
            {eyebrow ? (
              <p className="mt-5 text-sm font-semibold tracking-[0.12em] text-saffron-700 uppercase [&:lang(hi)]:tracking-normal">
                {eyebrow}
              </p>
            ) : null}
            <h1 className={`${eyebrow ? 'mt-1.5' : 'mt-5'} text-[2rem] leading-tight font-semibold`}>{title}</h1>
            {intro ? <div className="mt-2 leading-relaxed text-ink-600">{intro}</div> : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-ink-700">{footer}</div> : null}
          <p className="mt-6 flex items-center justify-center gap-2 text-sm text-ink-500">
            <ShieldCheckIcon className="h-4 w-4 shrink-0 text-leaf-600" />
            <Trans>Your details are used only for your orders.</Trans>
          </p>
        </div>
      </div>
    </>
  );
}
