/**
 * The cart's lines as /addtocart shows them, wherever they live: a browser line priced now by the domain with the
 * catalogue (the editor's own functions), or a server line as the server priced it, each with what stops it being
 * paid for.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { longestOuterSide, type Cart, type CartLine, type CartLineProblem, type FrameSet, type MotifBorder } from '@framewala/domain';
import { notFinishedMessage, type LocalCartLine } from '../../lib/cart/local-cart';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { activeLocale, i18n } from '../../lib/i18n';
import { borderForIndex, borderInches, chosenFrame, chosenPrintSize, orderPrice } from '../../lib/order-draft/draft-choices';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { borderNameText } from '../../lib/print-texts';

/** One line as /addtocart shows it, wherever it lives. */
export type CartItem = {
  /** The server line's id, or the browser's `clientLineId` for a line kept in the browser. */
  key: string;
  serverId: string | null;
  clientLineId: string | null;
  uploadId: string;
  /** The server line's size id (null for a custom size or a browser line). */
  serverSizeId: string | null;
  thumbnailUrl: string | null;
  /** Print size in inches (for the framed thumbnail and the oversize charge). */
  widthIn: number | null;
  heightIn: number | null;
  borderIn: number;
  mouldingIn: number | null;
  /** The finish id (the framed thumbnail's moulding art). */
  frameId: string;
  sizeName: string | null;
  custom: boolean;
  /** 'Walnut · Classic' (finish, set) and the border's name, in the page's language. */
  frameName: string | null;
  borderName: string | null;
  quantity: number;
  unitPaise: number | null;
  linePaise: number | null;
  /** Null when the line can be paid for; else what is wrong, for the customer. */
  problem: string | null;
  /** The editor's order for Edit, when this browser has it. */
  draft: OrderDraft | null;
};

export type CartView = {
  signedIn: boolean;
  /** False while the server cart or the catalogue loads. */
  ready: boolean;
  error: Error | null;
  items: CartItem[];
  itemCount: number;
  subtotalPaise: number;
  /** The longest outer side of any framed piece (the oversize shipping charge). */
  maxOuterInches: number;
  /** The server cart (signed in), for the checkout's figures. */
  server: Cart | null;
  payable: boolean;
};

const EXPIRED = msg`This photo has expired. Please upload it again and frame it anew.`;
const RETIRED = msg`This frame finish is no longer offered. Please edit the frame.`;

/**
 * What stops a server line being paid for, by the contract's problem. In English the server's own words are shown
 * (they may name the case more closely); in another language these.
 */
export const CART_LINE_PROBLEM_TEXTS: Record<CartLineProblem, MessageDescriptor> = {
  photo_expired: EXPIRED,
  photo_missing: msg`This photo is no longer with us. Please upload it again and frame it anew.`,
  photo_not_ready: msg`This photo is still being prepared. Please try again in a minute.`,
  frame_retired: RETIRED,
  size_retired: msg`This size is no longer offered. Please edit the size.`,
  border_retired: msg`This white border is no longer offered. Please edit the border.`,
  invalid: msg`This framed photo cannot be ordered as it is. Please edit it or remove it.`,
};

function serverLineProblem(line: CartLine): string | null {
  if (line.problem === null) return line.problemMessage;
  if (activeLocale() === 'en' && line.problemMessage) return line.problemMessage;
  return i18n._(CART_LINE_PROBLEM_TEXTS[line.problem]);
}

/** A browser line priced now by the domain with the catalogue, or marked with what stops it being paid for. */
export function localItem(
  line: LocalCartLine,
  sets: readonly FrameSet[] | undefined,
  borders: readonly MotifBorder[] | undefined,
  now = Date.now(),
): CartItem {
  const { draft } = line;
  const print = chosenPrintSize(draft);
  const choice = chosenFrame(draft, sets);
  const price = orderPrice(draft, sets, borders);
  const borderIn = borderInches(draft.borderLevel);
  const border = draft.borderLevel > 0 ? borderForIndex(borders, draft.borderLevel) : null;
  const expiresAt = typeof draft.photo.expiresAt === 'string' ? Date.parse(draft.photo.expiresAt) : NaN;
  const problem =
    line.problem ??
    (Number.isFinite(expiresAt) && expiresAt <= now
      ? i18n._(EXPIRED)
      : !print
        ? notFinishedMessage()
        : sets && !choice
          ? i18n._(RETIRED)
          : null);
  return {
    key: line.clientLineId,
    serverId: null,
    clientLineId: line.clientLineId,
    uploadId: draft.photo._id,
    serverSizeId: null,
    thumbnailUrl: draft.photo.thumbnailUrl ?? draft.photo.url,
    widthIn: print?.widthIn ?? null,
    heightIn: print?.heightIn ?? null,
    borderIn,
    mouldingIn: choice?.set.sizeInInches ?? null,
    frameId: draft.frameId ?? '',
    sizeName: print?.name ?? null,
    custom: print?.kind === 'custom',
    frameName: choice
      ? `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} · ${catalogueText(choice.set.frameName, choice.set.frameNameHi)}`
      : null,
    borderName: border && border.size > 0 ? borderNameText(border.name, border.nameHi) : null,
    quantity: draft.quantity,
    unitPaise: problem ? null : (price?.unitPaise ?? null),
    linePaise: problem ? null : (price?.checkoutPaise ?? null),
    problem,
    draft,
  };
}

export function serverItem(line: CartLine, draft: OrderDraft | null): CartItem {
  return {
    key: line.id,
    serverId: line.id,
    clientLineId: line.clientLineId,
    uploadId: line.uploadId,
    serverSizeId: line.sizeId,
    thumbnailUrl: line.thumbnailUrl,
    widthIn: line.widthIn,
    heightIn: line.heightIn,
    borderIn: line.borderIn,
    mouldingIn: line.mouldingIn,
    frameId: line.selectedFrame,
    sizeName: line.sizeName,
    custom: line.sizeId === null,
    frameName: line.finishName
      ? [catalogueText(line.finishName, line.finishNameHi), catalogueText(line.frameSetName, line.frameSetNameHi)]
          .filter(Boolean)
          .join(' · ')
      : null,
    borderName: line.borderIn > 0 && line.borderName ? borderNameText(line.borderName, line.borderNameHi) : null,
    quantity: line.quantity,
    unitPaise: line.unitPaise,
    linePaise: line.linePaise,
    problem: serverLineProblem(line),
    draft,
  };
}

/** The longest outer side of any framed piece (the oversize shipping charge). */
export function outerOf(items: readonly CartItem[]): number {
  return longestOuterSide(
    items.flatMap((i) =>
      i.widthIn !== null && i.heightIn !== null && i.mouldingIn !== null
        ? [{ widthIn: i.widthIn, heightIn: i.heightIn, borderIn: i.borderIn, mouldingIn: i.mouldingIn }]
        : [],
    ),
  );
}
