/**
 * The drawn rooms' facts: size in inches, what keeps the scale honest, where a piece hangs. Names and facts are
 * message descriptors, shown in the visitor's language where they are drawn (`i18n._(scene.name)`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const SCENE_HEIGHT_IN = 110;
export const FLOOR_Y = 96;
export const SCENE_WIDTH_IN = 168;

export type SceneId = 'living' | 'bedroom' | 'stairs' | 'office';

export type RoomScene = {
  id: SceneId;
  name: MessageDescriptor;
  /** What keeps the scale honest, as told to the customer. */
  known: MessageDescriptor;
  /** The part shown on a narrow screen: left edge and width in inches. */
  narrow: { x: number; width: number };
  /** Where a piece hangs by default: its centre x, and the lowest its bottom edge may sit (above furniture). */
  hang: { x: number; maxBottom: number };
  /** Where the piece may be dragged (inches). */
  area: { left: number; right: number; top: number; bottom: number };
  defaultWall: string;
};

export const ROOM_SCENES: readonly RoomScene[] = [
  {
    id: 'living',
    name: msg`Living room`,
    known: msg`The sofa is 7 ft (2.13 m) wide and the ceiling 8 ft (2.44 m) high.`,
    narrow: { x: 27, width: 114 },
    hang: { x: 84, maxBottom: 55 },
    area: { left: 2, right: 166, top: 3, bottom: 90 },
    defaultWall: '#e9dfcf',
  },
  {
    id: 'bedroom',
    name: msg`Bedroom`,
    known: msg`The queen bed is 5 ft (1.52 m) wide and the ceiling 8 ft (2.44 m) high.`,
    narrow: { x: 27, width: 114 },
    hang: { x: 84, maxBottom: 45 },
    area: { left: 2, right: 166, top: 3, bottom: 90 },
    defaultWall: '#b9c2a5',
  },
  {
    id: 'stairs',
    name: msg`Staircase`,
    known: msg`Each step is 7 in (18 cm) high and 11 in (28 cm) deep; the ceiling is 8 ft (2.44 m) high.`,
    narrow: { x: 36, width: 114 },
    hang: { x: 92, maxBottom: 44 },
    area: { left: 2, right: 166, top: 3, bottom: 90 },
    defaultWall: '#efe9df',
  },
  {
    id: 'office',
    name: msg`Office`,
    known: msg`The desk is 5 ft (1.52 m) wide and the ceiling 8 ft (2.44 m) high.`,
    narrow: { x: 27, width: 114 },
    hang: { x: 84, maxBottom: 38 },
    area: { left: 2, right: 166, top: 3, bottom: 90 },
    defaultWall: '#aebdc8',
  },
];

export const WALL_COLOURS: readonly { name: MessageDescriptor; value: string }[] = [
  { name: msg`Warm white`, value: '#e9dfcf' },
  { name: msg`Sage`, value: '#b9c2a5' },
  { name: msg`Terracotta`, value: '#cf9677' },
  { name: msg`Dusty blue`, value: '#aebdc8' },
  { name: msg`Charcoal`, value: '#57534f' },
];
