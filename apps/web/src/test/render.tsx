import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { server } from './server';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders the whole app (layout + routes) at a path, in memory. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user };
}

/** Renders a single component with the providers and a router around it. */
export function renderWithProviders(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user };
}

export const SAMPLE_SITE = {
  name: 'Framewala',
  supportEmail: 'care@framewala.example',
  supportPhone: '+91 98765 43210',
  whatsappNumber: '+91 98765-43210',
};

/** `GET /api/site` answers with the given body (any other request is left unanswered). */
export function stubSiteConfig(body: unknown = SAMPLE_SITE, status = 200) {
  server.use(http.get('/api/site', () => HttpResponse.json(body as never, { status })));
}
