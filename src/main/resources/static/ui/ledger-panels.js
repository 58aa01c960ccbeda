// The panels about what the bandit spends and what it released: the ledger's charges over time,
// per-context releases (each one charged) and the privacy report. Part of the panels' list (panels.js).

import { CHARGING, chargesPerRelease, figures } from './budget.js';
import { barChart, colours, isoInstant, num, stepChart, when } from './charts.js';
import { fileName } from './csv.js';
import { dataTable, h, legend, table as plainTable } from './dom.js';

const time = (s) => (s ? Date.parse(s) : null);

/**
 * Cumulative ε charged to the ledger, against the total budget. A charge is not what the bandit has
 * spent: a tree-mechanism or locally private bandit is charged its whole horizon at creation, and spends
 * it as its releases happen (budget.js).
 */
export const budgetOverTime = {
  id: 'budget',
  title: 'Privacy budget charged to the ledger over time',
  sources: ['status', 'epochs', 'ledger', 'privacy'],
  render({ status, epochs, ledger, privacy }, now) {
    const total = status.budget.epsilonTotal;
    const f = figures(status.budget);
    let charged = 0;
    let chargedDelta = 0;
    const rows = [];
    const points = ledger.map((entry) => {
      charged += entry.epsilon;
      chargedDelta += entry.delta;
      const t = time(entry.createdAt);
      rows.push([when(t), entry.epoch === null || entry.epoch === undefined ? '–' : String(entry.epoch),
        entry.reason, num(entry.epsilon), num(entry.delta), num(charged), num(chargedDelta)]);
      return { t, v: charged, title: `${when(t)}: ${entry.reason}${entry.epoch ? ` (epoch ${entry.epoch})` : ''}, `
        + `ε ${num(entry.epsilon)} charged, now ${num(charged)} of ${num(total)} charged to the ledger` };
    });
    const csvRows = ledger.map((entry, i) => [isoInstant(points[i].t), entry.epoch ?? null, entry.reason,
      entry.epsilon, points[i].v, total]);
    const opened = epochs.length ? time(epochs[0].openedAt) : now;
    const start = Math.min(opened, ...points.map((p) => p.t));
    const end = Math.max(now, ...points.map((p) => p.t), start + 1000);
    const split = ` The releases made so far have spent ${num(f.spent)}; the plan for the whole horizon `
      + `commits ${num(f.committed)} (${CHARGING[f.charging] ?? f.charging}).`;
    return {
      description: `${num(f.charged)} of ε = ${num(total)} charged to the ledger in ${ledger.length} charge`
        + `${ledger.length === 1 ? '' : 's'}`
        + (status.budget.deltaTotal > 0
          ? ` (δ: ${num(f.deltaCharged)} of ${num(status.budget.deltaTotal)}).` : '.')
        + split
        + (f.spending ? ` ${f.spending}` : '')
        + (chargesPerRelease(status)
          ? ' Each charge is paid in the same transaction as the release it pays for.' : ''),
      figure: stepChart({
        label: `Privacy budget charged to the ledger: ${num(charged)} of epsilon ${num(total)} in ${ledger.length} `
          + `charge${ledger.length === 1 ? '' : 's'}`,
        points, start, end, reference: total, referenceLabel: `total ε = ${num(total)}`, yTitle: 'ε charged',
      }),
      downloads: [{ label: 'budget charged', file: fileName(status.id, 'budget'),
        headers: ['Charged at (ISO 8601)', 'Epoch', 'Reason', 'Epsilon charged', 'Epsilon charged so far',
          'Epsilon total'], rows: csvRows }],
      table: dataTable('Ledger', ['Charged at', 'Epoch', 'Reason', 'ε', 'δ', 'ε charged so far',
        'δ charged so far'], rows),
    };
  },
};

/**
 * Per-context releases, for an algorithm that releases per context (its profile lists this panel; GET
 * /release: each release's action, time and ledger entry, never the context it was made for), over time
 * and per action.
 */
export const contextReleases = {
  id: 'releases',
  title: 'Per-context releases',
  sources: ['status', 'epochs', 'release'],
  render({ status, epochs, release }, now) {
    const eps = release.privacy.epsilonPerRelease;
    const b = release.budget;
    const allowed = Math.floor(b.epsilonTotal / eps + 1e-9);
    const more = Math.max(0, Math.floor(b.epsilonRemaining / eps + 1e-9));
    const list = [...release.releases].sort((x, y) => time(x.releasedAt) - time(y.releasedAt) || x.ledgerId - y.ledgerId);
    const how = `Each is the exponential mechanism's choice for one context, charged ε = ${num(eps)} (the same `
      + 'context asked again is answered from its release, free); this page shows each release\'s action, time and '
      + 'ledger entry, as GET /release lists them, never the context it was made for. Ask for one with POST /release '
      + '{bandit, context}: it is charged.';
    if (status.phase === 'EXPLORE') {
      return { description: `${status.algorithm} releases once its ${status.epochLength} learning rounds are in `
        + `(${status.current?.folded ?? 0} folded so far). ${how}` };
    }
    if (list.length === 0) {
      return { description: `No release yet; the budget allows ${more} (ε ${num(b.epsilonRemaining)} left). ${how}` };
    }
    const times = list.map((x) => time(x.releasedAt));
    const closed = epochs.length ? time(epochs[epochs.length - 1].closedAt) : null;
    const start = Math.min(closed ?? times[0], ...times);
    const end = Math.max(now, ...times, start + 1000);
    const points = list.map((x, i) => ({ t: times[i], v: i + 1,
      title: `${when(times[i])}: release ${i + 1}, action ${x.action} (ledger entry ${x.ledgerId})` }));
    const actions = [...new Set(list.map((x) => x.action))].sort();
    const counts = actions.map((a) => [a, list.filter((x) => x.action === a).length]);
    const colour = colours(actions);
    return {
      description: `${list.length} release${list.length === 1 ? '' : 's'} so far; the budget allows ${allowed} in all, `
        + `${more} more (ε ${num(b.epsilonRemaining)} left). ${how}`,
      figure: h('div', { class: 'pair' },
        stepChart({ label: `Per-context releases over time: ${list.length} of the ${allowed} the budget allows`,
          points, start, end, reference: allowed, referenceLabel: `the budget allows ${allowed}`,
          yTitle: 'releases so far', integer: true, W: 480 }),
        barChart({ label: `Releases per action: ${counts.map(([a, k]) => `${a} ${k}`).join(', ')}`,
          bars: counts.map(([a, k]) => ({ label: a, value: k, title: `${a}: ${k} release${k === 1 ? '' : 's'}`,
            colour: colour.get(a) })),
          yTitle: 'releases', xTitle: 'released action', integer: true, W: 480 })),
      legend: legend(counts.map(([a, k]) => ({ label: `${a} (${k})`, colour: colour.get(a) }))),
      downloads: [
        { label: 'releases over time', file: fileName(status.id, 'releases'),
          headers: ['Released at (ISO 8601)', 'Action', 'Ledger entry', 'Releases so far',
            'Releases the budget allows'],
          rows: list.map((x, i) => [isoInstant(times[i]), x.action, x.ledgerId, i + 1, allowed]) },
        { label: 'releases per action', file: fileName(status.id, 'releases-per-action'),
          headers: ['Action', 'Releases'], rows: counts }],
      table: dataTable('Releases', ['#', 'Released at', 'Action', 'Ledger entry'],
        list.map((x, i) => [String(i + 1), when(times[i]), x.action, String(x.ledgerId)])),
    };
  },
};

/**
 * The privacy report: what the bandit protects and at which guarantee, each mechanism with its
 * sensitivity, calibration and paper, and what leaves without noise by design.
 */
export const privacyReport = {
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
      m.releases, m.sensitivity, m.calibration, m.reference].map(tidyNumbers));
    const f = figures(privacy.spent);
    const budget = `spent ${num(f.spent)}, committed ${num(f.committed)} and charged ${num(f.charged)} of `
      + `ε = ${num(g.epsilon)}`;
    return {
      description: `${tidyNumbers(g.statement)}. Protected: ${privacy.protects}. Accountant ${g.accountant}; `
        + `${budget} in ${privacy.charges.length} ledger charge${privacy.charges.length === 1 ? '' : 's'}.`
        + `${f.spending ? ` ${f.spending}` : ''}${shared}`,
      legend: h('div', {}, h('p', {}, 'Public by design (leaves without noise, and why it is not a user\'s data):'),
        h('ul', {}, ...privacy.publicByDesign.map((item) => h('li', {}, item)))),
      table: plainTable('Mechanisms', ['Mechanism', 'Runs on', 'Releases', 'Sensitivity', 'Calibration',
        'Implements'], rows),
    };
  },
};

/**
 * The service's prose with any long decimal in it (0.9999999999998472, 1.2345678e-7) shown as num shows
 * numbers, so a table reads the same figures as the charts.
 */
export const tidyNumbers = (text) => (typeof text !== 'string' ? text
  : text.replace(/-?\d+\.\d{7,}(?:[eE][-+]?\d+)?/g, (m) => num(Number(m))));
