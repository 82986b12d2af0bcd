import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor, useSession } from '../../lib/auth';
import { showToast } from '../../lib/toast-store';

// The console loads on demand: customers never download it.
const AdminOrdersPage = lazy(async () => ({ default: (await import('./orders-page')).AdminOrdersPage }));
const AdminOrderPage = lazy(async () => ({ default: (await import('./order-page')).AdminOrderPage }));
const AdminCataloguePage = lazy(async () => ({ default: (await import('./catalogue-page')).AdminCataloguePage }));
const AdminOffersPage = lazy(async () => ({ default: (await import('./offers-page')).AdminOffersPage }));

export const STAFF_ONLY_MESSAGE = 'The shop console is for Framewala’s staff only.';

function SendHome() {
  useEffect(() => {
    showToast(STAFF_ONLY_MESSAGE, { tone: 'error', durationMs: 6000 });
  }, []);
  return <Navigate to="/" replace />;
}

/**
 * `/admin/*`: signed out → `/sign-in?next=<this page>`; a customer → home with a message. The stored role only decides
 * what to show: the server answers 403 to anyone who is not an admin, and the pages say so (a role changed since
 * sign-in, or missing user details).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  if (session.user && session.user.role !== 'admin') return <SendHome />;
  return children;
}

function Deferred({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-ink-500 sm:px-6">
          Loading the console…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function AdminOrdersRoute() {
  return (
    <RequireAdmin>
      <Deferred>
        <AdminOrdersPage />
      </Deferred>
    </RequireAdmin>
  );
}

export function AdminOrderRoute() {
  return (
    <RequireAdmin>
      <Deferred>
        <AdminOrderPage />
      </Deferred>
    </RequireAdmin>
  );
}

export function AdminCatalogueRoute() {
  return (
    <RequireAdmin>
      <Deferred>
        <AdminCataloguePage />
      </Deferred>
    </RequireAdmin>
  );
}

export function AdminOffersRoute() {
  return (
    <RequireAdmin>
      <Deferred>
        <AdminOffersPage />
      </Deferred>
    </RequireAdmin>
  );
}
