import { matchRoutes, Outlet, useNavigation, type RouteObject } from 'react-router';

/**
 * The outlet of the page routes. While React Router loads the code of the page being opened (its route's `lazy`; the
 * app has no loaders, so that is the only time a navigation is 'loading'), that page's loading text shows in its place,
 * as on a first visit (the route's `hydrateFallbackElement`).
 */
export function NavigationPending({ pages }: { pages: RouteObject[] }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' ? matchRoutes(pages, navigation.location) : null;
  const fallback = pending?.findLast((match) => match.route.hydrateFallbackElement)?.route.hydrateFallbackElement;
  return fallback ?? <Outlet />;
}
