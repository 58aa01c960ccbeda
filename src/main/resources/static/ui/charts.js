// Small SVG charts, drawn from data already fetched: no library, nothing loaded from anywhere.
// Every chart is an <svg role="img"> with an aria-label that says what it shows; the panels add a
// table of the same numbers for readers who cannot see the chart.

import { duration, isoDate, isoInstant, num, offset, timeAxisTitle, timeTicks, when, zoneName } from './format.js';

export { duration, isoDate, isoInstant, num, offset, timeAxisTitle, when, zoneName };

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

// ---- labels that fit ----------------------------------------------------------------------------

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", sans-serif';
let measurer = null;

/** The width of a label in SVG units (a chart's font size is in its own units), padded for its halo. */
export function textWidth(text, size = 12) {
  measurer ??= document.createElement('canvas').getContext('2d');
  measurer.font = `${size}px ${FONT}`;
  return measurer.measureText(text).width + 4;
}

const sizeOf = (el) => (/\b(tick|marker-label|span-text)\b/.test(el.getAttribute('class') ?? '') ? 11 : 12);

/**
 * A text element kept inside [lo, hi] along x: moved in where it would cross an edge, and where it is
 * longer than the room, shortened with an ellipsis and given its whole text as a tooltip. No label
 * is clipped by its chart's edge.
 */
export function fitted(el, lo, hi) {
  const text = el.textContent;
  const size = sizeOf(el);
  const anchor = el.getAttribute('text-anchor') ?? 'start';
  const x = Number(el.getAttribute('x'));
  const shown = shorten(text, hi - lo, size);
  const w = textWidth(shown, size);
  const left = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
  const shift = left < lo ? lo - left : left + w > hi ? hi - (left + w) : 0;
  el.setAttribute('x', String(x + shift));
  if (shown !== text) {
    el.textContent = shown;
    el.append(tooltip(text));
  }
  return el;
}

/** The text, or as much of it as fits in `room` followed by an ellipsis. */
function shorten(text, room, size) {
  if (textWidth(text, size) <= room) return text;
  let n = text.length;
  while (n > 1 && textWidth(`${text.slice(0, n)}…`, size) > room) n--;
  return `${text.slice(0, n).trimEnd()}…`;
}

/** Colour-blind-safe colours (Okabe & Ito), then evenly spread hues. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#8C6D1F', '#000000'];

export function colours(categories) {
  const map = new Map();
  categories.forEach((c, i) => map.set(c, i < PALETTE.length ? PALETTE[i]
    : `hsl(${Math.round((i * 137.508) % 360)} 65% 42%)`));
  return map;
}

// ---- axes' numbers ------------------------------------------------------------------------------

/** A round step for about `count` ticks over `span`; a count axis (integer) steps by 1, 2, 5, 10, ... */
function niceStep(span, count, integer = false) {
  const raw = span / Math.max(1, count);
  if (integer && raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of integer && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10]) {
    if (raw <= m * power) return m * power;
  }
  return 10 * power;
}

/** Round tick values covering [lo, hi], about `count` of them; whole numbers only on a count axis. */
export function ticks(lo, hi, count = 5, integer = false) {
  if (!(hi > lo)) return [lo];
  const step = niceStep(hi - lo, count, integer);
  const out = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    out.push(Number(v.toPrecision(12)));
  }
  return out;
}

/**
 * [lo, hi] widened to the nearest round numbers, never further: data in [0, 1] keeps the axis [0, 1].
 * A single value gets a round interval around it (for a count, whole numbers).
 */
function niceDomain(lo, hi, count = 5, integer = false) {
  if (!(hi > lo)) {
    const pad = integer ? 1 : Math.abs(lo) > 0 ? Math.abs(lo) * 0.5 : 1;
    return [lo - pad, hi + pad];
  }
  const step = niceStep(hi - lo, count, integer);
  return [Math.floor(lo / step + 1e-9) * step, Math.ceil(hi / step - 1e-9) * step];
}

/** The ticks and zone title of a time axis along the bottom of a chart. */
function timeAxis(root, x, start, end, baseline, left, right) {
  const width = Number(root.getAttribute('viewBox').split(' ')[2]);
  for (const tick of timeTicks(start, end, Math.max(2, Math.min(6, Math.floor((right - left) / 140))))) {
    root.append(fitted(svg('text', { class: 'tick time', x: x(tick.t), y: baseline + 16, 'text-anchor': 'middle' },
      tick.label), 2, width - 2));
  }
  axisTitle(root, timeAxisTitle(start, end), (left + right) / 2, baseline + 34);
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

/** An axis title centred at (x, y); a rotated one (the y axis) fits the chart's height above and below y. */
function axisTitle(g, text, x, y, rotate = false) {
  const room = rotate ? 2 * y - 4 : 2 * x - 4;
  const shown = shorten(text, room, 12);
  g.append(svg('text', { class: 'axis-title', x, y, 'text-anchor': 'middle',
    transform: rotate ? `rotate(-90 ${x} ${y})` : undefined }, shown, ...(shown === text ? [] : [tooltip(text)])));
}

// ---- charts -------------------------------------------------------------------------------------

/**
 * A quantity that moves in steps over time (the cumulative budget spent), with a dashed reference
 * line (the total). points: [{t, v, title}] in time order, each the value from t on.
 */
export function stepChart({ label, points, start, end, reference, referenceLabel, yTitle, integer = false, W = WIDE }) {
  const H = 280;
  const m = { top: 16, right: 24, bottom: 52, left: 64 };
  const top = Math.max(reference ?? 0, ...points.map((p) => p.v), 0);
  const [, yMax] = niceDomain(0, top > 0 ? top : 1, 5, integer);
  const x = linear(start, end, m.left, W - m.right);
  const y = linear(0, yMax, H - m.bottom, m.top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart' });
  yAxis(root, y, ticks(0, yMax, 4, integer), m.left, W - m.right);
  timeAxis(root, x, start, end, H - m.bottom, m.left, W - m.right);
  axisTitle(root, yTitle, 16, (m.top + H - m.bottom) / 2, true);
  let d = `M${x(start)},${y(0)}`;
  for (const p of points) d += `H${x(p.t)}V${y(p.v)}`;
  d += `H${x(end)}`;
  root.append(svg('path', { class: 'area', d: `${d}V${y(0)}Z` }));
  root.append(svg('path', { class: 'line', d }));
  if (reference !== undefined) {
    root.append(svg('line', { class: 'reference', x1: m.left, x2: W - m.right, y1: y(reference), y2: y(reference) }));
    root.append(fitted(svg('text', { class: 'reference-label', x: W - m.right, y: y(reference) - 6,
      'text-anchor': 'end' }, referenceLabel), m.left, W - m.right));
  }
  for (const p of points) {
    root.append(svg('circle', { class: 'dot', cx: x(p.t), cy: y(p.v), r: 4 }, tooltip(p.title)));
  }
  return root;
}

/**
 * One bar per item: [{label, value, title}] (value null: no bar, e.g. an epoch not released yet),
 * with an optional dashed reference line {value, label} (the reward range a width is measured against).
 */
export function barChart({ label, bars, yTitle, yMax, xTitle, reference, integer = false, W = WIDE }) {
  // A reference's label goes in a key above the plot: on its line it would cover the bars it crosses.
  const H = reference ? 246 : 230;
  const m = { top: reference ? 30 : 14, right: 12, bottom: 40, left: 56 };
  const top = yMax ?? Math.max(0, reference?.value ?? 0, ...bars.map((b) => b.value ?? 0));
  const [, hi] = niceDomain(0, top > 0 ? top : 1, 4, integer);
  const y = linear(0, hi, H - m.bottom, m.top);
  const band = (W - m.left - m.right) / Math.max(1, bars.length);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart' });
  yAxis(root, y, ticks(0, hi, 4, integer), m.left, W - m.right);
  axisTitle(root, yTitle, 14, (m.top + H - m.bottom) / 2, true);
  const every = Math.ceil(bars.length / 16);
  bars.forEach((b, i) => {
    const cx = m.left + band * (i + 0.5);
    if (b.value !== null && b.value !== undefined) {
      const w = Math.min(48, band * 0.7);
      // A bar with a colour of its own (a category the legend names) is drawn in it, through the CSSOM: the
      // page's Content-Security-Policy drops a style attribute, and the stylesheet's fill outranks a fill attribute.
      const bar = svg('rect', { class: 'bar', x: cx - w / 2, y: y(b.value), width: w,
        height: Math.max(1, y(0) - y(b.value)) }, tooltip(b.title));
      if (b.colour) bar.style.fill = b.colour;
      root.append(bar);
    }
    if (i % every === 0) {
      root.append(fitted(svg('text', { class: 'tick', x: cx, y: H - m.bottom + 16, 'text-anchor': 'middle' }, b.label),
        cx - band * every / 2, cx + band * every / 2));
    }
  });
  axisTitle(root, xTitle, (m.left + W - m.right) / 2, H - 6);
  if (reference) {
    root.append(svg('line', { class: 'reference', x1: m.left, x2: W - m.right, y1: y(reference.value),
      y2: y(reference.value) }, tooltip(reference.label)));
    root.append(fitted(svg('text', { class: 'reference-label', x: W - m.right, y: 12, 'text-anchor': 'end' },
      `dashed: ${reference.text ?? reference.label}`), 4, W - m.right));
  }
  return root;
}

/**
 * Estimates with their intervals along a count (a rollout's lift per look): points [{x, value, low, high,
 * title, kind}] drawn as a vertical interval with a dot (a CSS class per kind), a dashed zero line and
 * vertical markers [{at, label, kind}] (promotion events). The y axis spans every interval and zero.
 */
export function intervalChart({ label, points, markers = [], xTitle, yTitle, W = WIDE }) {
  const H = 280;
  const m = { top: 18, right: 24, bottom: 48, left: 64 };
  const shown = points.filter((p) => p.value !== null && p.value !== undefined);
  const xs = points.map((p) => p.x).concat(markers.map((k) => k.at));
  const x0 = Math.min(0, ...xs);
  const x1 = Math.max(1, ...xs);
  // The domain holds every interval and every estimate (a noisy estimate may lie outside the reward range its
  // interval is clipped to).
  const [y0, y1] = niceDomain(Math.min(0, ...shown.map((p) => Math.min(p.low, p.value))),
    Math.max(0, ...shown.map((p) => Math.max(p.high, p.value))), 4);
  const x = linear(x0, x1, m.left, W - m.right);
  const y = linear(y0, y1, H - m.bottom, m.top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart intervals' });
  yAxis(root, y, ticks(y0, y1, 4), m.left, W - m.right);
  for (const v of ticks(x0, x1, 6)) {
    root.append(svg('text', { class: 'tick', x: x(v), y: H - m.bottom + 16, 'text-anchor': 'middle' }, num(v)));
  }
  axisTitle(root, xTitle, (m.left + W - m.right) / 2, H - m.bottom + 34);
  axisTitle(root, yTitle, 16, (m.top + H - m.bottom) / 2, true);
  root.append(svg('line', { class: 'reference', x1: m.left, x2: W - m.right, y1: y(0), y2: y(0) }));
  markers.forEach((k, i) => {
    root.append(svg('line', { class: `marker ${k.kind ?? ''}`, x1: x(k.at), x2: x(k.at), y1: m.top, y2: H - m.bottom },
      tooltip(k.label)));
    const right = x(k.at) > (m.left + W - m.right) / 2;
    root.append(fitted(svg('text', { class: `marker-label ${k.kind ?? ''}`, x: right ? x(k.at) - 4 : x(k.at) + 4,
      y: m.top + 10 + 14 * i, 'text-anchor': right ? 'end' : 'start' }, k.label), 2, W - 2));
  });
  for (const p of shown) {
    root.append(svg('line', { class: `interval ${p.kind ?? ''}`, x1: x(p.x), x2: x(p.x), y1: y(p.low), y2: y(p.high) },
      tooltip(p.title)));
    root.append(svg('circle', { class: `dot ${p.kind ?? ''}`, cx: x(p.x), cy: y(p.value), r: 4 }, tooltip(p.title)));
  }
  return root;
}

/**
 * Rows of time spans (a Gantt chart). rows: [{label, segments: [{from, to, kind, title, text}]}];
 * kinds: Map kind -> CSS class; now: a vertical "now" line.
 */
export function timeline({ label, rows, start, end, now, W = WIDE }) {
  const rowHeight = 26;
  const m = { top: 8, right: 24, bottom: 48, left: 84 };
  const H = m.top + rows.length * rowHeight + m.bottom;
  const x = linear(start, end, m.left, W - m.right);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart timeline' });
  for (const tick of timeTicks(start, end)) {
    root.append(svg('line', { class: 'grid', x1: x(tick.t), x2: x(tick.t), y1: m.top, y2: H - m.bottom }));
  }
  timeAxis(root, x, start, end, H - m.bottom, m.left, W - m.right);
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
  const [x0, x1] = niceDomain(...extent(points.map((p) => p.x)), 10);
  const [y0, y1] = niceDomain(...extent(points.map((p) => p.y)), 10);
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

/** [min, max] of the values: an axis bounds its data (rounded out by niceDomain), never pads past it. */
function extent(values) {
  return [Math.min(...values), Math.max(...values)];
}

// ---- logarithmic axes ---------------------------------------------------------------------------

/** Ticks on a log scale: powers of ten, with 2 and 5 in between when few decades are shown. */
function logTicks(lo, hi) {
  const out = [];
  const first = Math.floor(Math.log10(lo));
  const last = Math.ceil(Math.log10(hi));
  const steps = last - first <= 2 ? [1, 2, 5] : [1];
  for (let e = first; e <= last; e++) {
    for (const m of steps) {
      const v = Number((m * 10 ** e).toPrecision(12));
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push(v);
    }
  }
  return out;
}

const logScale = (d0, d1, r0, r1) => {
  const [l0, l1] = [Math.log10(d0), Math.log10(d1)];
  return (v) => (l1 === l0 ? (r0 + r1) / 2 : r0 + ((Math.log10(v) - l0) / (l1 - l0)) * (r1 - r0));
};

/** [lo, hi] of positive values widened to whole decades' round numbers (1, 2 or 5 times a power of ten). */
function logDomain(values) {
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  if (positive.length === 0) return [0.1, 1];
  const round = (v, up) => {
    const e = Math.floor(Math.log10(v));
    const ms = up ? [1, 2, 5, 10] : [10, 5, 2, 1];
    for (const m of ms) {
      const c = m * 10 ** e;
      if (up ? c >= v * (1 - 1e-9) : c <= v * (1 + 1e-9)) return c;
    }
    return 10 ** e;
  };
  const lo = round(Math.min(...positive), false);
  const hi = round(Math.max(...positive), true);
  return hi > lo ? [lo, hi] : [lo / 2, hi * 2];
}

/**
 * Curves on log–log axes: series [{label, kind, points: [{x, y, title}]}] drawn as lines through
 * dots (a CSS class per kind, each a colour and dash of its own), in the order given, so the series
 * that matters most comes last and is drawn on top; horizontal dashed references [{value, label}] and
 * vertical markers [{at, label, kind}] (e.g. "now").
 */
export function curveChart({ label, series, references = [], markers = [], xTitle, yTitle, xMin, xMax, W = WIDE }) {
  const H = 300;
  const m = { top: 18, right: 24, bottom: 48, left: 72 };
  const xs = series.flatMap((s) => s.points.map((p) => p.x)).concat(markers.map((k) => k.at));
  const [x0, x1] = logDomain([...xs, xMin, xMax].filter((v) => v !== undefined));
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).concat(references.map((r) => r.value));
  const [y0, y1] = logDomain(ys);
  const x = logScale(x0, x1, m.left, W - m.right);
  const y = logScale(y0, y1, H - m.bottom, m.top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart curves' });
  yAxis(root, y, logTicks(y0, y1), m.left, W - m.right);
  for (const v of logTicks(x0, x1)) {
    root.append(svg('line', { class: 'grid', x1: x(v), x2: x(v), y1: m.top, y2: H - m.bottom }));
    root.append(svg('text', { class: 'tick', x: x(v), y: H - m.bottom + 16, 'text-anchor': 'middle' }, num(v)));
  }
  axisTitle(root, xTitle, (m.left + W - m.right) / 2, H - m.bottom + 34);
  axisTitle(root, yTitle, 16, (m.top + H - m.bottom) / 2, true);
  for (const r of references) {
    root.append(svg('line', { class: 'reference', x1: m.left, x2: W - m.right, y1: y(r.value), y2: y(r.value) },
      tooltip(r.label)));
    root.append(fitted(svg('text', { class: 'reference-label', x: W - m.right, y: y(r.value) - 5, 'text-anchor': 'end' },
      r.text ?? r.label), m.left, W - m.right));
  }
  markers.forEach((k, i) => {
    const at = x(Math.min(x1, Math.max(x0, k.at)));
    const right = at > (m.left + W - m.right) / 2;
    root.append(svg('line', { class: `marker ${k.kind ?? ''}`, x1: at, x2: at, y1: m.top, y2: H - m.bottom },
      tooltip(k.label)));
    root.append(fitted(svg('text', { class: `marker-label ${k.kind ?? ''}`, x: right ? at - 4 : at + 4,
      y: m.top + 10 + 14 * i, 'text-anchor': right ? 'end' : 'start' }, k.label), 2, W - 2));
  });
  for (const s of series) {
    const pts = s.points.filter((p) => p.x > 0 && p.y > 0);
    if (pts.length > 1) {
      root.append(svg('path', { class: `curve ${s.kind}`, d: pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.x)},${y(p.y)}`)
        .join('') }));
    }
    for (const p of pts) {
      root.append(svg('circle', { class: `dot ${s.kind}`, cx: x(p.x), cy: y(p.y), r: 4 }, tooltip(p.title)));
    }
  }
  return root;
}

/**
 * Recommended action along a 1-d context: the line [lo, hi] shaded by the action recommended at
 * each point (halfway to the neighbouring points), with a dot per point. points: [{x, category, title}].
 */
export function stripChart({ label, points, colourOf, xTitle, W = WIDE }) {
  const H = 110;
  const m = { top: 12, right: 24, bottom: 40, left: 24 };
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const [x0, x1] = niceDomain(...extent(sorted.map((p) => p.x)), 10);
  const x = linear(x0, x1, m.left, W - m.right);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'chart strip' });
  const band = { top: m.top, height: H - m.top - m.bottom };
  const shade = svg('g', { class: 'shade' });
  sorted.forEach((p, i) => {
    const from = i === 0 ? x0 : (sorted[i - 1].x + p.x) / 2;
    const to = i === sorted.length - 1 ? x1 : (p.x + sorted[i + 1].x) / 2;
    shade.append(svg('rect', { x: x(from), y: band.top, width: Math.max(0.5, x(to) - x(from) + 0.5),
      height: band.height, fill: colourOf(p.category) }));
  });
  root.append(shade);
  root.append(svg('rect', { class: 'frame', x: m.left, y: band.top, width: W - m.left - m.right, height: band.height }));
  for (const v of ticks(x0, x1, 8)) {
    root.append(svg('text', { class: 'tick', x: x(v), y: H - m.bottom + 16, 'text-anchor': 'middle' }, num(v)));
  }
  axisTitle(root, xTitle, (m.left + W - m.right) / 2, H - 6);
  for (const p of sorted) {
    root.append(svg('circle', { class: 'context', cx: x(p.x), cy: band.top + band.height / 2,
      r: sorted.length > 60 ? 3 : 5, fill: colourOf(p.category) }, tooltip(p.title)));
  }
  return root;
}
