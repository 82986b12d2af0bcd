import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { clearOfField, clearToasts, closeToastsOnNavigation, showToast } from './toast-store';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n';
import { ToastViewport } from './toast-viewport';

/** The viewport with the messages it needs (its close button's label), as the app's providers give it. */
const renderViewport = () =>
  render(
    <I18nProvider i18n={i18n}>
      <ToastViewport />
    </I18nProvider>,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close by themselves after 3 seconds', () => {
    renderViewport();
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getByText('Address saved successfully!')).toBeVisible();
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.getByText('Address saved successfully!')).toBeVisible();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Address saved successfully!')).toBeNull();
  });

  it('wait while the pointer is on them, and close with their button', () => {
    renderViewport();
    act(() => void showToast('Login Successfully', { durationMs: 5000 }));
    const toast = screen.getByTestId('toast');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.getByText('Login Successfully')).toBeVisible();
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Login Successfully')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Login Successfully')).toBeNull();
  });

  it('announce errors as alerts and successes politely', () => {
    renderViewport();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void showToast('Failed to save address. Please try again.', { tone: 'error' }));
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save address. Please try again.');
    expect(screen.getByText('Address saved successfully!').closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('do not stack the same message twice', () => {
    renderViewport();
    act(() => void showToast('Address saved successfully!'));
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getAllByText('Address saved successfully!')).toHaveLength(1);
  });
});

describe('toasts and navigation', () => {
  const pages = ['/checkout', '/checkout/pay', '/success', '/'].map((path) => ({ path, element: <p>{path}</p> }));

  function watchedRouter() {
    const router = createMemoryRouter(pages, { initialEntries: ['/checkout'] });
    const stop = closeToastsOnNavigation(router);
    renderViewport();
    return { router, stop };
  }

  it('a toast shown by an action that navigates stays on the page it leads to, and closes at the next navigation', async () => {
    const { router, stop } = watchedRouter();
    await act(async () => {
      showToast('Address saved successfully!');
      await router.navigate('/checkout/pay');
    });
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Address saved successfully!')).toBeVisible();

    await act(() => router.navigate('/success'));
    expect(screen.queryByText('Address saved successfully!')).toBeNull();
    stop();
  });

  it('a toast shown by an action that navigates to a page still loading (a lazy route) is shown on that page when it arrives', async () => {
    let arrive = () => {};
    const loading = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const router = createMemoryRouter(
      [
        { path: '/checkout', element: <p>/checkout</p> },
        {
          path: '/checkout/pay',
          lazy: async () => {
            await loading;
            return { element: <p>/checkout/pay</p> };
          },
        },
        { path: '/success', element: <p>/success</p> },
      ],
      { initialEntries: ['/checkout'] },
    );
    const stop = closeToastsOnNavigation(router);
    renderViewport();
    let navigation: Promise<void> = Promise.resolve();
    act(() => {
      showToast('Address saved successfully!');
      navigation = router.navigate('/checkout/pay');
    });
    // The page's code is still loading when the toast would be bound: it waits for the page.
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => {
      arrive();
      await navigation;
    });
    expect(router.state.location.pathname).toBe('/checkout/pay');
    expect(screen.getByText('Address saved successfully!')).toBeVisible();

    await act(() => router.navigate('/success'));
    expect(screen.queryByText('Address saved successfully!')).toBeNull();
    stop();
  });

  it('a toast shown on a page closes when the customer leaves it, long before its timer', async () => {
    const { router, stop } = watchedRouter();
    act(() => void showToast('Login Successfully', { durationMs: 5000 }));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Login Successfully')).toBeVisible();
    await act(() => router.navigate('/'));
    expect(screen.queryByText('Login Successfully')).toBeNull();
    stop();
  });

  it('without navigation a toast still closes at its timer', () => {
    const { stop } = watchedRouter();
    act(() => void showToast('Login Successfully', { durationMs: 5000 }));
    act(() => vi.advanceTimersByTime(4800));
    expect(screen.getByText('Login Successfully')).toBeVisible();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Login Successfully')).toBeNull();
    stop();
  });
});

describe('where toasts show', () => {
  const rect = (top: number, height: number) =>
    ({ top, bottom: top + height, height, left: 0, right: 390, width: 390, x: 0, y: top }) as DOMRect;

  it('at the top on a phone, bottom right on wider screens', () => {
    renderViewport();
    const stack = screen.getByTestId('toasts');
    expect(stack.className).toMatch(/(^|\s)top-\[/);
    expect(stack.className).not.toMatch(/(^|\s)bottom-/);
    expect(stack.className).toMatch(/sm:bottom-6/);
    expect(stack.className).toMatch(/sm:top-auto/);
  });

  it('never over the field being typed in: they move below it, or above it when there is no room below', () => {
    render(
      <I18nProvider i18n={i18n}>
        <label>
          E-mail
          <input type="email" />
        </label>
        <ToastViewport />
      </I18nProvider>,
    );
    const stack = screen.getByTestId('toasts');
    const field = screen.getByLabelText('E-mail');
    // The field sits under the toasts' own place at the top of a 390 × 844 phone.
    vi.spyOn(stack, 'getBoundingClientRect').mockReturnValue(rect(12, 64));
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue(rect(40, 48));
    act(() => field.focus());
    act(() => void showToast('Coupon applied'));
    expect(stack.style.top).toBe('96px');

    // Focus on a button: the toasts go back to their own place.
    act(() => field.blur());
    expect(stack.style.top).toBe('');

    // A field clear of them leaves them where they are.
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue(rect(300, 48));
    act(() => field.focus());
    expect(stack.style.top).toBe('');
  });

  it('choose below the field, else above it', () => {
    expect(clearOfField(rect(12, 64), rect(40, 48), 844)).toBe(96);
    expect(clearOfField(rect(12, 64), rect(300, 48), 844)).toBeNull();
    // A field near the bottom of a short visible area (the keyboard is open): above it.
    expect(clearOfField(rect(300, 64), rect(320, 48), 400)).toBe(248);
  });
});
