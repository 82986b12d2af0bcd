import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { getSession } from './lib/auth';
import { hasStoredPhoto } from './lib/order-storage';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Framewala: #root element missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive rendered at build time (scripts/prerender.mjs) as a first-time visitor sees them: no query, not
// signed in, no order in progress. The app takes that HTML over (hydrates it) when this visit is the same; otherwise it
// renders afresh, replacing the HTML it painted meanwhile. Every other page arrives empty and is rendered here.
const asPrerendered = location.search === '' && getSession() === null && !hasStoredPhoto();
if (container.firstElementChild && asPrerendered) hydrateRoot(container, app);
else createRoot(container).render(app);
