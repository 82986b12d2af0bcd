import { createBrowserRouter } from 'react-router';
import { closeToastsOnNavigation } from '../components/toast-store';
import { routes } from './routes';

export const router = createBrowserRouter(routes);
closeToastsOnNavigation(router);

/**
 * Resolves once the router has the first page's code (its route's `lazy`): a prerendered page is taken over only then,
 * so that React finds the page it painted rather than the page's loading text.
 */
export function firstPageLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
