import './index.css';

/**
 * The page paints before the app's script is fetched. Public pages arrive as HTML (scripts/prerender.mjs) and need
 * only the stylesheet to paint; on a phone's slow link the stylesheet, the font and the page's pictures then have the
 * connection to themselves instead of sharing it with the app's script, which follows one frame later (start.tsx).
 * A page opened in a background tab paints nothing until it is shown, so it starts at once.
 */
function start() {
  void import('./start');
}

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
