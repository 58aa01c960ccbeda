// The panels of a bandit's page. Each panel names the API sources it reads and renders them into
// {description, figure, legend, table}, or returns null when it does not apply to the bandit. The
// page fetches every source that some panel needs, once per refresh, and re-renders a panel only
// when its sources changed. A new panel (and, if needed, a new source) is one entry in each list.

import { banditPath } from './api.js';
import { barChart, colours, duration, heatMap, num, stepChart, timeline, when } from './charts.js';
import { dataTable, h, legend, table as plainTable } from './dom.js';

/** What the panels may read: name -> API path for a bandit id (all readable by the analyst role). */
export const sources = {
  status: (id) => banditPath(id),
  epochs: (id) => `${banditPath(id)}/epochs`,
  ledger: (id) => `${banditPath(id)}/ledger`,
  recommendations: (id) => `${banditPath(id)}/recommendations`,
  forecast: (id) => `${banditPath(id)}/plan`,
  privacy: (id) => `${banditPath(id)}/privacy`,
};

const time = (s) => (s ? Date.parse(s) : null);

const PHASES = {
  EXPLORE: 'Explore: learning in epochs',
  EXPLOIT: 'Exploit: serving the last release',
  RELEASE: 'Release: answering per-context releases',
};

/**
 * What the page knows about each algorithm, from the service's registry (GET /ui/algorithms.json,
 * public like the page itself): whether its epochs are planned before they release, and which
 * panels its bandits' pages show. Loaded once before the first render (loadProfiles).
 */
let profiles = {};

export async function loadProfiles() {
  const response = await fetch(new URL('algorithms.json', document.baseURI), { cache: 'no-store',
    credentials: 'omit' });
  profiles = response.ok ? await response.json() : {};
}

/** Whether a bandit of this algorithm has its epochs planned before they release. */
export const plansEpochs = (algorithm) => Boolean(profiles[algorithm]?.plansEpochs);

/** Whether a bandit of this algorithm shows a panel. */
export const showsPanel = (algorithm, panelId) => Boolean(profiles[algorithm]?.panels?.includes(panelId));

const SPANS = [
  { kind: 'planning', label: 'Planning (public work, decisions already served)' },
  { kind: 'collecting', label: 'Collecting learning rounds' },
  { kind: 'closing', label: 'Settling, noise and release' },
];

/** The epochs' spans (planning, collecting, closing) and the bandit's phases, over time. */
const epochTimeline = {
  id: 'timeline',
  title: 'Epochs and phases',
  sources: ['status', 'epochs'],
  render({ status, epochs }, now) {
    if (epochs.length === 0) return null;
    const starts = epochs.map((e) => time(e.openedAt));
    const ends = epochs.flatMap((e) => [e.plannedAt, e.sealedAt, e.closedAt].map(time)).filter((t) => t);
    const start = Math.min(...starts);
    const end = Math.max(now, ...ends, ...starts);
    const epochRows = epochs.map((e) => {
      const [opened, planned, sealed, closed] = [e.openedAt, e.plannedAt, e.sealedAt, e.closedAt].map(time);
      const segments = [];
      const span = (from, to, kind, what) => segments.push({ from, to, kind,
        title: `Epoch ${e.number}: ${what} ${to === end && !closed ? 'since' : 'for'} ${duration(to - from)}` });
      const until = (t) => t ?? end;
      if (!plansEpochs(status.algorithm)) {
        span(opened, until(sealed ?? closed), 'collecting', `${e.assigned} of ${e.length} learning rounds,`);
      } else if (planned) {
        span(opened, planned, 'planning', 'planned');
        span(planned, until(sealed ?? closed), 'collecting', `${e.assigned} of ${e.length} learning rounds,`);
      } else {
        span(opened, until(sealed ?? closed), 'planning', 'planning, rounds collected alongside,');
      }
      if (sealed) span(sealed, until(closed), 'closing', closed ? 'settled and released' : 'settling and closing');
      return { label: `Epoch ${e.number}`, segments };
    });
    // The phase: EXPLORE while epochs run; after the last close, the bandit's current phase.
    const lastClosed = Math.max(...epochs.map((e) => time(e.closedAt) ?? -Infinity));
    const phaseSegments = [];
    const explorationEnds = status.phase === 'EXPLORE' || !Number.isFinite(lastClosed) ? end : lastClosed;
    phaseSegments.push({ from: start, to: explorationEnds, kind: 'phase explore', text: 'EXPLORE',
      title: `${PHASES.EXPLORE} (${duration(explorationEnds - start)})` });
    if (explorationEnds < end || status.phase !== 'EXPLORE') {
      phaseSegments.push({ from: explorationEnds, to: end, kind: `phase ${status.phase.toLowerCase()}`,
        text: status.phase, title: `${PHASES[status.phase] ?? status.phase} since ${when(explorationEnds)}` });
    }
    const figure = timeline({
      label: `Timeline of ${epochs.length} epoch${epochs.length === 1 ? '' : 's'}; the bandit is in phase ${status.phase}`
        + ` and epoch ${status.epoch}`,
      rows: [{ label: 'Phase', segments: phaseSegments }, ...epochRows],
      start, end, now,
    });
    return {
      description: 'Each epoch is planned, collects its learning rounds, and once every round has its reward '
        + '(or waited it out) is settled, noised and released. Hover a span for its duration.',
      figure,
      legend: legend([...SPANS.filter((x) => plansEpochs(status.algorithm) || x.kind === 'collecting'), ...[...new Set(['EXPLORE', status.phase])]
        .map((p) => ({ kind: `phase ${p.toLowerCase()}`, label: `Phase ${p}` }))]),
      table: dataTable('Epochs', ['Epoch', 'Status', 'Learning rounds', 'Folded', 'Opened', 'Planned', 'Sealed',
        'Closed', 'Work in progress'], epochs.map((e) => [String(e.number), e.status, `${e.assigned} of ${e.length}`,
        String(e.folded), ...[e.openedAt, e.plannedAt, e.sealedAt, e.closedAt].map((t) => (t ? when(time(t)) : '–')),
        e.work ? workLabel(e.work, e.progress) : '–'])),
    };
  },
};

/** Cumulative ε charged, from the ledger, against the total budget. */
const budgetOverTime = {
  id: 'budget',
  title: 'Privacy budget spent over time',
  sources: ['status', 'epochs', 'ledger'],
  render({ status, epochs, ledger }, now) {
    const total = status.budget.epsilonTotal;
    let spent = 0;
    let spentDelta = 0;
    const rows = [];
    const points = ledger.map((entry) => {
      spent += entry.epsilon;
      spentDelta += entry.delta;
      const t = time(entry.createdAt);
      rows.push([when(t), entry.epoch === null || entry.epoch === undefined ? '–' : String(entry.epoch),
        entry.reason, num(entry.epsilon), num(entry.delta), num(spent), num(spentDelta)]);
      return { t, v: spent, title: `${when(t)}: ${entry.reason}${entry.epoch ? ` (epoch ${entry.epoch})` : ''}, `
        + `ε ${num(entry.epsilon)}, now ${num(spent)} of ${num(total)} spent` };
    });
    const opened = epochs.length ? time(epochs[0].openedAt) : now;
    const start = Math.min(opened, ...points.map((p) => p.t));
    const end = Math.max(now, ...points.map((p) => p.t), start + 1000);
    return {
      description: `${num(status.budget.epsilonSpent)} of ε = ${num(total)} spent in ${ledger.length} charge`
        + `${ledger.length === 1 ? '' : 's'}`
        + (status.budget.deltaTotal > 0
          ? ` (δ: ${num(status.budget.deltaSpent)} of ${num(status.budget.deltaTotal)}).` : '.')
        + ' Each charge is paid in the same transaction as the release it pays for.',
      figure: stepChart({
        label: `Privacy budget spent: ${num(spent)} of epsilon ${num(total)} in ${ledger.length} charges`,
        points, start, end, reference: total, referenceLabel: `total ε = ${num(total)}`, yTitle: 'ε spent',
      }),
      table: dataTable('Ledger', ['Charged at', 'Epoch', 'Reason', 'ε', 'δ', 'ε spent so far', 'δ spent so far'],
        rows),
    };
  },
};

/** Per released epoch: the mean active-set size after it, and its confidence width (noise included). */
const epochStatistics = {
  id: 'epoch-statistics',
  title: 'Active sets and noise widths per epoch',
  sources: ['status', 'epochs'],
  render({ status, epochs }) {
    const released = epochs.filter((e) => e.width !== null && e.width !== undefined);
    if (released.length === 0) {
      return { description: 'No epoch has been released yet: its active sets and width appear with its release.' };
    }
    const bars = (value, what) => released.map((e) => ({ label: `${e.number}`, value: value(e),
      title: `Epoch ${e.number}: ${what} ${num(value(e))}` }));
    return {
      description: 'After each release, the mean number of actions still active per pool context (fewer: the '
        + 'model has ruled actions out) and the release\'s confidence width Δ, which includes its privacy noise.',
      figure: h('div', { class: 'pair' },
        barChart({ label: `Mean active-set size after each of ${released.length} releases`,
          bars: bars((e) => e.meanActiveSetSize, 'mean active-set size'), yTitle: 'mean active actions',
          xTitle: 'epoch', W: 480 }),
        barChart({ label: `Confidence width of each of ${released.length} releases`,
          bars: bars((e) => e.width, 'width Δ'), yTitle: 'width Δ', xTitle: 'epoch', W: 480 })),
      table: dataTable('Releases', ['Epoch', 'Mean active-set size', 'Width Δ', 'Projection-set size', 'ε charged',
        'δ charged'], released.map((e) => [String(e.number), num(e.meanActiveSetSize), num(e.width),
        String(e.projectionSize), num(e.epsilon), num(e.delta)])),
    };
  },
};

/** The released model's best action per pool context: a heat map for a 2-d pool, counts otherwise. */
const recommendations = {
  id: 'recommendations',
  title: 'Recommended action per pool context',
  sources: ['status', 'recommendations'],
  render({ status, recommendations: r }) {
    if (r.actions.length === 0) {
      if (r.poolSize === 0) return null;
      return { description: `${status.algorithm} releases per context are charged to the budget, so this page `
        + 'computes none; ask for one with POST /release.' };
    }
    const distinct = [...new Set(r.actions)].sort();
    const colour = colours(distinct);
    const counts = distinct.map((a) => [a, r.actions.filter((x) => x === a).length]);
    const summary = counts.map(([a, n]) => `${a} for ${n} context${n === 1 ? '' : 's'}`).join(', ');
    const sample = r.contexts.length < r.poolSize
      ? ` on an evenly spaced sample of ${r.contexts.length} of the pool's ${r.poolSize} contexts` : '';
    const release = status.epoch > 1 || status.phase !== 'EXPLORE'
      ? 'the latest released model' : 'no release yet, so every action is still active';
    const rows = r.contexts.map((c, i) => [String(i + 1), `(${c.map(num).join(', ')})`, r.actions[i],
      String(r.activeSetSizes[i])]);
    const table = dataTable('Recommendations', ['#', 'Pool context (public)', 'Recommended action',
      'Active-set size'], rows);
    const key = legend(counts.map(([a, n]) => ({ label: `${a} (${n})`, colour: colour.get(a) })));
    if (r.contexts.every((c) => c.length === 2)) {
      return {
        description: `The best action of ${release}${sample}, at each public pool context (dots); the shading `
          + 'extends each context\'s action to the points nearest it. Hover a dot for its active-set size.',
        figure: heatMap({
          label: `Heat map of the recommended action over the 2-dimensional pool: ${summary}`,
          points: r.contexts.map((c, i) => ({ x: c[0], y: c[1], category: r.actions[i],
            title: `(${num(c[0])}, ${num(c[1])}): ${r.actions[i]}, ${r.activeSetSizes[i]} active` })),
          colourOf: (a) => colour.get(a), xTitle: 'context[0]', yTitle: 'context[1]',
        }),
        legend: key,
        beside: true,
        table,
      };
    }
    return {
      description: `How many pool contexts each action is the best for, by ${release}${sample}.`,
      figure: barChart({ label: `Pool contexts per recommended action: ${summary}`,
        bars: counts.map(([a, n]) => ({ label: a, value: n, title: `${a}: ${n} contexts` })),
        yTitle: 'pool contexts', xTitle: 'recommended action' }),
      legend: key,
      table,
    };
  },
};

/**
 * The planner's forecast (made from the spec and pool alone, before any reward) next to what the
 * releases did: per epoch the gap the forecast said the release could resolve, and the mean active-set
 * size the release actually left.
 */
const forecastVersusActual = {
  id: 'forecast',
  title: 'The planner\'s forecast and what happened',
  sources: ['status', 'epochs', 'forecast'],
  render({ status, epochs, forecast }) {
    if (forecast.status === 'NONE') return null;
    if (forecast.status !== 'READY') {
      return { description: forecast.status === 'COMPUTING'
        ? 'The planner is computing this bandit\'s forecast from its spec and pool (seconds for a large pool); '
          + 'it appears here when ready.'
        : `The forecast could not be computed: ${forecast.detail}` };
    }
    const report = forecast.report;
    if (report.usca) {
      const u = report.usca;
      return { description: `Forecast at the horizon: the approximating set covers ${num(100 * u.coverage)}% of the `
        + `${u.supportSize} support points; with every other action ${num(u.gap)} worse, a release picks the best `
        + `action with probability ${num(u.bestProbabilityAtGap)} (expected simple regret ${num(u.simpleRegretAtGap)}); `
        + `even odds at a gap of ${num(u.evenOddsGap)}.` };
    }
    const f = report.capri;
    const actual = new Map(epochs.filter((e) => e.width !== null && e.width !== undefined)
      .map((e) => [e.number, e]));
    const firstShrunk = [...actual.values()].find((e) => e.meanActiveSetSize < f.actions);
    const forecastFirst = f.firstEliminationEpoch === null
      ? `the forecast says no epoch within the horizon eliminates a gap of ${num(f.gap)}`
      : `the forecast says epoch ${f.firstEliminationEpoch}'s release first eliminates a gap of ${num(f.gap)}`;
    const happened = firstShrunk ? `epoch ${firstShrunk.number}'s release was the first to rule an action out`
      : `no release has ruled an action out yet (${actual.size} of ${f.releasingEpochs} released)`;
    const rows = f.epochs.map((e) => {
      const a = actual.get(e.epoch);
      return [String(e.epoch), String(e.length), String(e.projectionSize), num(e.noiseSigma), num(e.resolvableGap),
        a ? String(a.projectionSize) : '–', a ? num(a.width) : '–', a ? num(a.meanActiveSetSize) : '–'];
    });
    return {
      description: `Made from the spec and its public pool alone: ${forecastFirst}; ${happened}. Bars: the `
        + 'smallest reward gap each release can resolve (median pair of actions, full active sets).',
      figure: barChart({ label: `Forecast resolvable gap of each of ${f.epochs.length} releases`,
        bars: f.epochs.map((e) => ({ label: `${e.epoch}`, value: e.resolvableGap,
          title: `Epoch ${e.epoch}: resolves a gap of ${num(e.resolvableGap)}` })),
        yTitle: 'resolvable gap', xTitle: 'epoch' }),
      table: dataTable('Forecast and releases', ['Epoch', 'T_r', 'Forecast |S|', 'Forecast σ',
        'Forecast resolvable gap', 'Released |S|', 'Released width Δ', 'Mean active-set size'], rows),
    };
  },
};

/**
 * The privacy report: what the bandit protects and at which guarantee, each mechanism with its
 * sensitivity, calibration and paper, and what leaves without noise by design.
 */
const privacyReport = {
  id: 'privacy',
  title: 'What is protected, and how',
  sources: ['privacy'],
  render({ privacy }) {
    const g = privacy.guarantee;
    const shared = privacy.sharedBudget
      ? ` It shares budget '${privacy.sharedBudget.id}' (ε = ${num(privacy.sharedBudget.epsilon)}) with `
        + `${privacy.sharedBudget.bandits - 1} other bandit${privacy.sharedBudget.bandits === 2 ? '' : 's'}.`
      : '';
    const rows = privacy.mechanisms.map((m) => [m.name, m.runsOn === 'DEVICE' ? 'user\'s device' : 'server',
      m.releases, m.sensitivity, m.calibration, m.reference]);
    return {
      description: `${g.statement}. Protected: ${privacy.protects}. Accountant ${g.accountant}; `
        + `${num(privacy.spent.epsilonSpent)} of ε = ${num(g.epsilon)} spent in ${privacy.charges.length} charge`
        + `${privacy.charges.length === 1 ? '' : 's'}.${shared}`,
      legend: h('div', {}, h('p', {}, 'Public by design (leaves without noise, and why it is not a user\'s data):'),
        h('ul', {}, ...privacy.publicByDesign.map((item) => h('li', {}, item)))),
      table: plainTable('Mechanisms', ['Mechanism', 'Runs on', 'Releases', 'Sensitivity', 'Calibration',
        'Implements'], rows),
    };
  },
};

/** The panels, in page order. */
export const panels = [epochTimeline, budgetOverTime, epochStatistics, forecastVersusActual, recommendations,
  privacyReport];

/** "PLANNING:MAXIMA", 0.8 -> "Planning (maxima), 80 %". */
export function workLabel(work, progress) {
  const [stage, step] = work.split(':');
  const name = stage.charAt(0) + stage.slice(1).toLowerCase().replaceAll('_', ' ');
  const detail = step ? ` (${step.toLowerCase().replaceAll('_', ' ')})` : '';
  return progress === null || progress === undefined ? `${name}${detail}`
    : `${name}${detail}, ${Math.round(progress * 100)} %`;
}
