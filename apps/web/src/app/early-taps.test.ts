import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps, replayEarlyTap } from './early-taps';

const page = `<header><a href="/sign-in">Sign in</a></header><main><p>Hello</p><button>Start framing</button><button>Sizes</button></main>`;

function paint(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = page;
  document.body.append(root);
  return root;
}

afterEach(() => {
  replayEarlyTap(document.body); // lets go of anything still held
  document.body.innerHTML = '';
});

describe('taps before the app has started', () => {
  it('holds a tap on a button, starts the app at once, and presses the same button once the app answers', () => {
    const root = paint();
    const startNow = vi.fn();
    holdEarlyTaps(root, startNow);
    const reachedPage = vi.fn();
    document.addEventListener('click', reachedPage);
    root.querySelectorAll('button')[0]!.click();
    expect(startNow).toHaveBeenCalledTimes(1);
    expect(reachedPage).not.toHaveBeenCalled();
    // The tap shows at once that it was taken: the button is marked pressed (styled busy) until the app answers.
    expect(root.querySelectorAll('button')[0]).toHaveAttribute('data-held-tap');
    expect(root.querySelectorAll('button')[1]).not.toHaveAttribute('data-held-tap');

    // The app takes the page over (the same nodes) and now answers taps.
    const pressed = vi.fn();
    root.querySelectorAll('button')[0]!.addEventListener('click', pressed);
    replayEarlyTap(root);
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(root.querySelectorAll('button')[0]).not.toHaveAttribute('data-held-tap');
    document.removeEventListener('click', reachedPage);
  });

  it('finds the button again when the app rendered the page afresh, and presses nothing else', () => {
    const root = paint();
    holdEarlyTaps(root, () => undefined);
    root.querySelectorAll('button')[1]!.click();
    root.innerHTML = page;
    const pressed = [vi.fn(), vi.fn()];
    root.querySelectorAll('button').forEach((button, i) => button.addEventListener('click', pressed[i]!));
    replayEarlyTap(root);
    expect(pressed[0]).not.toHaveBeenCalled();
    expect(pressed[1]).toHaveBeenCalledTimes(1);
  });

  it('leaves links alone, and stops holding once the app has started', () => {
    const root = paint();
    const startNow = vi.fn();
    holdEarlyTaps(root, startNow);
    const link = root.querySelector('a')!;
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);
    link.click();
    expect(followed).toHaveBeenCalledTimes(1);
    expect(startNow).not.toHaveBeenCalled();

    replayEarlyTap(root);
    const pressed = vi.fn();
    root.querySelector('button')!.addEventListener('click', pressed);
    root.querySelector('button')!.click();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(startNow).not.toHaveBeenCalled();
  });
});
