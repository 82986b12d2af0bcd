import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { closeToastsOnNavigation } from '../lib/toast-store';
import { useFreshStoredPhotoUrls } from '../lib/photo-urls';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);
closeToastsOnNavigation(router);

export function App() {
  useFreshStoredPhotoUrls();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
