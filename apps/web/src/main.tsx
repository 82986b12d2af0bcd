import './index.css';

/**
 * A prerendered page paints before the app's script is fetched. Public pages arrive as HTML (scripts/prerender.mjs)
 * and need only the stylesheet to paint; on a phone's slow link the stylesheet, the font and the page's pictures then
 * have the connection to themselves instead of sharing it with the app's script, which follows one frame later
 * (start.tsx). Any other page arrives empty, with the app preloaded, and starts at once; so does a page opened in a
 * background tab, which paints nothing until it is shown.
 */
function start() {
  void import('./start');
}

const prerendered = document.getElementById('root')?.firstElementChild != null;
if (!prerendered || document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
