// A rollout's panel (any algorithm launched next to a baseline): the lift at each look of its evaluation.
// Part of the panels' list (panels.js).

import { intervalChart, num } from './charts.js';
import { fileName } from './csv.js';
import { dataTable, legend } from './dom.js';

/**
 * A rollout (any algorithm, when the status has one): the lift's estimate and interval at each look of
 * the evaluation, so far and per window, and the promotion's events (GET /bandits/{id}/evaluation).
 */
export const rollout = {
  id: 'rollout',
  title: 'Rollout: the bandit against the baseline',
  sources: ['status', 'evaluation'],
  appliesTo: (status) => Boolean(status.rollout),
  render({ status, evaluation }) {
    const promotion = evaluation.promotion;
    const releases = evaluation.releases;
    const conf = `${num(evaluation.confidence * 100)} %`;
    const decisions = (r) => r.rounds.bandit + r.rounds.baseline;
    const points = releases.flatMap((r) => [
      { x: decisions(r), kind: 'so-far', ...r.lift,
        title: `look ${r.look}: lift so far ${num(r.lift.value)} in [${num(r.lift.low)}, ${num(r.lift.high)}]` },
      { x: decisions(r) - (r.window.banditRounds + r.window.baselineRounds) / 2,
        kind: 'window', ...r.windowLift, title: `look ${r.look}: this window's lift ${num(r.windowLift.value)} `
          + `in [${num(r.windowLift.low)}, ${num(r.windowLift.high)}]` }]);
    const atLook = (look) => {
      const r = releases.find((x) => x.look === look);
      return r ? decisions(r) : 0;
    };
    const events = promotion.history.filter((e) => e.cause !== 'CREATED');
    const markers = events.map((e) => ({ at: e.look ? atLook(e.look) : 0, kind: e.state === 'PROMOTED' ? 'now' : '',
      label: `${e.state.toLowerCase().replace('_', ' ')} (${e.cause.toLowerCase()}${e.look ? `, look ${e.look}` : ''})` }));
    const last = releases[releases.length - 1];
    const now = last && last.lift.value !== null
      ? ` After ${decisions(last)} decisions the lift is ${num(last.lift.value)} in [${num(last.lift.low)}, `
        + `${num(last.lift.high)}].` : ' No lift yet: both arms must have served a released window.';
    return {
      description: `${promotion.mode === 'AUTO' ? 'AUTO' : 'MANUAL'} rollout, ${promotion.state.toLowerCase()
        .replace('_', ' ')}: the bandit serves a share ${num(promotion.share)} of the decisions that name a baseline.`
        + `${now} Each interval holds at ${conf} together with every other look's (${releases.length} of `
        + `${evaluation.schedule.looks} released); the noise on each window's sums is charged to the budget `
        + '(ledger reason "evaluation").',
      figure: intervalChart({ label: `Lift of the bandit over the baseline at each of ${releases.length} looks`,
        points, markers, xTitle: 'decisions that named a baseline', yTitle: 'lift (reward units)' }),
      legend: legend([{ kind: 'interval-so-far', label: 'lift over every decision so far' },
        { kind: 'interval-window', label: 'lift of the window alone (what AUTO reads)' }]),
      downloads: [{ label: 'evaluation', file: fileName(status.id, 'evaluation'),
        headers: ['Look', 'Released at (ISO 8601)', 'Bandit decisions', 'Baseline decisions', 'Lift', 'Lift low',
          'Lift high', 'Window lift', 'Window lift low', 'Window lift high'],
        rows: releases.map((r) => [r.look, r.releasedAt, r.rounds.bandit, r.rounds.baseline, r.lift.value, r.lift.low,
          r.lift.high, r.windowLift.value, r.windowLift.low, r.windowLift.high]) }],
      table: dataTable('Looks', ['Look', 'Decisions (bandit / baseline)', 'Bandit mean', 'Baseline mean',
        'Lift so far', 'Window\'s lift'], releases.map((r) => [String(r.look),
        `${r.rounds.bandit} / ${r.rounds.baseline}`, num(r.bandit.value), num(r.baseline.value),
        r.lift.value === null ? '–' : `${num(r.lift.value)} [${num(r.lift.low)}, ${num(r.lift.high)}]`,
        r.windowLift.value === null ? '–'
          : `${num(r.windowLift.value)} [${num(r.windowLift.low)}, ${num(r.windowLift.high)}]`])),
    };
  },
};
