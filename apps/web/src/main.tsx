import './index.css';
import { holdEarlyTaps } from './app/early-taps';

/**
 * A prerendered page paints before the app's script is fetched. Public pages arrive as HTML (scripts/prerender.mjs)
 * and need only the stylesheet to paint; on a phone's slow link the stylesheet, the font and the page's pictures then
 * have the connection to themselves instead of sharing it with the app's script, which follows one frame later
 * (start.tsx). Any other page arrives empty, with the app preloaded, and starts at once; so does a page opened in a
 * background tab, which paints nothing until it is shown. A tap on a button of the painted page starts the app at once,
 * and the app presses that button again once it answers (app/early-taps.ts).
 */
/** Starts the app; a second call (a tap, then the frame after paint) finds the module already loading. */
function start() {
  void import('./start');
}

const root = document.getElementById('root');
if (!root?.firstElementChild || document.visibilityState === 'hidden') start();
else {
  holdEarlyTaps(root, start);
  requestAnimationFrame(() => setTimeout(start, 0));
}
