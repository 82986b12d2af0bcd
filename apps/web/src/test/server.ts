/**
 * The shop's API in the component tests (msw): every test adds the answers it needs (`server.use`, or `mockApi`), and
 * a request nothing answers fails, as one to an unreachable server does, and is reported. Never imported by the app.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer(
  // The header's contact links (`GET /api/site`) are not part of most tests: unanswered, as if the shop could not be
  // reached. A test about them answers it (`stubSiteConfig`).
  http.get('/api/site', () => HttpResponse.error()),
  // The landing page's prices and framed examples read the catalogue: likewise unanswered unless a test answers it.
  http.get('/api/get-frame', () => HttpResponse.error()),
  http.get('/api/get-motif-border-sizes', () => HttpResponse.error()),
);
