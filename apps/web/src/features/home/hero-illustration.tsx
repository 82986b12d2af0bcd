import { useLingui } from '@lingui/react/macro';

type Moulding = { top: string; right: string; bottom: string; left: string; lip: string };

const WALNUT: Moulding = { top: '#8a5630', left: '#7a4a28', right: '#5b3519', bottom: '#4c2b14', lip: '#3a2010' };
const EBONY: Moulding = { top: '#3b3431', left: '#332c29', right: '#221d1b', bottom: '#1a1614', lip: '#0f0c0b' };

/** A bevelled moulding: four trapezoids shaded as if lit from the top left, plus a thin inner lip. */
function Frame({ x, y, w, h, t, m }: { x: number; y: number; w: number; h: number; t: number; m: Moulding }) {
  const x2 = x + w;
  const y2 = y + h;
  return (
    <g>
      <polygon points={`${x},${y} ${x2},${y} ${x2 - t},${y + t} ${x + t},${y + t}`} fill={m.top} />
      <polygon points={`${x2},${y} ${x2},${y2} ${x2 - t},${y2 - t} ${x2 - t},${y + t}`} fill={m.right} />
      <polygon points={`${x},${y2} ${x2},${y2} ${x2 - t},${y2 - t} ${x + t},${y2 - t}`} fill={m.bottom} />
      <polygon points={`${x},${y} ${x + t},${y + t} ${x + t},${y2 - t} ${x},${y2}`} fill={m.left} />
      <rect x={x + t - 1.5} y={y + t - 1.5} width={w - 2 * t + 3} height={h - 2 * t + 3} fill="none" stroke={m.lip} strokeWidth="3" />
      <path
        d={`M${x + 1} ${y2 - 1} L${x + 1} ${y + 1} L${x2 - 1} ${y + 1}`}
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.18"
        strokeWidth="2"
      />
    </g>
  );
}

/**
 * The landing page's hero art: a walnut frame drawn true to scale (a 12 × 8 in photo, 2 in white border,
 * 1.5 in moulding → 19 × 15 in outside, at 19 px per inch), leaning on a second, smaller ebony frame.
 * Pure SVG, no external images.
 */
export function HeroIllustration() {
  const { t } = useLingui();
  // Main frame geometry at 19 px per inch.
  const s = 19;
  const fx = 24;
  const fy = 20;
  const rail = 1.5 * s;
  const mat = 2 * s;
  const outerW = 19 * s;
  const outerH = 15 * s;
  const px = fx + rail + mat;
  const py = fy + rail + mat;
  const pw = 12 * s;
  const ph = 8 * s;

  // Second frame.
  const sx = 318;
  const sy = 214;
  const sw = 160;
  const sh = 204;
  const st = 12;
  const smat = 16;
  const spx = sx + st + smat;
  const spy = sy + st + smat;
  const spw = sw - 2 * (st + smat);
  const sph = sh - 2 * (st + smat);

  return (
    <svg viewBox="0 0 500 440" className="h-auto w-full" role="img" aria-labelledby="fw-hero-title">
      <title id="fw-hero-title">
        {t`A family photo of a sunrise over the hills in a walnut frame with a white border, beside a smaller black-framed portrait`}
      </title>
      <defs>
        <linearGradient id="fw-hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f9c98f" />
          <stop offset="0.55" stopColor="#f6a565" />
          <stop offset="1" stopColor="#ee8450" />
        </linearGradient>
        <linearGradient id="fw-hero-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2a36a" />
          <stop offset="1" stopColor="#c86a45" />
        </linearGradient>
        <linearGradient id="fw-hero-portrait" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#cfe3df" />
          <stop offset="1" stopColor="#9fc3bd" />
        </linearGradient>
        <linearGradient id="fw-hero-mat" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#f3eee7" />
        </linearGradient>
        <filter id="fw-hero-shadow" x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="14" stdDeviation="14" floodColor="#3a2010" floodOpacity="0.28" />
        </filter>
        <clipPath id="fw-hero-photo-clip">
          <rect x={px} y={py} width={pw} height={ph} />
        </clipPath>
        <clipPath id="fw-hero-portrait-clip">
          <rect x={spx} y={spy} width={spw} height={sph} />
        </clipPath>
      </defs>

      {/* Main frame */}
      <g filter="url(#fw-hero-shadow)">
        <rect x={fx} y={fy} width={outerW} height={outerH} fill="url(#fw-hero-mat)" />
        <Frame x={fx} y={fy} w={outerW} h={outerH} t={rail} m={WALNUT} />
      </g>
      {/* Mat bevel */}
      <rect x={px - 3} y={py - 3} width={pw + 6} height={ph + 6} fill="#e9e1d6" />
      <g clipPath="url(#fw-hero-photo-clip)">
        <rect x={px} y={py} width={pw} height={ph} fill="url(#fw-hero-sky)" />
        <circle cx={px + pw * 0.64} cy={py + ph * 0.5} r="20" fill="#fff1d2" />
        <circle cx={px + pw * 0.64} cy={py + ph * 0.5} r="32" fill="#fff1d2" opacity="0.25" />
        <path
          d={`M${px} ${py + ph * 0.62} Q${px + pw * 0.2} ${py + ph * 0.38} ${px + pw * 0.42} ${py + ph * 0.56} T${px + pw} ${py + ph * 0.5} V${py + ph} H${px} Z`}
          fill="#d77a52"
        />
        <path
          d={`M${px} ${py + ph * 0.72} Q${px + pw * 0.3} ${py + ph * 0.52} ${px + pw * 0.58} ${py + ph * 0.7} T${px + pw} ${py + ph * 0.64} V${py + ph} H${px} Z`}
          fill="#a8502f"
        />
        <rect x={px} y={py + ph * 0.78} width={pw} height={ph * 0.22} fill="url(#fw-hero-water)" />
        <path
          d={`M${px + pw * 0.52} ${py + ph * 0.84} h36 M${px + pw * 0.58} ${py + ph * 0.9} h22`}
          stroke="#fff1d2"
          strokeOpacity="0.7"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <path
          d={`M${px} ${py + ph * 0.86} Q${px + pw * 0.16} ${py + ph * 0.74} ${px + pw * 0.3} ${py + ph * 0.86} L${px + pw * 0.3} ${py + ph} H${px} Z`}
          fill="#5e2c17"
        />
        {/* Two figures on the bank, watching the sunrise */}
        <g fill="#3d1d0f">
          <circle cx={px + pw * 0.15} cy={py + ph * 0.66} r="4.5" />
          <path d={`M${px + pw * 0.15 - 6} ${py + ph * 0.82} q6 -16 12 0 Z`} />
          <circle cx={px + pw * 0.21} cy={py + ph * 0.7} r="3.5" />
          <path d={`M${px + pw * 0.21 - 5} ${py + ph * 0.83} q5 -13 10 0 Z`} />
        </g>
        <path
          d={`M${px + pw * 0.3} ${py + ph * 0.22} l5 4 l5 -4 M${px + pw * 0.37} ${py + ph * 0.3} l4 3 l4 -3`}
          fill="none"
          stroke="#7a3a1c"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </g>

      {/* Second, smaller frame */}
      <g filter="url(#fw-hero-shadow)">
        <rect x={sx} y={sy} width={sw} height={sh} fill="url(#fw-hero-mat)" />
        <Frame x={sx} y={sy} w={sw} h={sh} t={st} m={EBONY} />
      </g>
      <rect x={spx - 2} y={spy - 2} width={spw + 4} height={sph + 4} fill="#e9e1d6" />
      <g clipPath="url(#fw-hero-portrait-clip)">
        <rect x={spx} y={spy} width={spw} height={sph} fill="url(#fw-hero-portrait)" />
        <path
          d={`M${spx} ${spy + sph * 0.2} q${spw / 2} -30 ${spw} 0`}
          stroke="#f39143"
          strokeWidth="5"
          fill="none"
          strokeDasharray="1 7"
          strokeLinecap="round"
        />
        <circle cx={spx + spw * 0.38} cy={spy + sph * 0.45} r="15" fill="#7a3a1c" />
        <path d={`M${spx + spw * 0.38 - 32} ${spy + sph} q32 -75 64 0 Z`} fill="#b4490f" />
        <circle cx={spx + spw * 0.7} cy={spy + sph * 0.62} r="10" fill="#5e2c17" />
        <path d={`M${spx + spw * 0.7 - 20} ${spy + sph} q20 -50 40 0 Z`} fill="#f39143" />
      </g>
    </svg>
  );
}
