// Small SVG charts, drawn from data already fetched: no library, nothing loaded from anywhere.
// Every chart is an <svg role="img"> with an aria-label that says what it shows; the panels add a
// table of the same numbers for readers who cannot see the chart.

const NS = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  el.append(...children);
  return el;
}

const tooltip = (text) => svg('title', {}, text);

/** Colour-blind-safe colours (Okabe & Ito), then evenly spread hues. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#8C6D1F', '#000000'];

export function colours(categories) {
  const map = new Map();
  categories.forEach((c, i) => map.set(c, i < PALETTE.length ? PALETTE[i]
    : `hsl(${Math.round((i * 137.508) % 360)} 65% 42%)`));
  return map;
}

// ---- numbers and time ---------------------------------------------------------------------------

/** A short, readable number: three significant digits, no exponent for ordinary sizes. */
export function num(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (v !== 0 && Math.abs(v) < 1e-3) return v.toExponential(2);
  if (Math.abs(v) >= 1e4) return Math.round(v).toLocaleString('en');
  return String(Number(v.toPrecision(3)));
}

function niceStep(span, count) {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (raw <= m * power) return m * power;
  }
  return 10 * power;
}

/** Round tick values covering [lo, hi], about `count` of them. */
export function ticks(lo, hi, count = 5) {
  if (!(hi > lo)) return [lo];
  const step = niceStep(hi - lo, count);
  const out = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    out.push(Number(v.toPrecision(12)));
  }
  return out;
}

/** [lo, hi] widened to round numbers. */
function niceDomain(lo, hi, count = 5) {
  if (!(hi > lo)) {
    const pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.5 : 1;
    return [lo - pad, hi + pad];
  }
  const step = niceStep(hi - lo, count);
  return [Math.floor(lo / step + 1e-9) * step, Math.ceil(hi / step - 1e-9) * step];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE,
  5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY,
  7 * DAY, 14 * DAY, 30 * DAY, 90 * DAY, 365 * DAY];

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const clockSeconds = new Intl.DateTimeFormat(undefined,
  { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const dayOnly = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const full = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit',
  minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

export const when = (t) => full.format(new Date(t));

/** Duration in words: "850 ms", "12 s", "3 min 5 s", "2 h 10 min", "3 d 4 h". */
export function duration(ms) {
  if (ms < SECOND) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < MINUTE) return `${num(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ${Math.round((ms % MINUTE) / SECOND)} s`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ${Math.round((ms % HOUR) / MINUTE)} min`;
  return `${Math.floor(ms / DAY)} d ${Math.round((ms % DAY) / HOUR)} h`;
}

function timeTicks(t0, t1, count = 6) {
  const span = Math.max(t1 - t0, SECOND);
  const step = TIME_STEPS.find((s) => span / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1];
  const offset = new Date(t0).getTimezoneOffset() * MINUTE; // align to local midnight and hours
  const format = step >= DAY ? dayOnly : step < MINUTE ? clockSeconds : clock;
  const out = [];
  for (let t = Math.ceil((t0 - offset) / step) * step + offset; t <= t1; t += step) {
    out.push({ t, label: format.format(new Date(t)) });
  }
  return out;
}

const linear = (d0, d1, r0, r1) => (v) => (d1 === d0 ? (r0 + r1) / 2 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0));

// ---- axes ---------------------------------------------------------------------------------------

/** Width of a full-width chart in SVG units: about one unit per CSS pixel on a laptop screen. */
const WIDE = 960;

function yAxis(g, y, values, x0, x1, format = num) {
  for (const v of values) {
    g.append(svg('line', { class: 'grid', x1: x0, x2: x1, y1: y(v), y2: y(v) }));
    g.append(svg('text', { class: 'tick', x: x0 - 6, y: y(v), 'text-anchor': 'end', 'dominant-baseline': 'middle' },
      format(v)));
  }
}

function axisTitle(g, text, x, y, rotate = false) {
  g.append(svg('text', { class: 'axis-title', x, y, 'text-anchor': 'middle',
    transform: rotate ? `rotate(-90 ${x} ${y})` : undefined }, text));
}

// ---- charts -------------------------------------------------------------------------------------

/**
 * A quantity that moves in steps over time (the cumulative budget spent), with a dashed reference
 * line (the total). points: [{t, v, title}] in time order, each the value from t on.
 */
export function stepChart({ label, points, start, end, reference, referenceLabel, yTitle, W = WIDE }) {
  const H = 260;
  const m = { top: 16, right: 24, bottom: 34, left: 64 };
  const top = Math.max(reference ?? 0, ...points.map((p) => p.v), 0);
  const [, yMax] = niceDomain(0, top > 0 ? top : 1);
  const x = linear(start, end, m.left, W - m.right);
  const y = linear(0, yMax, H - m.bottom, m.top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart' });
  yAxis(root, y, ticks(0, yMax, 4), m.left, W - m.right);
  for (const tick of timeTicks(start, end)) {
    root.append(svg('text', { class: 'tick', x: x(tick.t), y: H - m.bottom + 16, 'text-anchor': 'middle' },
      tick.label));
  }
  axisTitle(root, yTitle, 16, (m.top + H - m.bottom) / 2, true);
  let d = `M${x(start)},${y(0)}`;
  for (const p of points) d += `H${x(p.t)}V${y(p.v)}`;
  d += `H${x(end)}`;
  root.append(svg('path', { class: 'area', d: `${d}V${y(0)}Z` }));
  root.append(svg('path', { class: 'line', d }));
  if (reference !== undefined) {
    root.append(svg('line', { class: 'reference', x1: m.left, x2: W - m.right, y1: y(reference), y2: y(reference) }));
    root.append(svg('text', { class: 'reference-label', x: W - m.right, y: y(reference) - 6, 'text-anchor': 'end' },
      referenceLabel));
  }
  for (const p of points) {
    root.append(svg('circle', { class: 'dot', cx: x(p.t), cy: y(p.v), r: 4 }, tooltip(p.title)));
  }
  return root;
}

/** One bar per item: [{label, value, title}] (value null: no bar, e.g. an epoch not released yet). */
export function barChart({ label, bars, yTitle, yMax, xTitle, W = WIDE }) {
  const H = 230;
  const m = { top: 14, right: 12, bottom: 40, left: 56 };
  const top = yMax ?? Math.max(0, ...bars.map((b) => b.value ?? 0));
  const [, hi] = niceDomain(0, top > 0 ? top : 1, 4);
  const y = linear(0, hi, H - m.bottom, m.top);
  const band = (W - m.left - m.right) / Math.max(1, bars.length);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart' });
  yAxis(root, y, ticks(0, hi, 4), m.left, W - m.right);
  axisTitle(root, yTitle, 14, (m.top + H - m.bottom) / 2, true);
  const every = Math.ceil(bars.length / 16);
  bars.forEach((b, i) => {
    const cx = m.left + band * (i + 0.5);
    if (b.value !== null && b.value !== undefined) {
      const w = Math.min(48, band * 0.7);
      root.append(svg('rect', { class: 'bar', x: cx - w / 2, y: y(b.value), width: w,
        height: Math.max(1, y(0) - y(b.value)) }, tooltip(b.title)));
    }
    if (i % every === 0) {
      root.append(svg('text', { class: 'tick', x: cx, y: H - m.bottom + 16, 'text-anchor': 'middle' }, b.label));
    }
  });
  axisTitle(root, xTitle, (m.left + W - m.right) / 2, H - 6);
  return root;
}

/**
 * Rows of time spans (a Gantt chart). rows: [{label, segments: [{from, to, kind, title, text}]}];
 * kinds: Map kind -> CSS class; now: a vertical "now" line.
 */
export function timeline({ label, rows, start, end, now, W = WIDE }) {
  const rowHeight = 26;
  const m = { top: 8, right: 24, bottom: 30, left: 84 };
  const H = m.top + rows.length * rowHeight + m.bottom;
  const x = linear(start, end, m.left, W - m.right);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart timeline' });
  for (const tick of timeTicks(start, end)) {
    root.append(svg('line', { class: 'grid', x1: x(tick.t), x2: x(tick.t), y1: m.top, y2: H - m.bottom }));
    root.append(svg('text', { class: 'tick', x: x(tick.t), y: H - m.bottom + 16, 'text-anchor': 'middle' },
      tick.label));
  }
  rows.forEach((row, i) => {
    const top = m.top + i * rowHeight;
    root.append(svg('text', { class: 'row-label', x: m.left - 8, y: top + rowHeight / 2, 'text-anchor': 'end',
      'dominant-baseline': 'middle' }, row.label));
    for (const s of row.segments) {
      const x0 = x(s.from);
      const width = Math.max(3, x(s.to) - x0);
      root.append(svg('rect', { class: `span ${s.kind}`, x: x0, y: top + 4, width, height: rowHeight - 8, rx: 2 },
        tooltip(s.title)));
      if (s.text && width > s.text.length * 7 + 8) {
        root.append(svg('text', { class: 'span-text', x: x0 + 6, y: top + rowHeight / 2,
          'dominant-baseline': 'middle' }, s.text));
      }
    }
  });
  if (now !== undefined && now >= start && now <= end) {
    root.append(svg('line', { class: 'now', x1: x(now), x2: x(now), y1: m.top, y2: H - m.bottom }));
  }
  return root;
}

/**
 * Recommended action over a 2-d context pool: each pool context as a dot in its action's colour,
 * the plane shaded by the action of the nearest pool context. points: [{x, y, category, title}].
 */
export function heatMap({ label, points, colourOf, xTitle, yTitle }) {
  const size = 360;
  const m = { top: 12, right: 16, bottom: 40, left: 56 };
  const [x0, x1] = niceDomain(...padded(points.map((p) => p.x)), 10);
  const [y0, y1] = niceDomain(...padded(points.map((p) => p.y)), 10);
  const px = linear(x0, x1, m.left, m.left + size);
  const py = linear(y0, y1, m.top + size, m.top);
  const root = svg('svg', { viewBox: `0 0 ${m.left + size + m.right} ${m.top + size + m.bottom}`, role: 'img',
    'aria-label': label, class: 'chart heat-map' });
  // Shading: a grid of cells, each taking the action of its nearest pool context (distances
  // measured in the plot's proportions), merged into runs along each row.
  const cells = 48;
  const cell = size / cells;
  const shade = svg('g', { class: 'shade' });
  for (let row = 0; row < cells; row++) {
    let runStart = 0;
    let runCategory = null;
    for (let col = 0; col <= cells; col++) {
      let category = null;
      if (col < cells) {
        const cx = m.left + (col + 0.5) * cell;
        const cy = m.top + (row + 0.5) * cell;
        let best = Infinity;
        for (const p of points) {
          const d = (px(p.x) - cx) ** 2 + (py(p.y) - cy) ** 2;
          if (d < best) {
            best = d;
            category = p.category;
          }
        }
      }
      if (col === cells || category !== runCategory) {
        if (runCategory !== null) {
          shade.append(svg('rect', { x: m.left + runStart * cell, y: m.top + row * cell,
            width: (col - runStart) * cell + 0.5, height: cell + 0.5, fill: colourOf(runCategory) }));
        }
        runStart = col;
        runCategory = category;
      }
    }
  }
  root.append(shade);
  root.append(svg('rect', { class: 'frame', x: m.left, y: m.top, width: size, height: size }));
  for (const v of ticks(x0, x1, 5)) {
    root.append(svg('text', { class: 'tick', x: px(v), y: m.top + size + 16, 'text-anchor': 'middle' }, num(v)));
  }
  for (const v of ticks(y0, y1, 5)) {
    root.append(svg('text', { class: 'tick', x: m.left - 6, y: py(v), 'text-anchor': 'end',
      'dominant-baseline': 'middle' }, num(v)));
  }
  axisTitle(root, xTitle, m.left + size / 2, m.top + size + 34);
  axisTitle(root, yTitle, 14, m.top + size / 2, true);
  for (const p of points) {
    root.append(svg('circle', { class: 'context', cx: px(p.x), cy: py(p.y), r: points.length > 100 ? 3.5 : 6,
      fill: colourOf(p.category) }, tooltip(p.title)));
  }
  return root;
}

function padded(values) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi > lo ? (hi - lo) * 0.08 : 0.5;
  return [lo - pad, hi + pad];
}
