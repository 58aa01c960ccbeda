// A bandit's privacy budget in the page's words: what it has spent (the releases made so far, worst
// case over users), what it has committed (the plan for the whole horizon), what the ledger has
// charged, and its total, as GET /bandits/{id} splits them. A tree-mechanism or locally private bandit
// is charged its whole horizon when it is created: charged is not spent, and a fresh one is not
// exhausted; `charging` and `spending` say how each bandit spends.

import { num } from './charts.js';
import { h } from './dom.js';

/** How each charging mode reads, after the numbers. */
export const CHARGING = {
  PER_RELEASE: 'charged per release',
  AT_CREATION: 'whole horizon charged at creation',
  ON_DEVICE: 'spent on users\' devices',
};

/** The budget's figures as the service splits them: total, spent, committed, charged, how it charges and why. */
export function figures(budget) {
  return {
    total: budget.epsilonTotal,
    spent: budget.epsilonSpent,
    committed: budget.epsilonCommitted,
    charged: budget.epsilonCharged,
    deltaTotal: budget.deltaTotal,
    deltaCharged: budget.deltaCharged,
    charging: budget.charging,
    spending: budget.spending,
  };
}

/** "spent 0.12 · committed 1 of ε = 1". */
export function budgetWords(budget) {
  const f = figures(budget);
  return `spent ${num(f.spent)} · committed ${num(f.committed)} of ε = ${num(f.total)}`;
}

/**
 * The budget meter: spent (solid) within committed (hatched) within the total (the track), labelled
 * with the numbers and, where the service says it, how this bandit is charged.
 */
export function budgetMeter(budget) {
  const f = figures(budget);
  const share = (v) => `${Math.max(0, Math.min(100, f.total > 0 ? (100 * (v ?? 0)) / f.total : 0))}%`;
  const words = budgetWords(budget);
  const committed = h('span', { class: 'committed' });
  committed.style.width = share(f.committed);
  const spent = h('span', { class: 'spent' });
  spent.style.width = share(f.spent);
  const how = f.charging ? CHARGING[f.charging] ?? f.charging.toLowerCase().replaceAll('_', ' ') : null;
  return h('span', { class: 'budget', 'data-charging': f.charging ?? undefined },
    h('span', { class: 'budget-meter', role: 'img', 'aria-label': `privacy budget: ${words}` }, committed, spent),
    h('span', { class: 'budget-text' }, words, how ? h('span', { class: 'muted charging' }, ` (${how})`) : ''));
}

/** Whether every ledger charge of this bandit pays for a release made in the same transaction (PER_RELEASE). */
export function chargesPerRelease(status) {
  return figures(status.budget).charging === 'PER_RELEASE';
}

/** "<algorithm> (local DP)": the algorithm with its privacy model, where the privacy report has told it. */
export function algorithmWithModel(algorithm, model) {
  if (model === 'LDP') return `${algorithm} (local DP)`;
  if (model === 'JDP') return `${algorithm} (joint DP)`;
  return algorithm;
}
