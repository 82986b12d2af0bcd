/**
 * Rooms drawn in inches (SVG user units are inches): the floor line is y = 96 (an 8 ft ceiling at y = 0) and the
 * floor shows below it down to y = 110. Known things are drawn at their real size — a 7 ft sofa, a 5 ft queen bed,
 * stairs of 7 in risers and 11 in treads, a 5 ft desk — and each scene marks one of them with `data-scale-ref` and
 * its width in inches, so the drawn scale can be checked. The wall takes any colour; light and shade lie over it.
 */
import { FLOOR_Y, SCENE_HEIGHT_IN, SCENE_WIDTH_IN, type SceneId } from './room-scene-data';

/** The room behind the framed piece. `idPrefix` keeps gradient ids unique on the page. */
export function RoomArt({ scene, wall, idPrefix = 'room' }: { scene: SceneId; wall: string; idPrefix?: string }) {
  const p = (s: string) => `${idPrefix}-${s}`;
  return (
    <>
      <defs>
        <radialGradient id={p('light')} cx="0.3" cy="0.15" r="0.9">
          <stop offset="0" stopColor="#fff8ea" stopOpacity="0.42" />
          <stop offset="0.55" stopColor="#fff8ea" stopOpacity="0.08" />
          <stop offset="1" stopColor="#000" stopOpacity="0.16" />
        </radialGradient>
        <linearGradient id={p('ceil')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.18" />
          <stop offset="0.12" stopColor="#000" stopOpacity="0" />
          <stop offset="0.8" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.1" />
        </linearGradient>
        <linearGradient id={p('floor')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8a5d3b" />
          <stop offset="1" stopColor="#b07d52" />
        </linearGradient>
        <linearGradient id={p('wood')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8b5a35" />
          <stop offset="1" stopColor="#5e3a21" />
        </linearGradient>
        <linearGradient id={p('fabric')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4f7f80" />
          <stop offset="1" stopColor="#2f5658" />
        </linearGradient>
        <linearGradient id={p('linen')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fbf8f2" />
          <stop offset="1" stopColor="#ddd3c4" />
        </linearGradient>
        <radialGradient id={p('glow')} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffe9b5" stopOpacity="0.75" />
          <stop offset="1" stopColor="#ffe9b5" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={p('shade')} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f6ead2" />
          <stop offset="0.5" stopColor="#fff6e3" />
          <stop offset="1" stopColor="#e6d4b4" />
        </linearGradient>
        {/* Contact shadows are gradients, not blur filters: far cheaper to paint when the room changes. */}
        <radialGradient id={p('shadow')} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#1e140c" stopOpacity="0.5" />
          <stop offset="0.6" stopColor="#1e140c" stopOpacity="0.22" />
          <stop offset="1" stopColor="#1e140c" stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* Wall, light and shade */}
      <rect x="-10" y="0" width={SCENE_WIDTH_IN + 20} height={FLOOR_Y} fill={wall} />
      <rect x="-10" y="0" width={SCENE_WIDTH_IN + 20} height={FLOOR_Y} fill={`url(#${p('light')})`} />
      <rect x="-10" y="0" width={SCENE_WIDTH_IN + 20} height={FLOOR_Y} fill={`url(#${p('ceil')})`} />
      <rect x="-10" y="0" width={SCENE_WIDTH_IN + 20} height="1.6" fill="#fffdf8" opacity="0.7" />
      <rect x="-10" y="1.6" width={SCENE_WIDTH_IN + 20} height="0.5" fill="#000" opacity="0.08" />
      {/* Floor: planks running away from the eye */}
      <rect x="-10" y={FLOOR_Y} width={SCENE_WIDTH_IN + 20} height={SCENE_HEIGHT_IN - FLOOR_Y} fill={`url(#${p('floor')})`} />
      <g stroke="#5d3b22" strokeOpacity="0.35" strokeWidth="0.25">
        {Array.from({ length: 25 }, (_, i) => {
          const x = -12 + i * 8;
          return <line key={i} x1={x} y1={FLOOR_Y} x2={84 + (x - 84) * 1.9} y2={SCENE_HEIGHT_IN} />;
        })}
        <line x1="-10" y1="101" x2={SCENE_WIDTH_IN + 10} y2="101" strokeOpacity="0.18" />
      </g>
      {/* Skirting */}
      {scene !== 'stairs' ? <Skirting from={-10} to={SCENE_WIDTH_IN + 10} /> : null}
      {scene === 'living' ? (
        <Living p={p} />
      ) : scene === 'bedroom' ? (
        <Bedroom p={p} />
      ) : scene === 'stairs' ? (
        <Stairs p={p} />
      ) : (
        <Office p={p} />
      )}
    </>
  );
}

function Skirting({ from, to }: { from: number; to: number }) {
  return (
    <g>
      <rect x={from} y={FLOOR_Y - 4.5} width={to - from} height="4.5" fill="#f4efe6" />
      <rect x={from} y={FLOOR_Y - 4.5} width={to - from} height="0.5" fill="#fff" opacity="0.8" />
      <rect x={from} y={FLOOR_Y - 0.6} width={to - from} height="0.6" fill="#000" opacity="0.12" />
    </g>
  );
}

type P = { p: (s: string) => string };

function FloorShadow({ x, width, depth = 3, p }: { x: number; width: number; depth?: number } & P) {
  return <ellipse cx={x + width / 2} cy={FLOOR_Y + 1} rx={width / 2 + 5} ry={depth + 1} fill={`url(#${p('shadow')})`} />;
}

function Plant({ x, p }: { x: number } & P) {
  const leaves: [number, number, number, number][] = [
    [-9, -30, 5, -35],
    [8, -34, 4, 30],
    [-3, -42, 4, -8],
    [11, -22, 4, 55],
    [-12, -20, 4, -60],
    [3, -27, 5, 12],
    [-6, -33, 4, -25],
  ];
  return (
    <g transform={`translate(${x} 0)`}>
      <ellipse cx="0" cy={FLOOR_Y + 0.8} rx="12" ry="3" fill={`url(#${p('shadow')})`} />
      {leaves.map(([dx, dy, w, rot], i) => (
        <g key={i} transform={`translate(0 ${FLOOR_Y - 16}) rotate(${rot})`}>
          <line x1="0" y1="0" x2="0" y2={dy * 0.55} stroke="#3d6b35" strokeWidth="0.5" />
          <ellipse cx={dx * 0.15} cy={dy * 0.7} rx={w} ry={Math.abs(dy) * 0.32} fill={i % 2 ? '#3f7a3a' : '#2e6330'} />
          <line x1={dx * 0.15} y1={dy * 0.45} x2={dx * 0.15} y2={dy * 0.95} stroke="#7fb06d" strokeWidth="0.25" opacity="0.8" />
        </g>
      ))}
      <path d={`M-7 ${FLOOR_Y - 16} h14 l-2 16 h-10 z`} fill="#c8a27c" />
      <path d={`M-7 ${FLOOR_Y - 16} h14 l-0.3 2.2 h-13.4 z`} fill="#a97f58" />
    </g>
  );
}

function Lamp({ x, top, p }: { x: number; top: number } & P) {
  return (
    <g>
      <circle cx={x} cy={top + 4} r="20" fill={`url(#${p('glow')})`} />
      <rect x={x - 0.5} y={top + 8} width="1" height="9" fill="#6d5a44" />
      <ellipse cx={x} cy={top + 17.5} rx="4" ry="1.1" fill="#4a3b2c" />
      <path d={`M${x - 5} ${top + 8.5} L${x - 3.2} ${top} H${x + 3.2} L${x + 5} ${top + 8.5} Z`} fill={`url(#${p('shade')})`} />
    </g>
  );
}

function Living({ p }: P) {
  const sx = 42;
  return (
    <g>
      {/* Rug */}
      <path d="M30 98.5 H138 L150 109 H18 Z" fill="#b5543c" opacity="0.9" />
      <path d="M33 99.3 H135 L145.5 108.2 H22.5 Z" fill="none" stroke="#e8c07a" strokeWidth="0.5" />
      <Plant x={22} p={p} />
      {/* Sofa, 84 in (7 ft) wide */}
      <FloorShadow x={sx} width={84} p={p} />
      <rect x={sx + 3} y="92" width="1.5" height="4" fill="#3b2616" />
      <rect x={sx + 79.5} y="92" width="1.5" height="4" fill="#3b2616" />
      <rect x={sx + 8} y="62.5" width="68" height="17" rx="3" fill={`url(#${p('fabric')})`} />
      <rect x={sx + 8} y="62.5" width="68" height="2" rx="1" fill="#fff" opacity="0.12" />
      <line x1={sx + 42} y1="64" x2={sx + 42} y2="79" stroke="#224244" strokeWidth="0.35" />
      <rect x={sx + 8} y="77" width="68" height="8" rx="2.5" fill="#477577" />
      <line x1={sx + 42} y1="77.5" x2={sx + 42} y2="84.5" stroke="#224244" strokeWidth="0.35" />
      <rect data-scale-ref="" data-known-in="84" x={sx} y="84" width="84" height="8" rx="1.5" fill="#2c5052" />
      <rect x={sx} y="68" width="9" height="24" rx="3.5" fill="#3c696b" />
      <rect x={sx + 75} y="68" width="9" height="24" rx="3.5" fill="#3c696b" />
      <rect x={sx} y="68" width="9" height="2.2" rx="1.1" fill="#fff" opacity="0.12" />
      <rect x={sx + 75} y="68" width="9" height="2.2" rx="1.1" fill="#fff" opacity="0.12" />
      {/* Cushions */}
      <rect x={sx + 12} y="66" width="14" height="12" rx="3" fill="#e0a83a" transform={`rotate(-6 ${sx + 19} 72)`} />
      <rect x={sx + 58} y="66" width="14" height="12" rx="3" fill="#d9764f" transform={`rotate(6 ${sx + 65} 72)`} />
      <rect x={sx + 27} y="67.5" width="12" height="10.5" rx="3" fill="#f1e6d2" transform={`rotate(-3 ${sx + 33} 72)`} />
      {/* Side table, 3 ft high lamp beside it */}
      <FloorShadow x={134} width={22} depth={2} p={p} />
      <rect x="134" y="72" width="22" height="1.6" fill={`url(#${p('wood')})`} />
      <rect x="136" y="73.6" width="1.4" height="22.4" fill="#5e3a21" />
      <rect x="152.6" y="73.6" width="1.4" height="22.4" fill="#5e3a21" />
      <rect x="136" y="86" width="18" height="1" fill="#6d4529" />
      <Lamp x={145} top={54.5} p={p} />
      <rect x="139" y="70.4" width="6" height="1.6" fill="#c94f3d" />
      <rect x="139.5" y="69" width="5" height="1.4" fill="#2f5c7a" />
    </g>
  );
}

function Bedroom({ p }: P) {
  const bx = 54;
  return (
    <g>
      {/* Window with curtains on the right */}
      <rect x="146" y="16" width="26" height="52" fill="#dfeaf0" />
      <rect x="146" y="16" width="26" height="52" fill="#fff" opacity="0.35" />
      <rect x="143" y="10" width="30" height="1.2" rx="0.6" fill="#5e4a36" />
      <path d="M142 11 q2 30 -1 78 h9 q-3 -40 1 -78 z" fill="#d8c8ad" />
      <path d="M145 11 q1 30 0 78" stroke="#bba78a" strokeWidth="0.4" fill="none" />
      {/* Queen bed: headboard 60 in wide */}
      <FloorShadow x={bx - 4} width={68} p={p} />
      <rect data-scale-ref="" data-known-in="60" x={bx} y="50" width="60" height="46" rx="2.5" fill="#8b6b56" />
      {Array.from({ length: 5 }, (_, i) => (
        <line key={i} x1={bx + 10 * (i + 1)} y1="52" x2={bx + 10 * (i + 1)} y2="72" stroke="#6f5342" strokeWidth="0.4" />
      ))}
      <rect x={bx} y="50" width="60" height="2" rx="1" fill="#fff" opacity="0.12" />
      <rect x={bx + 4} y="66" width="23" height="9" rx="3.5" fill={`url(#${p('linen')})`} />
      <rect x={bx + 33} y="66" width="23" height="9" rx="3.5" fill={`url(#${p('linen')})`} />
      <rect x={bx + 12} y="69" width="36" height="8" rx="3" fill="#c9a23f" />
      <path d={`M${bx - 2} 76 H${bx + 62} V91 H${bx - 2} Z`} fill="#efe7d8" />
      <path d={`M${bx - 2} 76 H${bx + 62} V80 H${bx - 2} Z`} fill="#fff" opacity="0.5" />
      <path d={`M${bx - 2} 84 H${bx + 62} V91 H${bx - 2} Z`} fill="#3e5d74" />
      <rect x={bx - 2} y="91" width="64" height="5" fill="#5a4030" />
      {/* Bedside tables with lamps */}
      {[28, 118].map((x) => (
        <g key={x}>
          <FloorShadow x={x} width={20} depth={2} p={p} />
          <rect x={x} y="72" width="20" height="24" rx="1" fill={`url(#${p('wood')})`} />
          <rect x={x + 1.5} y="76" width="17" height="7" rx="0.6" fill="#744a2b" />
          <circle cx={x + 10} cy="79.5" r="0.7" fill="#d8b36a" />
          <rect x={x + 1.5} y="85" width="17" height="8" rx="0.6" fill="#744a2b" />
          <circle cx={x + 10} cy="89" r="0.7" fill="#d8b36a" />
          <Lamp x={x + 10} top={54.5} p={p} />
        </g>
      ))}
    </g>
  );
}

function Stairs({ p }: P) {
  const x0 = 64;
  const steps = 10;
  const nosing = (i: number) => ({ x: x0 + 11 * i, y: FLOOR_Y - 7 * (i + 1) });
  const profile: string[] = [`M${x0} ${FLOOR_Y}`];
  for (let i = 0; i < steps; i++) {
    const n = nosing(i);
    profile.push(`V${n.y}`, `H${n.x + 11}`);
  }
  profile.push(`V${FLOOR_Y}`, 'Z');
  const rail = (i: number) => ({ x: x0 + 11 * i + 5.5, y: FLOOR_Y - 7 * (i + 1) - 34 });
  return (
    <g>
      {/* Skirting up to the stairs, then the stringer along them */}
      <Skirting from={-10} to={x0} />
      <g data-scale-ref="" data-known-in={String(11 * steps)}>
        <path d={profile.join(' ')} fill="#d9cdbb" />
        {Array.from({ length: steps }, (_, i) => {
          const n = nosing(i);
          return (
            <g key={i}>
              <rect x={n.x} y={n.y} width="11" height="1.6" fill={`url(#${p('wood')})`} />
              <rect x={n.x} y={n.y + 1.6} width="11" height="5.4" fill="#ece5d8" />
              <rect x={n.x} y={n.y + 1.6} width="11" height="0.6" fill="#000" opacity="0.12" />
            </g>
          );
        })}
      </g>
      {/* Handrail on the wall, 34 in above the nosings */}
      <line
        x1={rail(0).x - 6}
        y1={rail(0).y + 6 * (7 / 11)}
        x2={rail(steps - 1).x + 8}
        y2={rail(steps - 1).y - 8 * (7 / 11)}
        stroke="#1e140c"
        strokeOpacity="0.18"
        strokeWidth="1.6"
        transform="translate(0.6 1.4)"
      />
      <line
        x1={rail(0).x - 6}
        y1={rail(0).y + 6 * (7 / 11)}
        x2={rail(steps - 1).x + 8}
        y2={rail(steps - 1).y - 8 * (7 / 11)}
        stroke="#6b4325"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      {[1, 5, 9].map((i) => (
        <rect key={i} x={rail(i).x - 0.5} y={rail(i).y} width="1" height="3" fill="#8a8580" />
      ))}
      {/* A console and plant at the foot of the stairs */}
      <FloorShadow x={14} width={34} depth={2} p={p} />
      <rect x="14" y="66" width="34" height="1.8" fill={`url(#${p('wood')})`} />
      <rect x="15.5" y="67.8" width="1.4" height="28.2" fill="#5e3a21" />
      <rect x="45.1" y="67.8" width="1.4" height="28.2" fill="#5e3a21" />
      <rect x="15.5" y="86" width="31" height="1.2" fill="#6d4529" />
      <path d="M22 66 q-1 -6 1.5 -8 h3 q2.5 2 1.5 8 z" fill="#2f6b8f" />
      <path d="M34 66 v-3 h8 v3 z" fill="#c9a23f" />
      <Plant x={-2} p={p} />
    </g>
  );
}

function Office({ p }: P) {
  const dx = 54;
  const books = ['#b5543c', '#2f5c7a', '#c9a23f', '#3f6f4a', '#7a4a6a', '#d9cbbd', '#2f5c7a'];
  return (
    <g>
      {/* Bookshelf on the left */}
      <FloorShadow x={6} width={32} depth={2} p={p} />
      <rect x="6" y="30" width="32" height="66" fill={`url(#${p('wood')})`} />
      {[0, 1, 2, 3].map((row) => (
        <g key={row}>
          <rect x="8" y={32 + row * 16} width="28" height="14" fill="#4a2e1a" />
          {books.map((c, i) => (
            <rect
              key={i}
              x={9 + i * 3.8 + (row % 2) * 1.2}
              y={32 + row * 16 + 14 - (10 + ((i * 7 + row * 3) % 4))}
              width="3.2"
              height={10 + ((i * 7 + row * 3) % 4)}
              fill={c}
              opacity={i === 6 && row === 1 ? 0 : 1}
            />
          ))}
        </g>
      ))}
      {/* Desk, 60 in (5 ft) wide, 30 in high */}
      <FloorShadow x={dx} width={60} p={p} />
      <rect data-scale-ref="" data-known-in="60" x={dx} y="66" width="60" height="1.8" fill={`url(#${p('wood')})`} />
      <rect x={dx + 2} y="67.8" width="1.6" height="28.2" fill="#2b2b2b" />
      <rect x={dx + 56.4} y="67.8" width="1.6" height="28.2" fill="#2b2b2b" />
      <rect x={dx + 40} y="67.8" width="16" height="14" fill="#6d4529" />
      <rect x={dx + 41} y="72" width="14" height="0.4" fill="#3b2616" />
      {/* Monitor, laptop and a mug */}
      <rect x={dx + 16} y="44" width="24" height="15" rx="0.8" fill="#1f2327" />
      <rect x={dx + 16.8} y="44.8" width="22.4" height="13.4" fill="#35506b" />
      <rect x={dx + 16.8} y="44.8" width="22.4" height="6" fill="#fff" opacity="0.08" />
      <rect x={dx + 27} y="59" width="2" height="5.5" fill="#2b2b2b" />
      <rect x={dx + 23} y="64.5" width="10" height="1.5" rx="0.5" fill="#2b2b2b" />
      <rect x={dx + 44} y="64.8" width="5" height="1.2" fill="#f2ede4" />
      <path d={`M${dx + 8} 66 v-4 h3.5 v4 z`} fill="#d9764f" />
      {/* Chair in front of the desk */}
      <FloorShadow x={dx + 18} width={20} depth={2} p={p} />
      <rect x={dx + 19} y="58" width="18" height="20" rx="3" fill="#2f3a44" />
      <rect x={dx + 19} y="58" width="18" height="2" rx="1" fill="#fff" opacity="0.1" />
      <rect x={dx + 17} y="78" width="22" height="3.5" rx="1.5" fill="#26303a" />
      <rect x={dx + 27.3} y="81.5" width="1.4" height="10" fill="#555" />
      <path d={`M${dx + 19} 95 L${dx + 28} 91.5 L${dx + 37} 95`} stroke="#444" strokeWidth="1" fill="none" />
      <Plant x={152} p={p} />
    </g>
  );
}
