package io.dpbandit.bandit;

/**
 * Where a bandit is in its life. EXPLORE: it has learning rounds left (CAPRI: an epoch that will
 * release; USCA: its T uniform rounds; sequential policies: rounds before the horizon). EXPLOIT:
 * CAPRI after its last release, a sequential policy after its horizon: decisions are served from
 * the last private model, none is a learning round. RELEASE: USCA after its estimator is built,
 * answering per-context releases.
 */
public enum Phase { EXPLORE, EXPLOIT, RELEASE }
