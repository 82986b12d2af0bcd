import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { PageShell } from '../../components/page-shell';

const helpfulLinks = [
  { to: '/#how-it-works', label: 'How it works' },
  { to: '/shipping-policy', label: 'Shipping policy' },
  { to: '/about-us', label: 'About us' },
];

/** Friendly 404 for any unknown address. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageShell
      title="We couldn’t find that page"
      eyebrow="Page not found"
      homeLink={false}
      noindex
      intro={
        <p>
          There is nothing at <code className="rounded bg-white px-1.5 py-0.5 text-base break-all text-ink-800">{pathname}</code>. The link
          may be old or mistyped, but your photos are safe.
        </p>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButton}>
          Go to the home page
        </Link>
        {helpfulLinks.map((link) => (
          <Link key={link.to} to={link.to} className={secondaryButton}>
            {link.label}
          </Link>
        ))}
      </div>
    </PageShell>
  );
}

/** Shown if a route throws while rendering: never a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) return <NotFoundPage />;
  return (
    <PageShell
      title="Something went wrong"
      eyebrow="Sorry"
      homeLink={false}
      intro={<p>This page ran into a problem. Please reload it, or start again from the home page.</p>}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButton}>
          Go to the home page
        </Link>
        <button type="button" onClick={() => window.location.reload()} className={secondaryButton}>
          Reload the page
        </button>
      </div>
    </PageShell>
  );
}
