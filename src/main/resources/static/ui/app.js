// The analyst page: sign-in, the list of bandits (#/) and one bandit's page (#/bandits/{id}).
// It reads only what the analyst role reads through the API, with the key kept in sessionStorage.

import { ApiError, banditPath, get, session } from './api.js';
import { algorithmWithModel, budgetMeter } from './budget.js';
import { num } from './charts.js';
import { downloads } from './csv.js';
import { h } from './dom.js';
import { loadProfiles, panels, plansEpochs, showsPanel, sources, sourcesFor, workLabel } from './panels.js';

const REFRESH_MS = 5000;

const $ = (id) => document.getElementById(id);
const main = $('main');
let refreshTimer = null;
let view = 0; // bumped on every navigation, so a late answer for a page left behind is dropped

// ---- sign-in ------------------------------------------------------------------------------------

function showSignIn(message = '') {
  stopRefresh();
  session.forget();
  main.hidden = true;
  main.replaceChildren();
  $('sign-out').hidden = true;
  $('sign-in').hidden = false;
  $('sign-in-error').textContent = message;
  $('api-key').value = '';
  $('api-key').setAttribute('aria-invalid', message ? 'true' : 'false');
  $('api-key').focus();
  document.title = 'Sign in · dpbandit';
}

function signInMessage(e) {
  if (e.status === 401) return 'This key was not accepted. Check it and try again.';
  if (e.status === 403) return 'This key may not read bandits: it needs the analyst (or admin) role.';
  if (e.status === 429) return 'Too many requests with this key; wait a moment and try again.';
  return `${e.title}${e.detail ? `: ${e.detail}` : ''}`;
}

$('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const key = $('api-key').value.trim();
  const error = $('sign-in-error');
  if (!key) {
    error.textContent = 'Enter an analyst API key.';
    return;
  }
  error.textContent = '';
  const button = event.target.querySelector('button');
  button.disabled = true;
  try {
    await get('bandits', key);
    session.remember(key);
    $('sign-in').hidden = true;
    route();
  } catch (e) {
    error.textContent = e instanceof ApiError ? signInMessage(e) : 'Signing in failed.';
    $('api-key').setAttribute('aria-invalid', 'true');
  } finally {
    button.disabled = false;
  }
});

$('sign-out').addEventListener('click', () => {
  showSignIn();
  window.location.hash = '';
});

// ---- routing ------------------------------------------------------------------------------------

function route() {
  stopRefresh();
  view++;
  if (!session.key()) {
    showSignIn();
    return;
  }
  $('sign-in').hidden = true;
  $('sign-out').hidden = false;
  main.hidden = false;
  const match = window.location.hash.match(/^#\/bandits\/(.+)$/);
  if (match) {
    showBandit(decodeURIComponent(match[1]));
  } else {
    showList();
  }
}

window.addEventListener('hashchange', route);

function stopRefresh() {
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = null;
}

/** Runs load() now and every REFRESH_MS while this view is shown and the tab is visible. */
function refreshing(load) {
  const mine = view;
  const tick = async () => {
    if (mine !== view) return;
    if (document.visibilityState === 'visible') await load(mine);
    if (mine === view) refreshTimer = setTimeout(tick, REFRESH_MS);
  };
  tick();
}

/** A failed load: back to sign-in when the key stopped working, else a message in place. */
function failed(e, where) {
  if (e instanceof ApiError && e.status === 401) {
    showSignIn('Your key is no longer accepted. Sign in again.');
    return;
  }
  const message = !(e instanceof ApiError) ? 'Something went wrong showing this page; reload to try again.'
    : e.status === 403 ? 'This key may not read this bandit.'
      : e.status === 404 ? 'There is no such bandit.'
        : `${e.title}${e.detail ? `: ${e.detail}` : ''}`;
  let box = where.querySelector(':scope > .error.load');
  if (!box) {
    box = h('p', { class: 'error load', role: 'alert' });
    where.prepend(box);
  }
  box.textContent = message;
}

function clearFailure(where) {
  where.querySelector(':scope > .error.load')?.remove();
}

// ---- shared bits ------------------------------------------------------------------------------------

const phaseBadge = (phase) => h('span', { class: `badge phase-${phase.toLowerCase()}` }, phase);

/**
 * Each bandit's privacy model (JDP or LDP), from its privacy report: the status does not carry it, and
 * it never changes, so it is read once per bandit and kept for this tab.
 */
const models = new Map();

async function privacyModel(id) {
  if (!models.has(id)) {
    models.set(id, get(`${banditPath(id)}/privacy`).then((r) => r.model ?? null).catch(() => {
      models.delete(id);
      return null;
    }));
  }
  return models.get(id);
}

/** The current epoch in words, with a progress bar for background work. */
function currentWork(b) {
  const c = b.current;
  if (!c) return h('span', {}, '–');
  const parts = [];
  if (c.work) {
    const text = workLabel(c.work, c.progress);
    parts.push(h('span', { class: 'work' },
      c.progress === null || c.progress === undefined ? h('progress', { 'aria-label': text })
        : h('progress', { max: 1, value: c.progress, 'aria-label': text }),
      h('span', {}, text)));
  } else if (c.status === 'OPEN') {
    parts.push(h('span', {}, !plansEpochs(b.algorithm) ? 'Open, learning'
      : c.planned ? 'Open, plan ready' : 'Open, waiting to be planned'));
  } else if (c.status === 'SEALED') {
    parts.push(h('span', {}, `Sealed, ${c.folded} of ${c.assigned} rounds folded`));
  } else if (c.status === 'ABANDONED') {
    parts.push(h('span', {}, `Abandoned (retired with ${c.assigned} of ${b.epochLength} rounds): never released`));
  } else {
    parts.push(h('span', {}, 'Closed'));
  }
  return h('span', { class: 'current' }, ...parts);
}

const rounds = (b) => (b.current && b.epochLength ? `${b.current.assigned} of ${b.epochLength} rounds` : '');

// ---- the list ---------------------------------------------------------------------------------------

function showList() {
  document.title = 'Bandits · dpbandit';
  const body = h('tbody');
  const count = h('p', { class: 'lead' });
  const section = h('section', { 'aria-labelledby': 'list-title' },
    h('h1', { id: 'list-title' }, 'Bandits'),
    count,
    h('table', { class: 'bandits' },
      h('caption', { class: 'visually-hidden' }, 'Bandits this key may read'),
      h('thead', {}, h('tr', {},
        ...['Bandit', 'Algorithm', 'Phase', 'Epoch', 'Current epoch', 'Budget (ε)']
          .map((x) => h('th', { scope: 'col' }, x)))),
      body));
  main.replaceChildren(section);
  let last = null;
  refreshing(async (mine) => {
    try {
      const bandits = await get('bandits');
      const modelOf = new Map(await Promise.all(bandits.map(async (b) => [b.id, await privacyModel(b.id)])));
      if (mine !== view) return;
      clearFailure(section);
      const text = JSON.stringify([bandits, [...modelOf]]);
      if (text === last) return;
      last = text;
      count.textContent = bandits.length === 0 ? 'There are no bandits this key may read yet.'
        : `${bandits.length} bandit${bandits.length === 1 ? '' : 's'}. Choose one for its epochs, budget and model.`;
      body.replaceChildren(...bandits.map((b) => h('tr', { 'data-bandit': b.id },
        h('th', { scope: 'row' }, h('a', { href: `#/bandits/${encodeURIComponent(b.id)}` }, b.id)),
        h('td', {}, algorithmWithModel(b.algorithm, modelOf.get(b.id))),
        h('td', {}, phaseBadge(b.phase)),
        h('td', {}, String(b.epoch), ' ', h('span', { class: 'muted' }, rounds(b))),
        h('td', {}, currentWork(b)),
        h('td', {}, budgetMeter(b.budget)))));
    } catch (e) {
      if (mine === view) failed(e, section);
    }
  });
}

// ---- one bandit -------------------------------------------------------------------------------------

function showBandit(id) {
  document.title = `${id} · dpbandit`;
  const facts = h('dl', { class: 'facts' });
  const panelNodes = new Map(panels.map((p) => [p.id, h('section', { class: 'panel', id: `panel-${p.id}`,
    'aria-labelledby': `panel-${p.id}-title`, hidden: true }, h('h2', { id: `panel-${p.id}-title` }, p.title))]));
  const page = h('article', { class: 'bandit', 'aria-labelledby': 'bandit-title' },
    h('nav', { 'aria-label': 'Breadcrumb' }, h('a', { href: '#/' }, '← All bandits')),
    h('h1', { id: 'bandit-title' }, id),
    facts,
    ...panelNodes.values());
  main.replaceChildren(page);
  main.focus();
  const seen = new Map();
  refreshing(async (mine) => {
    let data;
    try {
      // The status first: its algorithm says which panels, and so which sources, this page reads.
      const status = await get(sources.status(id));
      const needed = sourcesFor(status).filter((s) => s !== 'status');
      const values = await Promise.all(needed.map((s) => get(sources[s](id))));
      data = { status, ...Object.fromEntries(needed.map((s, i) => [s, values[i]])) };
    } catch (e) {
      if (mine === view) failed(e, page);
      return;
    }
    if (mine !== view) return;
    clearFailure(page);
    const now = Date.now();
    const factsInput = JSON.stringify([data.status, data.privacy?.rewards, data.privacy?.model]);
    if (seen.get('facts') !== factsInput) {
      seen.set('facts', factsInput);
      facts.replaceChildren(...describe(data.status, data.privacy?.rewards, data.privacy?.model));
    }
    for (const panel of panels) {
      if (!showsPanel(data.status, panel.id)) {
        panelNodes.get(panel.id).hidden = true;
        continue;
      }
      const input = Object.fromEntries(panel.sources.map((s) => [s, data[s]]));
      const text = JSON.stringify(input);
      if (seen.get(panel.id) === text) continue;
      seen.set(panel.id, text);
      const node = panelNodes.get(panel.id);
      let out;
      try {
        out = panel.render(input, now);
      } catch (e) {
        out = { description: 'This chart could not be drawn from the data the service sent.' };
      }
      node.hidden = out === null;
      node.replaceChildren(node.firstChild);
      if (out) {
        node.append(...[out.description && h('p', { class: 'description' }, out.description),
          out.figure && h('div', { class: out.beside ? 'figure beside' : 'figure' }, h('figure', {}, out.figure),
            out.legend),
          !out.figure && out.legend, out.downloads && out.downloads.length > 0 && downloads(out.downloads),
          out.table].filter(Boolean));
      }
    }
  });
}

/**
 * The bandit's facts. How many learning rounds its model holds is public (rounds fold on their
 * feedback windows, whatever feedback came): an epoch algorithm's releases hold its closed epochs'
 * rounds, a sequential model every round folded so far (GET /bandits/{id} modelRounds).
 */
function describe(b, rewards, model) {
  const fact = (term, ...value) => [h('dt', {}, term), h('dd', {}, ...value)];
  const held = b.modelRounds ?? b.rounds;
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [
    ...fact('Algorithm', algorithmWithModel(b.algorithm, model)),
    ...fact('Phase', phaseBadge(b.phase)),
    ...fact('Epoch', `${b.epoch} `, b.epochLength ? h('span', { class: 'muted' }, rounds(b)) : ''),
    ...fact('Current epoch', currentWork(b)),
    ...fact('Budget (ε)', budgetMeter(b.budget)),
    ...(b.budget.spending ? fact('How it spends', b.budget.spending) : []),
    ...fact('Decisions', plansEpochs(b.algorithm)
      ? `${b.decisions}, of which ${plural(held, 'learning round')} ${held === 1 ? 'is' : 'are'} in releases`
      : `${b.decisions}; the model holds ${plural(held, 'learning round')}`,
      b.learningDecisions != null && b.learningDecisions !== b.decisions
        ? h('span', { class: 'muted' }, ` (${b.learningDecisions} took a learning slot)`) : ''),
    ...((b.notes ?? []).length ? fact('What the counts mean', h('ul', { class: 'notes' },
      ...b.notes.map((n) => h('li', {}, n)))) : []),
    ...(rewards ? fact('Rewards', `clipped to [${num(rewards.low)}, ${num(rewards.high)}]`
      + (rewards.offset !== 0 ? ` (the model takes y − ${num(rewards.offset)})` : '')) : []),
  ];
}

// The algorithms' profiles first (public, no key), then the page.
loadProfiles().catch(() => {}).finally(route);
