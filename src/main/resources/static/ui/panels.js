// The panels of a bandit's page. Each panel names the API sources it reads and renders them into
// {description, figure, legend, table}, or returns null when it does not apply to the bandit. The
// page fetches every source that some panel needs, once per refresh, and re-renders a panel only
// when its sources changed. A new panel (and, if needed, a new source) is one entry in each list.

import { banditPath } from './api.js';
import { budgetOverTime, contextReleases, privacyReport } from './ledger-panels.js';
import { rollout } from './rollout-panel.js';
import { barChart, colours, curveChart, duration, heatMap, isoInstant, num, stripChart, timeline, when } from './charts.js';
import { fileName } from './csv.js';
import { dataTable, h, legend } from './dom.js';

/** What the panels may read: name -> API path for a bandit id (all readable by the analyst role). */
export const sources = {
  status: (id) => banditPath(id),
  epochs: (id) => `${banditPath(id)}/epochs`,
  ledger: (id) => `${banditPath(id)}/ledger`,
  recommendations: (id) => `${banditPath(id)}/recommendations`,
  forecast: (id) => `${banditPath(id)}/plan`,
  privacy: (id) => `${banditPath(id)}/privacy`,
  release: (id) => `release?bandit=${encodeURIComponent(id)}`,
  evaluation: (id) => `${banditPath(id)}/evaluation`,
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

/**
 * How a bandit of this algorithm's forecast is drawn ({key, chart, series, main, mainName}: the plan
 * report's field that holds it and one of the charts below), or null where the planner has none.
 */
const forecastView = (algorithm) => profiles[algorithm]?.forecast ?? null;

/**
 * Whether a bandit shows a panel: its algorithm's profile lists it, or the panel applies to this
 * bandit's status whatever its algorithm (a rollout's).
 */
export const showsPanel = (status, panelId) => Boolean(profiles[status.algorithm]?.panels?.includes(panelId))
  || Boolean(panels.find((p) => p.id === panelId)?.appliesTo?.(status));

/** The sources a bandit's panels read (status always). */
export const sourcesFor = (status) => [...new Set(['status', ...panels
  .filter((p) => showsPanel(status, p.id)).flatMap((p) => p.sources)])];

/** The rewards' clipping range, from the privacy report: "[0, 1]". */
const range = (r) => `[${num(r.low)}, ${num(r.high)}]`;

/** The dashed line a reward-scaled chart draws: the reward range's length 2B, the largest gap two actions can have. */
const rewardReference = (r) => ({ value: r.high - r.low,
  label: `reward range ${range(r)}: no two actions differ by more than ${num(r.high - r.low)}`,
  text: `reward range ${range(r)}: largest gap ${num(r.high - r.low)}` });

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
    const rows = [{ label: 'Phase', segments: phaseSegments }, ...epochRows];
    const figure = timeline({
      label: `Timeline of ${epochs.length} epoch${epochs.length === 1 ? '' : 's'}; the bandit is in phase ${status.phase}`
        + ` and epoch ${status.epoch}`,
      rows, start, end, now,
    });
    const spanName = (kind) => (kind.startsWith('phase ') ? `phase ${kind.slice(6).toUpperCase()}` : kind);
    return {
      downloads: [{ label: 'timeline', file: fileName(status.id, 'timeline'),
        headers: ['Row', 'Span', 'From (ISO 8601)', 'To (ISO 8601)', 'Duration (s)'],
        rows: rows.flatMap((r) => r.segments.map((x) => [r.label, spanName(x.kind), isoInstant(x.from),
          isoInstant(x.to), (x.to - x.from) / 1000])) }],
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


/** Per released epoch: the mean active-set size after it, and its confidence width (noise included). */
const epochStatistics = {
  id: 'epoch-statistics',
  title: 'Active sets and noise widths per epoch',
  sources: ['status', 'epochs', 'privacy'],
  render({ status, epochs, privacy }) {
    const released = epochs.filter((e) => e.width !== null && e.width !== undefined);
    if (released.length === 0) {
      return { description: 'No epoch has been released yet: its active sets and width appear with its release.' };
    }
    const bars = (value, what) => released.map((e) => ({ label: `${e.number}`, value: value(e),
      title: `Epoch ${e.number}: ${what} ${num(value(e))}` }));
    const r = privacy.rewards;
    return {
      description: 'After each release, the mean number of actions still active per pool context (fewer: the '
        + 'model has ruled actions out) and the release\'s confidence width Δ, which includes its privacy noise. '
        + `Δ is in reward units: rewards are clipped to ${range(r)}`
        + (r.offset !== 0 ? ` (enter the model as y − ${num(r.offset)} in [${num(-r.bound)}, ${num(r.bound)}])` : '')
        + `, so no two actions differ by more than ${num(r.high - r.low)} (dashed line).`,
      figure: h('div', { class: 'pair' },
        barChart({ label: `Mean active-set size after each of ${released.length} releases`,
          bars: bars((e) => e.meanActiveSetSize, 'mean active-set size'), yTitle: 'mean active actions',
          xTitle: 'epoch', W: 480 }),
        barChart({ label: `Confidence width of each of ${released.length} releases, against the reward range `
          + range(r), bars: bars((e) => e.width, 'width Δ'), yTitle: `width Δ (rewards in ${range(r)})`,
          xTitle: 'epoch', reference: rewardReference(r), W: 480 })),
      legend: legend([{ kind: 'bar', label: 'one bar per release' },
        { kind: 'curve-reference', label: 'the reward range\'s length' }]),
      downloads: [
        { label: 'active-set sizes', file: fileName(status.id, 'active-sets'),
          headers: ['Epoch', 'Mean active-set size'], rows: released.map((e) => [e.number, e.meanActiveSetSize]) },
        { label: 'widths', file: fileName(status.id, 'widths'),
          headers: ['Epoch', 'Width', 'Reward range low', 'Reward range high', 'Reward range length'],
          rows: released.map((e) => [e.number, e.width, r.low, r.high, r.high - r.low]) }],
      table: dataTable('Releases', ['Epoch', 'Mean active-set size', 'Width Δ', 'Projection-set size', 'ε charged',
        'δ charged'], released.map((e) => [String(e.number), num(e.meanActiveSetSize), num(e.width),
        String(e.projectionSize), num(e.epsilon), num(e.delta)])),
    };
  },
};

/** How the contexts of a recommendations answer were chosen, in words. */
function sampleWords(r) {
  switch (r.sample) {
    case 'POOL_SAMPLE': return ` on an evenly spaced sample of ${r.contexts.length} of the pool's ${r.poolSize} contexts`;
    case 'POOL': return ` on the ${r.contexts.length} contexts of its public pool`;
    default: return '';
  }
}

/**
 * The released model's best action per context of the bandit's public sample (its pool): a heat map
 * for 2-d contexts, a strip for 1-d, counts otherwise. A bandit without a pool gets no recommendations:
 * nothing public says where its contexts lie.
 */
const recommendations = {
  id: 'recommendations',
  title: 'Recommended action per context',
  sources: ['status', 'recommendations'],
  render({ status, recommendations: r }) {
    const activeSets = showsPanel(status, 'epoch-statistics');
    const noSample = 'This bandit\'s spec carries no public contexts (contextPool), so nothing is recommended '
      + 'here: without them the service does not know where your contexts lie, and actions drawn over a box they '
      + 'may not live in would be shown for contexts no user has. A bandit created with a public sample of contexts '
      + 'in its contextPool (never user data) shows its model\'s best action on each of them.';
    if (r.sample === 'NO_SAMPLE' && status.modelRounds > 0) return { description: noSample };
    if (r.actions.length === 0) {
      if (r.sample === 'NONE') return null;
      return { description: 'No learning round is in the model yet, so it recommends nothing: it would choose by '
        + 'its prior alone. Recommendations appear here once the first rounds are folded (each once its feedback '
        + 'window has passed).' + (r.sample === 'NO_SAMPLE' ? ` ${noSample}` : '') };
    }
    // A recommendation is a finding only where the release separates it from the other actions by
    // more than its noise (r.resolved); elsewhere the panel says so instead of naming an action.
    const UNRESOLVED = 'not resolved yet';
    const isResolved = (i) => !r.resolved || r.resolved[i] !== false;
    const shown = r.actions.map((a, i) => (isResolved(i) ? a : UNRESOLVED));
    const distinct = [...new Set(shown.filter((a) => a !== UNRESOLVED))].sort();
    const colour = colours(distinct);
    colour.set(UNRESOLVED, '#b8b8b8');
    const categories = shown.includes(UNRESOLVED) ? [...distinct, UNRESOLVED] : distinct;
    const counts = categories.map((a) => [a, shown.filter((x) => x === a).length]);
    const unresolved = shown.filter((a) => a === UNRESOLVED).length;
    const resolution = !r.resolved ? ''
      : unresolved === 0 ? ' Every recommendation shown is resolved: the release separates it from the other actions by '
        + 'more than its noise.'
      : ` ${unresolved} of ${shown.length} contexts are not resolved yet: the release does not separate any action there `
        + 'from the others by more than its noise (the widths the planner uses), so no action is named'
        + (r.roundsToResolve ? `; the planner expects their median margin to be resolved after about `
          + `${r.roundsToResolve.toLocaleString('en')} learning rounds (the model holds ${status.modelRounds})` : '')
        + '.';
    const summary = counts.map(([a, n]) => `${a} for ${n} context${n === 1 ? '' : 's'}`).join(', ');
    const sample = sampleWords(r);
    const release = !activeSets ? `the model as it stands (${status.modelRounds} learning round`
        + `${status.modelRounds === 1 ? '' : 's'} in it)`
      : status.epoch > 1 || status.phase !== 'EXPLORE' ? 'the latest released model'
        : 'no release yet, so every action is still active';
    const dims = r.contexts[0]?.length ?? 0;
    const coordinates = Array.from({ length: dims }, (_, k) => `context[${k}]`);
    const rows = r.contexts.map((c, i) => [String(i + 1), `(${c.map(num).join(', ')})`, shown[i],
      ...(activeSets ? [String(r.activeSetSizes[i])] : [])]);
    const table = dataTable('Recommendations', ['#', 'Context (public)', 'Recommended action',
      ...(activeSets ? ['Active-set size'] : [])], rows);
    const csv = [{ label: 'recommended actions', file: fileName(status.id, 'recommendations'),
      headers: ['#', ...coordinates, 'Recommended action', 'Best guess', 'Resolved',
        ...(activeSets ? ['Active-set size'] : [])],
      rows: r.contexts.map((c, i) => [i + 1, ...c, shown[i], r.actions[i], isResolved(i),
        ...(activeSets ? [r.activeSetSizes[i]] : [])]) }];
    const key = legend(counts.map(([a, n]) => ({ label: `${a} (${n})`, colour: colour.get(a) })));
    const dotTitle = (c, i) => `(${c.map(num).join(', ')}): ${shown[i]}`
      + (activeSets ? `, ${r.activeSetSizes[i]} active` : '');
    if (dims === 2) {
      return {
        description: `The best action of ${release}${sample}, at each context (dots); the shading extends each `
          + 'context\'s action to the points nearest it.' + (activeSets ? ' Hover a dot for its active-set size.' : '')
          + resolution,
        figure: heatMap({
          label: `Heat map of the recommended action over the 2-dimensional contexts: ${summary}`,
          points: r.contexts.map((c, i) => ({ x: c[0], y: c[1], category: shown[i], title: dotTitle(c, i) })),
          colourOf: (a) => colour.get(a), xTitle: 'context[0]', yTitle: 'context[1]',
        }),
        legend: key,
        beside: true,
        downloads: csv,
        table,
      };
    }
    if (dims === 1) {
      return {
        description: `The best action of ${release}${sample}, along the context (dots); the shading extends each `
          + 'point\'s action halfway to its neighbours.' + resolution,
        figure: stripChart({ label: `Recommended action along the 1-dimensional context: ${summary}`,
          points: r.contexts.map((c, i) => ({ x: c[0], category: shown[i], title: dotTitle(c, i) })),
          colourOf: (a) => colour.get(a), xTitle: 'context[0]' }),
        legend: key,
        downloads: csv,
        table,
      };
    }
    return {
      description: `How many contexts each action is the best for, by ${release}${sample}.${resolution}`,
      figure: barChart({ label: `Contexts per recommended action: ${summary}`,
        bars: counts.map(([a, n]) => ({ label: a, value: n, title: `${a}: ${n} contexts`, colour: colour.get(a) })),
        yTitle: 'contexts', xTitle: 'recommended action', integer: true }),
      legend: key,
      downloads: [{ label: 'contexts per action', file: fileName(status.id, 'recommendation-counts'),
        headers: ['Recommended action', 'Contexts'], rows: counts }, ...csv],
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
  sources: ['status', 'epochs', 'forecast', 'privacy'],
  render({ status, epochs, forecast, privacy }) {
    if (forecast.status === 'NONE') return null;
    if (forecast.status !== 'READY') {
      return { description: forecast.status === 'COMPUTING'
        ? 'The planner is computing this bandit\'s forecast from its spec and pool (seconds for a large pool); '
          + 'it appears here when ready.'
        : `The forecast could not be computed: ${forecast.detail}` };
    }
    const view = forecastView(status.algorithm);
    const report = forecast.report;
    if (!view || !report[view.key]) return null;
    if (view.chart === 'RELEASE_ODDS') {
      const u = report[view.key];
      return { description: `Forecast at the horizon: the approximating set covers ${num(100 * u.coverage)}% of the `
        + `${u.supportSize} support points; with every other action ${num(u.gap)} worse, a release picks the best `
        + `action with probability ${num(u.bestProbabilityAtGap)} (expected simple regret ${num(u.simpleRegretAtGap)}). `
        + releaseOdds(u) };
    }
    const f = report[view.key];
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
    const r = privacy.rewards;
    return {
      description: `Made from the spec and its public pool alone: ${forecastFirst}; ${happened}. Bars: the `
        + 'smallest reward gap each release can resolve (median pair of actions, full active sets), against the '
        + `reward range ${range(r)} (dashed: no gap is larger than ${num(r.high - r.low)}).`,
      figure: barChart({ label: `Forecast resolvable gap of each of ${f.epochs.length} releases, against the reward `
          + `range ${range(r)}`,
        bars: f.epochs.map((e) => ({ label: `${e.epoch}`, value: e.resolvableGap,
          title: `Epoch ${e.epoch}: resolves a gap of ${num(e.resolvableGap)}` })),
        yTitle: `resolvable gap (rewards in ${range(r)})`, xTitle: 'epoch', reference: rewardReference(r) }),
      legend: legend([{ kind: 'bar', label: 'forecast resolvable gap of each release' },
        { kind: 'curve-reference', label: 'the reward range\'s length' }]),
      downloads: [{ label: 'forecast resolvable gaps', file: fileName(status.id, 'forecast'),
        headers: ['Epoch', 'Forecast resolvable gap', 'Reward range low', 'Reward range high', 'Reward range length'],
        rows: f.epochs.map((e) => [e.epoch, e.resolvableGap, r.low, r.high, r.high - r.low]) }],
      table: dataTable('Forecast and releases', ['Epoch', 'T_r', 'Forecast |S|', 'Forecast σ',
        'Forecast resolvable gap', 'Released |S|', 'Released width Δ', 'Mean active-set size'], rows),
    };
  },
};

/** The release odds for a reader: P(best) = e^(βg) / (e^(βg) + K − 1), β = ε / 2m, so 9 to 1 at ln(9 (K − 1)) / β and
 * even odds at ln(K − 1) / β (0 with two actions, where any lead makes the best the likelier release). */
export function releaseOdds(u) {
  const beta = u.inverseTemperature;
  if (beta === null || beta === undefined || !(beta > 0)) {
    return 'Releases are not noised: each is the model\'s best action for its context.';
  }
  const rivals = Math.max(1, Math.round(Math.exp(u.evenOddsGap * beta)));
  const ninety = Math.log(9 * rivals) / beta;
  if (rivals === 1) {
    return `With two actions any lead makes the best action the likelier release; it is released 9 times in 10 `
      + `once it leads by ${num(ninety)}.`;
  }
  return `The best action is as likely as all ${rivals} others together at a gap of ${num(u.evenOddsGap)}, and `
    + `released 9 times in 10 at a gap of ${num(ninety)}.`;
}

/** A forecast's value at n rounds: exact at one of its points, else log–log between the two around n; null outside. */
function atRounds(points, n, value) {
  const exact = points.find((p) => p.rounds === n);
  if (exact) return { value: value(exact), exact: true };
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (a.rounds < n && n < b.rounds && value(a) > 0 && value(b) > 0) {
      const f = Math.log(n / a.rounds) / Math.log(b.rounds / a.rounds);
      return { value: Math.exp(Math.log(value(a)) + f * Math.log(value(b) / value(a))), exact: false };
    }
  }
  return null;
}

/**
 * A sequential model: how many learning rounds it holds now (public: rounds
 * fold on their feedback windows) and how noisy the planner says a model of that many rounds is,
 * against the gap it was asked about and the reward range.
 */
const modelNoise = {
  id: 'model',
  title: 'The model: the rounds it holds and its noise',
  sources: ['status', 'epochs', 'forecast', 'privacy'],
  render({ status, epochs, forecast, privacy }, now) {
    const n = status.modelRounds;
    const horizon = status.epochLength;
    const folded = status.rounds + (status.current && status.current.status !== 'CLOSED' ? status.current.folded : 0);
    const local = privacy.model === 'LDP';
    const holds = `The model holds ${n} of the horizon's ${horizon} learning rounds`
      + (n < folded ? ` (the rounds of the epochs it has released; ${folded} are folded)` : '')
      + ': a round folds once its feedback window has passed, whether or not feedback came'
      + (local ? ', and enters the model through its user\'s randomised report.' : '.');
    if (forecast.status !== 'READY') {
      return { description: `${holds} ${forecast.status === 'COMPUTING'
        ? 'The planner is computing this bandit\'s noise forecast from its spec; it appears here when ready.'
        : `The noise forecast could not be computed: ${forecast.detail ?? forecast.status}.`}` };
    }
    const view = forecastView(status.algorithm);
    const f = view && view.chart === 'NOISE_CURVE' ? forecast.report[view.key] : null;
    if (!f) return { description: holds };
    // The forecast's curves, as its algorithm's profile names them; `main` decides when a gap is resolved.
    const main = (p) => p[view.main];
    const mainName = view.mainName;
    const series = view.series.map((x) => ({ label: x.label, kind: x.kind, value: (p) => p[x.field] }));
    const r = privacy.rewards;
    const threshold = f.gap / 2;
    const current = n > 0 ? atRounds(f.points, n, main) : null;
    const markers = [{ at: Math.max(n, 1), kind: 'now', label: n > 0 ? `now: ${n} rounds in the model`
      : 'now: no round in the model yet' }];
    if (f.roundsToResolve !== null && f.roundsToResolve !== undefined) {
      markers.push({ at: f.roundsToResolve, kind: 'resolve', label: `forecast: a gap of ${num(f.gap)} resolved from `
        + `${f.roundsToResolve} rounds` });
    }
    // The series that sums the others (the decision error) is drawn first, as a wide band, so the curves it
    // runs along stay visible on top of it.
    const below = (x) => (x.kind === 'decision' ? 0 : 1);
    const drawn = [...series].sort((a, b) => below(a) - below(b)).map((x) => ({ label: x.label, kind: x.kind,
      points: f.points.map((p) => ({ x: p.rounds,
      y: x.value(p), title: `${x.label} after ${p.rounds} rounds: ${num(x.value(p))} (forecast)` })) }));
    if (current) {
      drawn.push({ label: 'the model now', kind: 'now', points: [{ x: n, y: current.value,
        title: `now, ${n} rounds: ${mainName} about ${num(current.value)} (${current.exact ? 'forecast' : 'interpolated'})` }] });
    }
    const nowWords = n === 0 ? 'No round is in it yet.'
      : current ? `At ${n} rounds the forecast ${mainName} is about ${num(current.value)}`
        + `${current.exact ? '' : ' (interpolated between the forecast\'s points)'}.`
        : `The forecast starts at ${f.points[0]?.rounds} rounds.`;
    const resolveWords = f.roundsToResolve === null || f.roundsToResolve === undefined
      ? `The forecast resolves no gap of ${num(f.gap)} within the horizon.`
      : `A gap of ${num(f.gap)} is resolved once the ${mainName} is below ${num(threshold)}: from about `
        + `${f.roundsToResolve} rounds${f.roundsToResolve <= n ? ', which the model has reached' : ''}.`;
    // When, at the pace rounds have folded so far (public: decision times and windows), it gets there.
    let pace = '';
    const opened = epochs.length ? time(epochs[0].openedAt) : null;
    if (opened && folded > 0 && f.roundsToResolve > n && now > opened) {
      const eta = opened + (f.roundsToResolve / folded) * (now - opened);
      pace = ` At the pace rounds have folded so far (${folded} in ${duration(now - opened)}), it would hold them `
        + `around ${when(eta)}.`;
    }
    const csvRows = [
      ...drawn.filter((x) => x.kind !== 'now').flatMap((x) => x.points.map((p) => [`${x.label} (forecast)`, p.x, p.y])),
      current ? [`the model now (${current.exact ? 'forecast' : 'interpolated'} ${mainName})`, n, current.value]
        : ['the model now', n, null],
      ...(f.roundsToResolve !== null && f.roundsToResolve !== undefined
        ? [['forecast: the gap is resolved from', f.roundsToResolve, null]] : []),
      ['half the gap (resolved below)', null, threshold],
      ['reward range length', null, r.high - r.low],
    ];
    return {
      description: `${holds} ${nowWords} ${resolveWords}${pace} The forecast is the planner's, from the spec `
        + `alone (GET /bandits/{id}/plan), in reward units: rewards are clipped to ${range(r)}.`,
      figure: curveChart({
        label: `Forecast ${mainName} of the model against its learning rounds (log scales); the model holds ${n} `
          + `rounds now`,
        series: drawn,
        references: [{ value: threshold, label: `half the gap ${num(f.gap)}: resolved below` },
          rewardReference(r)],
        markers,
        xMin: f.points[0]?.rounds, xMax: horizon,
        xTitle: 'learning rounds in the model (log scale)',
        yTitle: `${mainName} (reward units, log)`,
      }),
      legend: legend([...drawn.map((x) => ({ kind: `curve-${x.kind}`, label: x.label })),
        { kind: 'curve-reference', label: 'half the gap, and the reward range\'s length' }]),
      downloads: [{ label: 'model noise', file: fileName(status.id, 'model-noise'),
        headers: ['Series', 'Learning rounds', 'Value (reward units)'], rows: csvRows }],
      table: dataTable('Forecast', ['Learning rounds', ...series.map((x) => x.label)],
        f.points.map((p) => [String(p.rounds), ...series.map((x) => num(x.value(p)))])),
    };
  },
};


/** The panels, in page order. */
export const panels = [epochTimeline, budgetOverTime, rollout, epochStatistics, forecastVersusActual, modelNoise,
  contextReleases, recommendations, privacyReport];

/** "PLANNING:MAXIMA", 0.8 -> "Planning (maxima), 80 %". */
export function workLabel(work, progress) {
  const [stage, step] = work.split(':');
  const name = stage.charAt(0) + stage.slice(1).toLowerCase().replaceAll('_', ' ');
  const detail = step ? ` (${step.toLowerCase().replaceAll('_', ' ')})` : '';
  return progress === null || progress === undefined ? `${name}${detail}`
    : `${name}${detail}, ${Math.round(progress * 100)} %`;
}
