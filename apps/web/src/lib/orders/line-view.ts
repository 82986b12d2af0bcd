/**
 * A framed photo as every page that lists one shows it (the checkout, /success, the order page, the order history),
 * wherever it comes from: its size as the customer chose it (width × height), frame, border, quantity and prices.
 */
import { t } from '@lingui/core/macro';
import type { CartLine, CustomerOrderLine } from '@framewala/domain';
import { catalogueText } from '../catalogue/catalogue-text';
import { borderNameText, inchesOf, lineSizeText } from '../print-texts';

/** One framed photo as the pages show it. */
export type LineView = {
  key: string;
  /** '12x8 in', '11x14 in (custom)'. */
  size: string;
  /** 'Walnut · Classic': the finish and its set. */
  frame: string;
  /** 'Slim 0.5 in', or 'No border'. */
  border: string;
  quantity: number;
  /** One framed piece, and the line (null where a price is not known). */
  unitPaise: number | null;
  linePaise: number | null;
  thumbnailUrl: string | null;
};

/** 'Walnut · Classic' in the page's language. */
export function frameText(
  finish: string | null | undefined,
  finishHi: string | null | undefined,
  set: string | null | undefined,
  setHi: string | null | undefined,
): string {
  return [catalogueText(finish, finishHi), catalogueText(set, setHi)].filter(Boolean).join(' · ');
}

/** 'Slim 0.5 in', a border the shop no longer names 'White border 0.5 in', or 'No border'. */
export function borderText(borderIn: number, name: string | null | undefined, nameHi: string | null | undefined): string {
  if (borderIn <= 0) return t`No border`;
  const width = inchesOf(borderIn);
  return `${name ? borderNameText(name, nameHi) : t`White border`} ${width}`;
}

/** A line of an order made (its snapshot; a custom size reads as its name, width first). */
export function orderLineView(line: CustomerOrderLine, index: number): LineView {
  return {
    key: String(index),
    size: inchesOf(line.sizeName),
    frame: frameText(line.finishName, line.finishNameHi, line.frameSetName, line.frameSetNameHi),
    border: borderText(line.borderIn, line.borderName, line.borderNameHi),
    quantity: line.quantity,
    unitPaise: line.unitPaise,
    linePaise: line.checkoutPaise,
    thumbnailUrl: line.thumbnailUrl,
  };
}

/** A line of the server cart, as the server priced it. */
export function cartLineView(line: CartLine): LineView {
  return {
    key: line.id,
    size: line.sizeName ? lineSizeText(line.sizeName, line.sizeId === null) : '—',
    frame: frameText(line.finishName, line.finishNameHi, line.frameSetName, line.frameSetNameHi),
    border: borderText(line.borderIn, line.borderName, line.borderNameHi),
    quantity: line.quantity,
    unitPaise: line.unitPaise,
    linePaise: line.linePaise,
    thumbnailUrl: line.thumbnailUrl,
  };
}
