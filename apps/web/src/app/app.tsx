import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useFreshStoredPhotoUrls } from '../lib/photo-urls';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  useFreshStoredPhotoUrls();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
