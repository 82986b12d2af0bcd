import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { primaryButton } from '../../components/button-styles';
import { getOrderDraft, updateOrderDraft, useOrderDraft, type OrderDraft } from '../../lib/order-draft/order-draft';
import { readStoredOrder, writeStoredOrder } from '../../lib/order-draft/stored-order';
import { EDITING_FIELD, toEditingLine } from '../../lib/cart/local-cart';
import { useAccountCart, useCartActions } from '../../lib/cart/use-cart';
import { showToast } from '../../components/toast-store';
import { buyerDetailsPath } from '../../lib/checkout/checkout-source';
import { useFrameSets, useWhiteBorders } from '../../lib/catalogue/catalogue-api';
import { BorderStep } from './border-step';
import { CropTool } from './crop-tool';
import { CustomSizeStep } from './custom-size-step';
import { EnhancePanel } from './enhance-panel';
import {
  chooseBorder,
  chooseFrame,
  choosePreset,
  cropIsApplied,
  effectiveCrop,
  goBack,
  goNext,
  moveCrop,
  openFrameSet,
  setQuantity,
  typeCustomSize,
} from './editor-model';
import { borderForIndex, borderInches, chosenFrame, chosenPrintSize } from '../../lib/order-draft/draft-choices';
import { FrameStep } from './frame-step';
import { FramePreview } from './frame-preview';
import { OptionsStep } from './options-step';
import { SizeStep } from './size-step';
import { STEP_HEADING_ID } from './step-ui';
import { SummaryStep, type CartAction } from './summary-step';
import { Stepper } from './stepper';
import { useCropAction } from './use-crop-action';
import { useLeaveGuard } from './use-leave-guard';
import { useStepAddress } from './use-step-address';

const update = (change: (draft: OrderDraft) => OrderDraft) => updateOrderDraft(change);

export function EditorPage() {
  const draft = useOrderDraft();
  useLeaveGuard(draft !== null);
  if (!draft) return <UnreadablePhoto />;
  return <Editor draft={draft} />;
}

function UnreadablePhoto() {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <title>{t`Edit your photo — Framewala`}</title>
      <h1 className="text-[2rem] font-semibold">
        <Trans>Edit your photo</Trans>
      </h1>
      <p role="alert" className="mt-4 text-lg text-ink-600">
        <Trans>We couldn’t open your photo. Please upload it again.</Trans>
      </p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        <Trans>Start framing</Trans>
      </Link>
    </div>
  );
}

function Editor({ draft }: { draft: OrderDraft }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const print = chosenPrintSize(draft);
  const choice = chosenFrame(draft, sets.data);
  const cropAction = useCropAction(print);
  const rootRef = useRef<HTMLDivElement>(null);
  const { step, moveTo, backTo } = useStepAddress(draft, sets.data);

  /** A change of the order; a change of step opens the step's own history entry (the stored step follows it). */
  const change = (fn: (d: OrderDraft) => OrderDraft) => {
    const current = getOrderDraft();
    if (!current) return;
    const next = fn(current.step === step ? current : { ...current, step });
    update(() => (next.step === current.step ? next : { ...next, step: current.step }));
    moveTo(next.step);
  };

  /** Back, per the domain's table: closing an open frame set stays on the step; any other Back is the previous step. */
  const back = () => {
    const current = getOrderDraft();
    if (!current) return;
    const result = goBack({ ...current, step }, sets.data);
    if (result.step === step) update(() => ({ ...result, step: current.step }));
    else backTo(result.step);
  };

  // On a step change: bring the editor's top into view and move focus to the new panel's heading.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const root = rootRef.current;
    if (root && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [step]);

  const cartActions = useCartActions();
  const serverCart = useAccountCart();
  const [cartAction, setCartAction] = useState<CartAction>({ status: 'idle' });
  const editing = toEditingLine(readStoredOrder()?.[EDITING_FIELD]);
  // A change of choices after adding makes the button add again (another line) rather than show 'added'.
  const draftKey = JSON.stringify([draft.photo._id, draft.size?._id, draft.customSize, draft.frameId, draft.borderLevel, draft.quantity]);
  const [addedKey, setAddedKey] = useState<string | null>(null);
  if (addedKey !== null && addedKey !== draftKey) {
    setAddedKey(null);
    setCartAction({ status: 'idle' });
  }

  /** Add to cart; when the photo was opened from the cart, save that line instead and go back to the cart. */
  const addToCart = async () => {
    if (cartAction.status === 'saving') return;
    setCartAction({ status: 'saving' });
    const current = getOrderDraft() ?? draft;
    if (editing) {
      const result = await cartActions.saveEdit(editing, current);
      if (!result.ok) {
        setCartAction({ status: 'error', message: result.message });
        return;
      }
      // The photo is back in the cart: the editor's order no longer edits that line.
      const rest = { ...readStoredOrder() };
      delete rest[EDITING_FIELD];
      writeStoredOrder(rest);
      showToast(t`Cart updated`);
      void navigate('/addtocart');
      return;
    }
    const result = await cartActions.add(current, serverCart.data?.lines.length ?? 0);
    if (!result.ok) {
      setCartAction({ status: 'error', message: result.message });
      return;
    }
    setAddedKey(draftKey);
    setCartAction({ status: 'added' });
    showToast(t`Added to cart`);
  };

  /**
   * Proceed to Checkout: buy now with an empty cart; with lines in the cart, the whole cart with this frame in it
   * (added once, or saved in place of the line it was opened from).
   */
  const [proceeding, setProceeding] = useState(false);
  const proceed = async () => {
    if (proceeding || cartAction.status === 'saving') return;
    setProceeding(true);
    const result = await cartActions.startCheckout(getOrderDraft() ?? draft, editing);
    setProceeding(false);
    if (!result.ok) {
      setCartAction({ status: 'error', message: result.message });
      return;
    }
    if (editing && result.source.kind === 'cart') {
      // The frame is back in the cart: the editor's order no longer edits that line.
      const rest = { ...readStoredOrder() };
      delete rest[EDITING_FIELD];
      writeStoredOrder(rest);
    }
    void navigate(buyerDetailsPath(result.source));
  };

  const applied = cropIsApplied(draft, print);
  const cropping = cropAction.state.status === 'working';

  /** Next from a size step: the crop is cut first (if it changed), then on to the frames. */
  const nextFromSize = async () => {
    if (await cropAction.run()) change((d) => goNext(d, sets.data));
  };

  const sizeStep = step === 1 || step === 2;
  // While choosing a frame or a border on a phone, the preview stays in view above the choices.
  const choosing = step === 3 || step === 4;
  const showCrop = sizeStep && print !== null;
  const crop = effectiveCrop(draft, print);
  const borderIn = borderInches(draft.borderLevel);
  const previewFrame = choice ? { frame: choice.frame, mouldingIn: choice.set.sizeInInches } : null;
  const border = borderForIndex(borders.data, draft.borderLevel);

  return (
    <div ref={rootRef} className="mx-auto max-w-6xl scroll-mt-32 px-4 pt-5 pb-14 sm:px-6 lg:pt-8">
      <title>{t`Edit your photo — Framewala`}</title>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
            <Trans>Photo editor</Trans>
          </p>
          <h1 className="mt-1 text-[1.7rem] leading-tight font-semibold sm:text-[2rem]">
            <Trans>Edit your photo</Trans>
          </h1>
        </div>
        {step > 0 ? <Stepper step={step} /> : null}
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-8">
        <section
          aria-label={showCrop ? t`Crop your photo` : t`Preview`}
          className={`min-w-0 lg:sticky lg:top-32 ${
            choosing
              ? 'max-lg:sticky max-lg:top-[6.6rem] max-lg:z-20 max-lg:-mx-4 max-lg:bg-cream/95 max-lg:px-4 max-lg:pt-2 max-lg:pb-1 max-lg:backdrop-blur'
              : ''
          }`}
        >
          {showCrop && print ? (
            <>
              <CropTool
                key={`${draft.sourcePhoto._id}|${print.widthIn}x${print.heightIn}`}
                source={draft.sourcePhoto}
                print={print}
                initial={draft.crop}
                onCropChange={(rect) => update((d) => moveCrop(d, rect))}
                applied={applied}
                whole={applied && draft.photo._id === draft.sourcePhoto._id}
                action={cropAction}
              />
              <EnhancePanel draft={draft} print={print} />
            </>
          ) : (
            <FramePreview
              photo={draft.sourcePhoto}
              crop={crop}
              print={print}
              frame={step >= 3 || step === 0 ? previewFrame : null}
              borderIn={borderIn}
              stateKey={`${previewFrame?.frame._id ?? 'none'}|${previewFrame ? draft.borderLevel : 0}|${print?.name ?? 'photo'}`}
              compact={choosing}
            />
          )}
          {!showCrop && print ? (
            <Link
              to="/see-it-on-a-wall"
              data-testid="see-on-wall"
              className="mt-2 inline-flex items-center gap-1.5 px-1 text-sm font-semibold text-saffron-800 underline-offset-4 hover:underline"
            >
              <Trans>See it on a wall, at its real size →</Trans>
            </Link>
          ) : null}
        </section>

        <section
          aria-labelledby={STEP_HEADING_ID}
          className="min-w-0 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-6"
          data-step={step}
        >
          {step === 0 ? (
            <OptionsStep photo={draft.sourcePhoto} sizeReady={print !== null && applied} onChoose={moveTo} />
          ) : step === 1 ? (
            <SizeStep
              draft={draft}
              onChoose={(size) => update((d) => choosePreset(d, size))}
              onCustom={() => moveTo(2)}
              onBack={back}
              onNext={() => void nextFromSize()}
              nextBusy={cropping}
            />
          ) : step === 2 ? (
            <CustomSizeStep
              draft={draft}
              onType={(input) => update((d) => typeCustomSize(d, input))}
              onBack={back}
              onNext={() => void nextFromSize()}
              nextBusy={cropping}
            />
          ) : step === 3 ? (
            <FrameStep
              draft={draft}
              print={print}
              onOpenSet={(set) => update((d) => openFrameSet(d, set))}
              onChooseFrame={(set, frame) => update((d) => chooseFrame(d, set, frame))}
              onBack={back}
              onNext={() => change((d) => goNext(d, sets.data))}
            />
          ) : step === 4 ? (
            <BorderStep
              level={draft.borderLevel}
              onChoose={(index) => update((d) => chooseBorder(d, index))}
              onBack={back}
              onNext={() => change((d) => goNext(d, sets.data))}
            />
          ) : (
            <SummaryStep
              draft={draft}
              print={print}
              choice={choice}
              border={border}
              sets={sets.data}
              borders={borders.data}
              onQuantity={(q) => update((d) => setQuantity(d, q))}
              onBack={back}
              onProceed={() => void proceed()}
              proceeding={proceeding}
              onAddToCart={() => void addToCart()}
              editing={editing !== null}
              cart={cartAction}
            />
          )}
        </section>
      </div>
    </div>
  );
}
