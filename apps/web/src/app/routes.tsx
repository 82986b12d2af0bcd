import type { RouteObject } from 'react-router';
import type { CatalogueName } from '../lib/i18n';
import { Layout } from '../components/layout';
import { LazyCheckPage, LazyCropPage, LazyDummyDataPage, LazySizesPage } from './lazy-pages';
import { BuyerDetailsRoute, ForgotPasswordRoute, ProfileRoute, ResetPasswordRoute, SignInRoute, SignUpRoute } from './account-pages';
import { AdminCatalogueRoute, AdminOffersRoute, AdminOrderRoute, AdminOrdersRoute } from '../features/admin/lazy-pages';
import { CartRoute } from '../features/cart/lazy-pages';
import { CancelRoute, CheckoutRoute, SuccessRoute } from '../features/checkout/lazy-pages';
import { EditPhotoRoute } from '../features/editor/edit-photo-route';
import { EditFrameRoute } from '../features/frames/edit-frame-route';
import { HomePage } from '../features/home/home-page';
import { InfoPage } from '../features/info/info-page';
import type { InfoPageId } from '../lib/policies';
import { NotFoundPage, RouteErrorPage } from '../features/not-found/not-found-page';
import { CustomerOrderRoute } from '../features/orders/lazy-pages';
import { WallRoute } from '../features/wall/lazy-pages';

const info = (path: string, id: InfoPageId): RouteObject => ({ path, element: <InfoPage id={id} /> });

/** The seed's route table (§2). Every page renders inside the shared layout and has exactly one h1. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors thrown by a page render here, inside the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '/edit-photo', element: <EditPhotoRoute /> },
          { path: '/edit-frame', element: <EditFrameRoute /> },
          { path: '/see-it-on-a-wall', element: <WallRoute /> },
          { path: '/signup', element: <SignUpRoute /> },
          { path: '/sign-in', element: <SignInRoute /> },
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
          { path: '/reset-password', element: <ResetPasswordRoute /> },
          // Buyer details, then the payment step.
          { path: '/checkout', element: <BuyerDetailsRoute /> },
          { path: '/checkout/pay', element: <CheckoutRoute /> },
          { path: '/addtocart', element: <CartRoute /> },
          { path: '/user', element: <ProfileRoute /> },
          // The customer's own order, and the owner's console (admins only; loaded on demand).
          { path: '/orders/:id', element: <CustomerOrderRoute /> },
          { path: '/admin', element: <AdminOrdersRoute /> },
          { path: '/admin/orders/:id', element: <AdminOrderRoute /> },
          { path: '/admin/catalogue', element: <AdminCatalogueRoute /> },
          { path: '/admin/offers', element: <AdminOffersRoute /> },
          { path: '/success', element: <SuccessRoute /> },
          { path: '/cancel', element: <CancelRoute /> },
          // /terms and /privacy show the real texts, identical to their long-named pages.
          info('/terms', 'terms-and-conditions'),
          info('/terms-and-conditions', 'terms-and-conditions'),
          info('/privacy', 'privacy-policy'),
          info('/privacy-policy', 'privacy-policy'),
          info('/cancellations-refunds', 'cancellations-refunds'),
          info('/gdpr-compliance-policy', 'gdpr-compliance-policy'),
          info('/disclaimer-policy', 'disclaimer-policy'),
          info('/shipping-policy', 'shipping-policy'),
          info('/about-us', 'about-us'),
          info('/our-promises', 'our-promises'),
          { path: '/dummy-data', element: <LazyDummyDataPage /> },
          { path: '/sizes', element: <LazySizesPage /> },
          { path: '/crop', element: <LazyCropPage /> },
          { path: '/check', element: <LazyCheckPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Every path of the route table, for tests and screenshots. */
export const ROUTE_PATHS = [
  '/',
  '/edit-photo',
  '/edit-frame',
  '/see-it-on-a-wall',
  '/signup',
  '/sign-in',
  '/forgot-password',
  '/reset-password',
  '/checkout',
  '/checkout/pay',
  '/addtocart',
  '/user',
  '/success',
  '/cancel',
  '/terms',
  '/privacy',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cancellations-refunds',
  '/gdpr-compliance-policy',
  '/disclaimer-policy',
  '/shipping-policy',
  '/about-us',
  '/our-promises',
  '/dummy-data',
  '/sizes',
  '/crop',
  '/check',
] as const;

/**
 * The public pages rendered to HTML at build time (scripts/prerender.mjs): they paint before the JavaScript runs.
 * Only pages that look the same for every visitor until the browser's own state is read.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/sign-in',
  '/signup',
  '/forgot-password',
  '/terms',
  '/terms-and-conditions',
  '/privacy',
  '/privacy-policy',
  '/cancellations-refunds',
  '/gdpr-compliance-policy',
  '/disclaimer-policy',
  '/shipping-policy',
  '/about-us',
  '/our-promises',
] as const satisfies readonly (typeof ROUTE_PATHS)[number][];

/**
 * The catalogue a prerendered page's own code brings (it loads on demand): loaded before the page is taken over, so
 * that nothing changes above the page while React takes it over (a change there makes React paint it afresh).
 */
export const PRERENDERED_CATALOGUES: Partial<Record<(typeof PRERENDERED_PATHS)[number], CatalogueName>> = {
  '/sign-in': 'auth',
  '/signup': 'auth',
  '/forgot-password': 'auth',
};
