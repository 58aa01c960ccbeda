package io.dpbandit.bandit;

/**
 * Whether a bandit serves, set by an admin (POST /bandits/{id}/pause, /resume, /retire). ACTIVE:
 * it decides. PAUSED: it makes no new decision (409 paused), while feedback for the decisions it
 * already made, its releases and its epoch lifecycle go on, so every promise made to a served round
 * is kept. RETIRED, for good: it makes no decision, takes no feedback and no POST /release (409
 * retired); its status, ledger, epochs and releases stay readable, and the rounds it had in flight
 * count with the default reward once their windows pass, as rounds whose feedback never came.
 */
public enum Serving { ACTIVE, PAUSED, RETIRED }
