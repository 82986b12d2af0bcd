import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { withCatalogue } from '../../lib/i18n';

// The account pages load on demand: their forms bring react-hook-form, zod and the shared schemas, none of which the
// landing page needs. Each brings its texts with it.
export const authRoutes: RouteObject[] = [
  {
    path: '/signup',
    lazy: withCatalogue('auth', async () => ({ Component: (await import('./sign-up-page')).SignUpPage })),
    hydrateFallbackElement: <PageLoading />,
  },
  {
    path: '/sign-in',
    lazy: withCatalogue('auth', async () => ({ Component: (await import('./sign-in-page')).SignInPage })),
    hydrateFallbackElement: <PageLoading />,
  },
  {
    path: '/forgot-password',
    lazy: withCatalogue('auth', async () => ({ Component: (await import('./forgot-password-page')).ForgotPasswordPage })),
    hydrateFallbackElement: <PageLoading />,
  },
  {
    path: '/reset-password',
    lazy: withCatalogue('auth', async () => ({ Component: (await import('./reset-password-page')).ResetPasswordPage })),
    hydrateFallbackElement: <PageLoading />,
  },
];
