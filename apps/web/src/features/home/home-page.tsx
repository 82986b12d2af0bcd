import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon, CheckIcon } from '../../components/icons';
import { NoBreakRanges } from '../../components/no-break-ranges';
import { loadUploadDialog } from '../../app/upload-dialog';
import { HeroIllustration } from './hero-illustration';
import { ShopPrices } from './shop-prices';
import { HEADLINE, HERO_TICKS, HOW_IT_WORKS_STEPS, TRUST_POINTS } from './home-content';
import { policyFacts } from '../../lib/policies/policy-facts';
import { useOrderInProgress } from '../../lib/order-draft/use-order-in-progress';

const UploadModal = lazy(async () => ({ default: (await loadUploadDialog()).UploadModal }));
const prefetchUpload = () => void loadUploadDialog();

/** A message with the values it names (kept out of the `i18n._` call, where the extractor reads only literals). */
const withValues = (message: MessageDescriptor, values: Record<string, string>): MessageDescriptor => ({ ...message, values });

export function HomePage() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const facts = policyFacts();
  const { cancellationWindow, defectReportWindow } = facts;
  const [uploadOpen, setUploadOpen] = useState(false);
  // The button pressed to open the upload sheet shows itself busy until the sheet's code has arrived and it shows.
  const [opening, setOpening] = useState<'hero' | 'closing' | null>(null);
  const inProgress = useOrderInProgress();
  // Links such as /#how-it-works are scrolled into view by React Router's <ScrollRestoration> in the layout.

  const openUpload = (from: 'hero' | 'closing') => {
    if (!uploadOpen) setOpening(from);
    setUploadOpen(true);
  };

  // '/?upload=1' (Upload another photo, after adding one to the cart) opens the upload dialog at once. Opened after
  // the first paint so the prerendered page and the hydrated one agree.
  const [searchParams, setSearchParams] = useSearchParams();
  const uploadAsked = searchParams.get('upload') === '1';
  useEffect(() => {
    if (!uploadAsked) return;
    setUploadOpen(true);
    setSearchParams({}, { replace: true });
  }, [uploadAsked, setSearchParams]);

  return (
    <>
      <title>{t`Framewala — Custom photo frames, made in India`}</title>

      {/* Hero */}
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-full bg-[radial-gradient(ellipse_at_top_right,var(--color-saffron-100),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-14 sm:px-6 md:grid-cols-[1.05fr_1fr] md:gap-12 md:pt-16 md:pb-20 lg:gap-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-saffron-200 bg-white/80 px-3.5 py-1.5 text-sm font-medium text-saffron-800">
              <span className="h-2 w-2 shrink-0 rounded-full bg-saffron-500" aria-hidden="true" />
              <Trans>Custom photo frames, made in India</Trans>
            </p>
            <h1 className="mt-5 text-[2.35rem] leading-[1.08] font-semibold tracking-tight sm:text-5xl lg:text-[3.6rem]">
              {i18n._(HEADLINE)}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-600 sm:text-xl">
              <Trans>
                Upload a photo from your phone, choose the size in inches, crop it, pick a frame and an optional white border, and see it
                true to scale before you pay in rupees.
              </Trans>
            </p>
            {inProgress ? <ContinueFrame thumbnailUrl={inProgress.thumbnailUrl} /> : null}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              <button
                type="button"
                onClick={() => openUpload('hero')}
                onPointerEnter={prefetchUpload}
                onFocus={prefetchUpload}
                aria-busy={opening === 'hero' ? true : undefined}
                className={`${inProgress ? secondaryButton : primaryButton} press-feedback px-7 py-3.5 text-lg`}
              >
                <Trans>Start framing</Trans>
                <ArrowRightIcon className="h-5 w-5" />
              </button>
              <a href="#how-it-works" className={`${secondaryButton} px-7 py-3.5 text-lg`}>
                <Trans>How it works</Trans>
              </a>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-[0.95rem] text-ink-700">
              {HERO_TICKS.map((tick) => (
                <li key={tick.id} className="flex items-center gap-2">
                  <CheckIcon className="h-5 w-5 text-leaf-600" />
                  {i18n._(tick)}
                </li>
              ))}
            </ul>
          </div>

          <div className="relative mx-auto w-full max-w-md md:max-w-none">
            <div className="relative rounded-[2rem] bg-gradient-to-br from-sand via-[#efe2d1] to-[#e8d5bf] p-5 shadow-inner sm:p-8">
              <HeroIllustration />
              <div className="absolute top-4 right-4 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold tracking-wide text-ink-700 shadow-sm sm:top-6 sm:right-6">
                <Trans>Live preview</Trans>
              </div>
            </div>
            <div className="relative mx-3 -mt-8 rounded-2xl border border-ink-100 bg-white px-4 py-3 shadow-lg shadow-ink-900/10 sm:mx-8 md:w-fit">
              <p className="text-sm font-semibold text-ink-900">
                <Trans>
                  12 × 8 in photo · walnut frame <span className="whitespace-nowrap">· 2 in white border</span>
                </Trans>
              </p>
              <p className="mt-0.5 text-sm text-ink-600">
                <Trans>
                  Outer size 19 × 15 in <span className="whitespace-nowrap">(48.3 × 38.1 cm)</span>
                </Trans>
              </p>
            </div>
          </div>
        </div>
      </section>

      {/* What it costs, with framed examples */}
      <ShopPrices />

      {/* How it works */}
      <section id="how-it-works" aria-labelledby="how-it-works-heading" className="border-y border-ink-100 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
            <Trans>How it works</Trans>
          </p>
          <h2 id="how-it-works-heading" className="mt-3 max-w-2xl text-3xl font-semibold sm:text-4xl">
            <Trans>From your phone to your wall in four steps</Trans>
          </h2>
          <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_IT_WORKS_STEPS.map(({ key, title, text, Icon }, index) => {
              const step = index + 1;
              return (
                <li key={key} className="relative rounded-2xl border border-ink-100 bg-cream p-6">
                  <div className="flex items-center justify-between">
                    <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-saffron-700 text-white shadow-sm shadow-saffron-900/20">
                      <Icon className="h-6 w-6" />
                    </span>
                    <span className="font-serif text-4xl font-semibold text-saffron-200" aria-hidden="true">
                      {step}
                    </span>
                  </div>
                  <h3 className="mt-5 text-xl leading-snug font-semibold">
                    <span className="sr-only">
                      <Trans>Step {step}:</Trans>{' '}
                    </span>
                    {i18n._(title)}
                  </h3>
                  <p className="mt-2 leading-relaxed text-ink-600">{i18n._(text)}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      {/* Trust */}
      <section aria-labelledby="trust-heading">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
          <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
            <div>
              <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
                <Trans>Why Framewala</Trans>
              </p>
              <h2 id="trust-heading" className="mt-3 text-3xl font-semibold sm:text-4xl">
                <Trans>A frame shop you can trust with your photos and your money</Trans>
              </h2>
              <p className="mt-4 leading-relaxed text-ink-600">
                <Trans>
                  Cancel within {cancellationWindow} of ordering. If a frame arrives damaged or wrong, tell us within {defectReportWindow}{' '}
                  and we replace it or refund you.
                </Trans>
              </p>
              <p className="mt-4">
                <Link to="/our-promises" className={`${textLink} inline-flex min-h-11 items-center`}>
                  <Trans>Read our promises</Trans>
                </Link>
              </p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2">
              {TRUST_POINTS.map(({ key, title, text, Icon }) => (
                <li key={key} className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm shadow-ink-900/5">
                  <span className="flex h-11 w-11 items-center justify-center rounded-full bg-saffron-50 text-saffron-700">
                    <Icon className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{i18n._(title)}</h3>
                  <p className="mt-1.5 leading-relaxed text-ink-600">
                    <NoBreakRanges text={i18n._(withValues(text, facts))} />
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 md:pb-20">
        <div className="mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-saffron-800 px-6 py-12 text-center text-white sm:px-12 md:py-16">
          <h2 id="cta-heading" className="mx-auto max-w-2xl text-3xl font-semibold text-white sm:text-4xl">
            <Trans>Your favourite photo deserves more than a phone screen</Trans>
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-saffron-100">
            <Trans>It takes a few minutes to frame it. You see the finished frame before you pay.</Trans>
          </p>
          <button
            type="button"
            onClick={() => openUpload('closing')}
            onPointerEnter={prefetchUpload}
            onFocus={prefetchUpload}
            aria-busy={opening === 'closing' ? true : undefined}
            className="press-feedback mt-8 inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-white px-7 py-3.5 text-lg font-semibold text-saffron-800 shadow-sm hover:bg-saffron-50"
          >
            <Trans>Upload your photo</Trans>
            <ArrowRightIcon className="h-5 w-5" />
          </button>
        </div>
      </section>

      {uploadOpen && (
        <Suspense fallback={null}>
          <UploadModal open onClose={() => setUploadOpen(false)} />
          <WhenShown onShown={() => setOpening(null)} />
        </Suspense>
      )}
    </>
  );
}

/** Renders nothing; tells once that the content around it (inside the same Suspense boundary) is on screen. */
function WhenShown({ onShown }: { onShown: () => void }) {
  const shown = useRef(onShown);
  useEffect(() => shown.current(), []);
  return null;
}

/** The frame in progress in this browser: back into the editor where it was left. */
function ContinueFrame({ thumbnailUrl }: { thumbnailUrl: string | null }) {
  const [thumbFailed, setThumbFailed] = useState(false);
  return (
    <div
      className="mt-7 flex items-center gap-3.5 rounded-2xl border border-saffron-200 bg-white/90 p-3 pr-4 shadow-sm shadow-ink-900/5"
      data-testid="continue-frame"
    >
      {thumbnailUrl && !thumbFailed ? (
        <img
          src={thumbnailUrl}
          alt=""
          onError={() => setThumbFailed(true)}
          className="h-14 w-14 shrink-0 rounded-lg bg-ink-100 object-cover ring-1 ring-ink-100"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-ink-600">
          <Trans>Your frame is waiting where you left it.</Trans>
        </p>
        <Link to="/edit-photo" className={`${primaryButton} mt-2 px-5`}>
          <Trans>Continue your frame</Trans>
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </div>
  );
}
