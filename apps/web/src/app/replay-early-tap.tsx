import { useEffect } from 'react';
import { replayEarlyTap } from './early-taps';

/** Renders nothing; once the app has taken the page over, presses again a button tapped before it started. */
export function ReplayEarlyTap({ root }: { root: Element }) {
  useEffect(() => replayEarlyTap(root), [root]);
  return null;
}
