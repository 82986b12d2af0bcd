import type { RouteObject } from 'react-router';
import type { CatalogueName } from '../lib/i18n';
import { Layout } from '../components/layout';
import { consolePages } from '../features/admin/admin-route';
import { ConsoleLayout } from '../features/admin/console-layout';
import { RequireAdmin } from '../features/admin/require-admin';
import { authRoutes } from '../features/auth/auth-route';
import { buyerDetailsRoute } from '../features/buyer-details/buyer-details-route';
import { cartRoute } from '../features/cart/cart-route';
import { checkoutRoutes } from '../features/checkout/checkout-route';
import { devRoutes } from '../features/dev/dev-route';
import { editPhotoRoute } from '../features/editor/edit-photo-route';
import { editFrameRoute } from '../features/frames/edit-frame-route';
import { HomePage } from '../features/home/home-page';
import { InfoPage } from '../features/info/info-page';
import type { InfoPageId } from '../lib/policies/policies';
import { NotFoundPage, RouteErrorPage } from '../features/not-found/not-found-page';
import { ordersRoute } from '../features/orders/orders-route';
import { profileRoute } from '../features/profile/profile-route';
import { wallRoute } from '../features/wall/wall-route';
import { NavigationPending } from './navigation-pending';

const info = (path: string, id: InfoPageId): RouteObject => ({ path, element: <InfoPage id={id} /> });

/**
 * The pages. The landing page, the information pages and the 404 come with the app; every other page loads on demand
 * (its route's `lazy`, in its feature's `*-route.tsx`) with its message catalogue, showing its loading text meanwhile.
 */
const pages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  editPhotoRoute,
  editFrameRoute,
  wallRoute,
  ...authRoutes,
  // Buyer details, then the payment step.
  buyerDetailsRoute,
  checkoutRoutes,
  cartRoute,
  profileRoute,
  // The customer's own order.
  ordersRoute,
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
  ...devRoutes,
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The owner's console (admins only): signed out or a customer is sent away before its code loads; its pages render in
 * the console's own layout, with the console's header in place of the shop's.
 */
const consoleRoute: RouteObject = {
  element: <RequireAdmin />,
  errorElement: <RouteErrorPage />,
  children: [
    {
      // Comes with the app (1.6 KB gzip), so that the console's header shows while a page's code loads.
      element: <ConsoleLayout />,
      children: [{ errorElement: <RouteErrorPage />, element: <NavigationPending pages={consolePages} />, children: consolePages }],
    },
  ],
};

/** The seed's route table (§2). Every page renders inside a layout (the shop's, or the console's) and has exactly one h1. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors thrown by a page render here, inside the header and footer; while the next page's code loads, its
        // loading text shows here (a console page's too, until the console's layout takes over).
        errorElement: <RouteErrorPage />,
        element: <NavigationPending pages={[...pages, consoleRoute]} />,
        children: pages,
      },
    ],
  },
  consoleRoute,
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
