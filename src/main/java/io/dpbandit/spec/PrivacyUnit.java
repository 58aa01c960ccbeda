package io.dpbandit.spec;

/**
 * Whom the guarantee protects. ROUND: one decision and its feedback (every round is its own
 * "user"; a person who comes back k times is protected at k times the cost). USER: every round of one
 * user together, up to the spec's {@code privacy.maxRoundsPerUser} k learning rounds; decisions
 * carry the caller's opaque user id, and a user past k rounds is served but not learning.
 */
public enum PrivacyUnit { ROUND, USER }
