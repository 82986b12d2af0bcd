import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { sessionUserQueryOptions } from '../lib/auth-api';
import { ToastViewport } from './toast-viewport';
import { displayFirstName, getSession, saveSessionUser, useSession, type Session } from '../lib/auth';
import { setSignInRedirect, SESSION_EXPIRED_NOTICE } from '../lib/auth-request';
import { primaryButton } from './button-styles';
import { ChevronDownIcon } from './icons';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

/**
 * The header's account corner: signed out, a Sign In button; signed in, a circle with the
 * initial, the first name and a menu with Profile and Logout. It also hosts the app-wide pieces of the session
 * (`SessionServices`).
 */
export function HeaderAccount() {
  const session = useSession();
  return (
    <>
      {session?.user?.role === 'admin' ? (
        <Link
          to="/admin"
          className="ml-1 hidden min-h-11 items-center rounded-full px-4 text-[0.95rem] font-semibold text-saffron-800 hover:bg-saffron-50 md:inline-flex"
        >
          <Trans>Admin</Trans>
        </Link>
      ) : null}
      {session ? (
        <UserMenu session={session} />
      ) : (
        <Link to="/sign-in" className={`${primaryButton} ml-0.5 whitespace-nowrap max-sm:px-3.5! max-[379px]:px-3! sm:ml-1 md:ml-3`}>
          <Trans>Sign In</Trans>
        </Link>
      )}
      <SessionServices />
    </>
  );
}

/**
 * The app-wide pieces of the session, in every layout's header: the toasts, the redirect to sign in when a token is
 * refused, and a background refresh of the user's details.
 */
export function SessionServices() {
  const session = useSession();
  useSessionExpiryRedirect();
  useUserRefresh(session);
  return <ToastViewport />;
}

/** A 401 from an authenticated call (lib/auth-request) navigates here, inside the router, keeping the order. */
function useSessionExpiryRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSignInRedirect((target) => navigate(target, { state: { notice: SESSION_EXPIRED_NOTICE } }));
    return () => setSignInRedirect(null);
  }, [navigate]);
}

/**
 * Seed §7: 'GET user, when a token exists'. Keeps the stored name fresh; a refused token signs the browser out
 * quietly (no redirect from a page that does not need sign-in); any other failure is ignored.
 */
function useUserRefresh(session: Session | null) {
  const token = session?.token ?? null;
  const query = useQuery(sessionUserQueryOptions(token));
  const fresh = query.data;
  useEffect(() => {
    if (!fresh) return;
    const current = getSession();
    if (current && JSON.stringify(current.user) !== JSON.stringify(fresh)) saveSessionUser(fresh);
  }, [fresh]);
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
const MENU_ITEMS = 'a[href], button:not([disabled])';

function UserMenu({ session }: { session: Session }) {
  const { t } = useLingui();
  const { setOpen, open, rootProps, buttonProps, panelProps } = useDisclosure(MENU_ITEMS);
  const signOut = useSignOut();
  const firstName = displayFirstName(session.user);
  const initial = firstName.charAt(0).toUpperCase();
  const fullName = [session.user?.firstName, session.user?.lastName].filter(Boolean).join(' ');

  const logout = () => {
    setOpen(false);
    void signOut();
  };

  return (
    <div {...rootProps} className="relative ml-1 min-w-0 md:ml-3">
      <button
        {...buttonProps}
        // Shrinks with the header on a narrow phone (the first name is cut with an ellipsis), never past 14rem.
        aria-label={t`Account menu for ${firstName}`}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex min-h-11 max-w-full items-center gap-2 rounded-full py-1 pr-2.5 pl-1 text-[0.95rem] font-medium transition-colors sm:max-w-[14rem] sm:pr-3 ${
          open ? 'bg-saffron-50 text-saffron-800' : 'text-ink-800 hover:bg-ink-100/70'
        }`}
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-saffron-700 font-serif text-lg font-semibold text-white"
        >
          {initial}
        </span>
        <span className="truncate" data-testid="header-first-name">
          {firstName}
        </span>
        <ChevronDownIcon className={`h-4 w-4 shrink-0 transition-transform max-[399px]:hidden ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        {...panelProps}
        className="absolute top-full right-0 z-40 mt-2 w-64 rounded-2xl border border-ink-100 bg-white p-2 shadow-xl shadow-ink-900/10"
      >
        {fullName || session.user?.email ? (
          <div className="border-b border-ink-100 px-3 pt-1.5 pb-2.5">
            {fullName ? <p className="truncate font-semibold text-ink-900">{fullName}</p> : null}
            {session.user?.email ? <p className="truncate text-sm text-ink-500">{session.user.email}</p> : null}
          </div>
        ) : null}
        <ul className="mt-1 flex flex-col gap-0.5">
          {session.user?.role === 'admin' ? (
            <li>
              <Link
                to="/admin"
                onClick={() => setOpen(false)}
                className="flex min-h-11 items-center rounded-xl px-3 py-2.5 font-medium text-ink-900 hover:bg-saffron-50 focus-visible:bg-saffron-50"
              >
                <Trans>Admin console</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <Link
              to="/user"
              onClick={() => setOpen(false)}
              className="flex min-h-11 items-center rounded-xl px-3 py-2.5 font-medium text-ink-900 hover:bg-saffron-50 focus-visible:bg-saffron-50"
            >
              <Trans>Profile</Trans>
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={logout}
              className="flex min-h-11 w-full items-center rounded-xl px-3 py-2.5 text-left font-medium text-ink-900 hover:bg-saffron-50 focus-visible:bg-saffron-50"
            >
              <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
