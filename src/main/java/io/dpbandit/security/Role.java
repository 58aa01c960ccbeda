package io.dpbandit.security;

/**
 * What a key may do. DECIDER: /decide and /feedback. ANALYST: /release and reading bandit status
 * and ledger. ADMIN: creating bandits, plus everything an analyst may. OPS: Actuator beyond health,
 * and the exact feedback counts (GET /bandits/{id}/feedback).
 */
public enum Role { DECIDER, ANALYST, ADMIN, OPS }
