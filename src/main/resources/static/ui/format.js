// How the page writes numbers and moments: one formatter for every number shown (labels, axes, tables,
// tooltips; a CSV keeps full precision), and times in the browser's zone with its UTC offset.

/**
 * Every number the page shows goes through here (tables, tooltips, labels, axes; a CSV keeps full
 * precision): three significant digits, a near-integer (0.9999999999998 or 2.0000000001) as the
 * integer, thousands separated from 10 000, and an exponent only below 0.001 ("1.5e-5").
 */
export function num(v) {
  if (typeof v !== 'number' || Number.isNaN(v)) return '–';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const whole = Math.round(v);
  if (Math.abs(v - whole) <= 1e-9 * Math.max(1, Math.abs(v))) {
    return Math.abs(whole) >= 1e4 ? whole.toLocaleString('en') : String(whole === 0 ? 0 : whole);
  }
  if (Math.abs(v) < 1e-3) return Number(v.toPrecision(3)).toExponential();
  if (Math.abs(v) >= 1e4) return whole.toLocaleString('en');
  return String(Number(v.toPrecision(3)));
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE,
  5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY,
  7 * DAY, 14 * DAY, 30 * DAY, 90 * DAY, 365 * DAY];

// Times are shown in the browser's time zone, ISO-like (2025-03-14 09:30:05), and every time axis
// names that zone and its UTC offset; a CSV carries ISO 8601 instants with their offset.

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** The browser's time zone by name ("Europe/Berlin"), or null where the browser does not say. */
export function zoneName() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch (e) {
    return null;
  }
}

/** The browser zone's offset from UTC at instant t: "+05:30", "-03:00", "+00:00". */
export function offset(t) {
  const minutes = -new Date(t).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "2025-03-14" in the browser's zone. */
export function isoDate(t) {
  const d = new Date(t);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function isoClock(t, seconds) {
  const d = new Date(t);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
}

/** A moment in full, as tables and tooltips show it: "2025-03-14 09:30:05 UTC+01:00". */
export const when = (t) => `${isoDate(t)} ${isoClock(t, true)} UTC${offset(t)}`;

/** ISO 8601 with the offset, to the millisecond, as a CSV carries it: "2025-03-14T09:30:05.120+01:00". */
export const isoInstant = (t) => `${isoDate(t)}T${isoClock(t, true)}.${pad(new Date(t).getMilliseconds(), 3)}`
  + `${offset(t)}`;

/** What a time axis says about its zone: "Time in Europe/Berlin (UTC+01:00)", both offsets across a change. */
export function timeAxisTitle(t0, t1) {
  const [a, b] = [offset(t0), offset(t1)];
  const utc = a === b ? `UTC${a}` : `UTC${a} to UTC${b}`;
  const zone = zoneName();
  return zone ? `Time in ${zone} (${utc})` : `Time (${utc})`;
}

/** Duration in words: "850 ms", "12 s", "3 min 5 s", "2 h 10 min", "3 d 4 h". */
export function duration(ms) {
  if (ms < SECOND) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < MINUTE) return `${num(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ${Math.round((ms % MINUTE) / SECOND)} s`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ${Math.round((ms % HOUR) / MINUTE)} min`;
  return `${Math.floor(ms / DAY)} d ${Math.round((ms % DAY) / HOUR)} h`;
}

/**
 * Ticks on round local times. The first tick, and every tick on a new day, carries its date
 * ("2025-03-14 09:30"); the others the time of day only ("09:35"), or the date only for steps of a
 * day or more.
 */
export function timeTicks(t0, t1, count = 6) {
  const span = Math.max(t1 - t0, SECOND);
  const step = TIME_STEPS.find((s) => span / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1];
  const shift = new Date(t0).getTimezoneOffset() * MINUTE; // align to local midnight and hours
  const out = [];
  let day = null;
  for (let t = Math.ceil((t0 - shift) / step) * step + shift; t <= t1; t += step) {
    const date = isoDate(t);
    const clockText = isoClock(t, step < MINUTE);
    const label = step >= DAY ? date : date !== day ? `${date} ${clockText}` : clockText;
    day = date;
    out.push({ t, label });
  }
  if (out.length === 0) out.push({ t: t0, label: `${isoDate(t0)} ${isoClock(t0, true)}` });
  return out;
}
