import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { RequireSignIn } from '../components/require-sign-in';
import { withCatalogue } from '../lib/i18n';

// The account pages load on demand: their forms bring react-hook-form, zod, the shared schemas and (buyer details)
// the phone input with its bundled flags, none of which the landing page needs. Each brings its texts with it.
const SignInPage = lazy(withCatalogue('auth', async () => ({ default: (await import('../features/auth/sign-in-page')).SignInPage })));
const SignUpPage = lazy(withCatalogue('auth', async () => ({ default: (await import('../features/auth/sign-up-page')).SignUpPage })));
const ForgotPasswordPage = lazy(
  withCatalogue('auth', async () => ({ default: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(
  withCatalogue('auth', async () => ({ default: (await import('../features/auth/reset-password-page')).ResetPasswordPage })),
);
const BuyerDetailsPage = lazy(
  withCatalogue('buyer-details', async () => ({
    default: (await import('../features/buyer-details/buyer-details-page')).BuyerDetailsPage,
  })),
);
const ProfilePage = lazy(
  withCatalogue('profile', async () => ({ default: (await import('../features/profile/profile-page')).ProfilePage })),
);

function Deferred({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function SignInRoute() {
  return (
    <Deferred>
      <SignInPage />
    </Deferred>
  );
}

export function SignUpRoute() {
  return (
    <Deferred>
      <SignUpPage />
    </Deferred>
  );
}

export function ForgotPasswordRoute() {
  return (
    <Deferred>
      <ForgotPasswordPage />
    </Deferred>
  );
}

export function ResetPasswordRoute() {
  return (
    <Deferred>
      <ResetPasswordPage />
    </Deferred>
  );
}

/** Seed §6: the buyer details page requires a token, otherwise /sign-in (with `next`, to come back). */
export function BuyerDetailsRoute() {
  return (
    <RequireSignIn>
      <Deferred>
        <BuyerDetailsPage />
      </Deferred>
    </RequireSignIn>
  );
}

/** The profile requires sign-in (the seed read it from local storage without a guard). */
export function ProfileRoute() {
  return (
    <RequireSignIn>
      <Deferred>
        <ProfilePage />
      </Deferred>
    </RequireSignIn>
  );
}
