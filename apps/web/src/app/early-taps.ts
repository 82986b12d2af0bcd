/**
 * A prerendered page shows its buttons before the app has started (decision 088), and until then a button does
 * nothing. A tap on one in that time is held instead of lost: the app is started at once, and once it has taken the
 * page over the same button is pressed again (`replayEarlyTap`, from the app's first effect). Links are left alone:
 * they work as plain links before the app starts. The held button is marked (`data-held-tap`, styled as pressed and
 * busy in index.css) at once, so the tap shows it was taken while the app is still arriving on a slow phone.
 */

/** The attribute that marks a button whose tap is held. */
export const HELD_TAP_ATTRIBUTE = 'data-held-tap';
interface HeldTap {
  button: HTMLButtonElement;
  /** Where the button stood under the root, and its text: found again when the app rendered the page afresh. */
  path: number[];
  text: string;
}

let held: HeldTap | null = null;
let stopHolding: (() => void) | null = null;

function pathOf(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let at: Element = node; at !== root && at.parentElement; at = at.parentElement) {
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

function atPath(root: Element, path: number[]): Element | undefined {
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  return at;
}

/** Until the app has started, holds a tap on a button under `root` and calls `startNow`. */
export function holdEarlyTaps(root: Element, startNow: () => void): void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held?.button.removeAttribute(HELD_TAP_ATTRIBUTE);
    button.setAttribute(HELD_TAP_ATTRIBUTE, '');
    held = { button, path: pathOf(root, button), text: button.textContent ?? '' };
    startNow();
  };
  document.addEventListener('click', onClick, true);
  stopHolding = () => document.removeEventListener('click', onClick, true);
}

/**
 * Called once the app has rendered: presses the held button again, now that it answers. A page the app rendered
 * afresh may show its button a few frames later (a page's code still arriving): it is looked for for up to a second.
 */
export function replayEarlyTap(root: Element): void {
  stopHolding?.();
  stopHolding = null;
  const tap = held;
  held = null;
  if (!tap) return;
  // The page's own busy state takes over from here (the button it renders, pressed again below).
  tap.button.removeAttribute(HELD_TAP_ATTRIBUTE);
  const until = performance.now() + 1000;
  const press = () => {
    const found = tap.button.isConnected ? tap.button : atPath(root, tap.path);
    if (found instanceof HTMLButtonElement && found.textContent === tap.text && !found.disabled) found.click();
    else if (performance.now() < until) requestAnimationFrame(press);
  };
  press();
}
