import { msg } from '@lingui/core/macro';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { PageShell } from '../../components/page-shell';

const helpfulLinks = [
  { to: '/#how-it-works', label: msg`How it works` },
  { to: '/shipping-policy', label: msg`Shipping policy` },
  { to: '/about-us', label: msg`About us` },
];

/** Friendly 404 for any unknown address. */
export function NotFoundPage() {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const { pathname } = useLocation();
  return (
    <PageShell
      title={t`We couldn’t find that page`}
      eyebrow={t`Page not found`}
      homeLink={false}
      noindex
      intro={
        <p>
          <Trans>
            There is nothing at <code className="rounded bg-white px-1.5 py-0.5 text-base break-all text-ink-800">{pathname}</code>. The
            link may be old or mistyped, but your photos are safe.
          </Trans>
        </p>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButton}>
          <Trans>Go to the home page</Trans>
        </Link>
        {helpfulLinks.map((link) => (
          <Link key={link.to} to={link.to} className={secondaryButton}>
            {i18n._(link.label)}
          </Link>
        ))}
      </div>
    </PageShell>
  );
}

/** Shown if a route throws while rendering: never a blank page. */
export function RouteErrorPage() {
  const { t } = useLingui();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <NotFoundPage />;
  return (
    <PageShell
      title={t`Something went wrong`}
      eyebrow={t`Sorry`}
      homeLink={false}
      intro={
        <p>
          <Trans>This page ran into a problem. Please reload it, or start again from the home page.</Trans>
        </p>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButton}>
          <Trans>Go to the home page</Trans>
        </Link>
        <button type="button" onClick={() => window.location.reload()} className={secondaryButton}>
          <Trans>Reload the page</Trans>
        </button>
      </div>
    </PageShell>
  );
}
