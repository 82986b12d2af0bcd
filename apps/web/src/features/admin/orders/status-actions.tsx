import { zodResolver } from '@hookform/resolvers/zod';
import { isOrderStatus, POLICY_FACTS, type OrderStatus } from '@framewala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { statusLabel } from '../../../lib/orders/order-status';
import { errorText } from '../error-text';
import { ADMIN_ORDERS_QUERY_KEY, adminOrderQueryOptions, changeOrderStatus, type AdminOrder } from '../api/orders';

/** The button for each move an admin may make (the server's `nextStatuses`). */
const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  in_production: 'Start production',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  refunded: 'Mark refunded',
};

const CARRIERS = ['India Post', 'Delhivery', 'Blue Dart', 'DTDC', 'Ekart', 'Xpressbees', 'Shadowfax', 'Shiprocket'];

const statusFormSchema = z
  .object({
    status: z.string(),
    carrier: z.string().trim().max(60, 'Keep the carrier under 60 characters.'),
    trackingNumber: z
      .string()
      .trim()
      .max(60, 'Keep the tracking number under 60 characters.')
      .refine((value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/.test(value), 'Use letters, digits, spaces and . _ / - only.'),
    note: z.string().trim().max(500, 'Keep the note under 500 characters.'),
  })
  .superRefine((value, ctx) => {
    if (value.status !== 'shipped') return;
    if (value.carrier === '') ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'Enter the carrier.' });
    if (value.trackingNumber === '') ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Enter the tracking number.' });
  });
type StatusFormInput = z.input<typeof statusFormSchema>;
type StatusFormValues = z.output<typeof statusFormSchema>;

/** The allowed moves as buttons; a chosen move opens a small form (carrier and tracking number for shipping). */
export function StatusActions({ order }: { order: AdminOrder }) {
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const moves = order.nextStatuses.filter(isOrderStatus);
  // When the form closes, focus goes back to the first move now on offer (or to this block when none is left).
  const close = () => {
    setTarget(null);
    requestAnimationFrame(() => (rootRef.current?.querySelector<HTMLElement>('button:not([disabled])') ?? rootRef.current)?.focus());
  };
  if (moves.length === 0) {
    return (
      <div ref={rootRef} tabIndex={-1} className="focus:outline-none">
        <p className="text-ink-600">Nothing more to do: this order is {statusLabel(order.status).toLowerCase()}.</p>
      </div>
    );
  }
  return (
    <div ref={rootRef} tabIndex={-1} className="focus:outline-none">
      <div className="flex flex-wrap gap-2">
        {moves.map((move) => {
          const danger = move === 'cancelled' || move === 'refunded';
          return (
            <button
              key={move}
              type="button"
              aria-expanded={target === move}
              onClick={() => setTarget((current) => (current === move ? null : move))}
              className={danger ? `${secondaryButton} border-red-200 text-red-800 hover:border-red-400 hover:text-red-900` : primaryButton}
            >
              {ACTION_LABELS[move] ?? `Mark ${statusLabel(move).toLowerCase()}`}
              {move === 'shipped' ? '…' : ''}
            </button>
          );
        })}
      </div>
      {target ? <StatusForm key={target} order={order} target={target} onDone={close} /> : null}
    </div>
  );
}

function StatusForm({ order, target, onDone }: { order: AdminOrder; target: OrderStatus; onDone: () => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const listId = useId();
  const firstRef = useRef<HTMLInputElement | null>(null);
  const shipping = target === 'shipped';
  const form = useForm<StatusFormInput, unknown, StatusFormValues>({
    resolver: zodResolver(statusFormSchema),
    defaultValues: { status: target, carrier: order.carrier ?? '', trackingNumber: order.trackingNumber ?? '', note: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: StatusFormValues) =>
      changeOrderStatus(order.id, {
        status: target,
        ...(shipping ? { carrier: values.carrier, trackingNumber: values.trackingNumber } : {}),
        ...(values.note ? { note: values.note } : {}),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY });
      showToast(`Order ${order.id} is now ${statusLabel(updated.status).toLowerCase()}.`);
      onDone();
    },
  });

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const { errors } = form.formState;
  const carrier = form.register('carrier');
  const note = form.register('note');
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      className="mt-4 rounded-2xl border border-saffron-200 bg-saffron-50/60 p-4 sm:p-5"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {shipping ? 'Ship this order' : `${ACTION_LABELS[target] ?? statusLabel(target)}?`}
      </h3>
      <p className="mt-1 text-sm text-ink-600">
        {shipping
          ? 'The customer gets an e-mail with the carrier and tracking number.'
          : target === 'delivered'
            ? 'The customer gets an e-mail saying the order has arrived.'
            : target === 'cancelled'
              ? `A paid order can be cancelled within ${POLICY_FACTS.cancellationWindow} of payment. Refund it afterwards.`
              : `The order moves from ${statusLabel(order.status).toLowerCase()} to ${statusLabel(target).toLowerCase()}.`}
      </p>
      <fieldset disabled={mutation.isPending} className="mt-4 grid gap-4 sm:grid-cols-2">
        {shipping ? (
          <>
            <TextField
              label="Carrier"
              required
              list={listId}
              autoComplete="off"
              error={errors.carrier?.message}
              {...carrier}
              ref={(element) => {
                carrier.ref(element);
                firstRef.current = element;
              }}
            />
            <datalist id={listId}>
              {CARRIERS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <TextField
              label="Tracking number"
              required
              autoComplete="off"
              spellCheck={false}
              error={errors.trackingNumber?.message}
              {...form.register('trackingNumber')}
            />
          </>
        ) : null}
        <TextField
          label="Note (optional)"
          containerClassName="sm:col-span-2"
          hint="Kept in the order's history; the customer does not see it."
          error={errors.note?.message}
          {...note}
          ref={(element) => {
            note.ref(element);
            if (!shipping) firstRef.current = element;
          }}
        />
      </fieldset>
      {mutation.isError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorText(mutation.error)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onDone} disabled={mutation.isPending}>
          Back
        </button>
        <button type="submit" className={primaryButton} disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : shipping ? 'Mark shipped' : `Confirm: ${statusLabel(target).toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
