import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast } from './toast-store';
import { ToastViewport } from './toast-viewport';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close by themselves after 3 seconds', () => {
    render(<ToastViewport />);
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getByText('Address saved successfully!')).toBeVisible();
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.getByText('Address saved successfully!')).toBeVisible();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Address saved successfully!')).toBeNull();
  });

  it('wait while the pointer is on them, and close with their button', () => {
    render(<ToastViewport />);
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
    render(<ToastViewport />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void showToast('Failed to save address. Please try again.', { tone: 'error' }));
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save address. Please try again.');
    expect(screen.getByText('Address saved successfully!').closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('do not stack the same message twice', () => {
    render(<ToastViewport />);
    act(() => void showToast('Address saved successfully!'));
    act(() => void showToast('Address saved successfully!'));
    expect(screen.getAllByText('Address saved successfully!')).toHaveLength(1);
  });
});
