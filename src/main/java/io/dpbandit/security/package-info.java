/**
 * Who may do what: API keys (stored as SHA-256 hashes, found by the presented key's hash) bound to roles
 * and optionally to bandits, per-key rate limits, and the development key of the embedded mode.
 * <p>Part of the service shell; the algorithm core never depends on it.
 */
package io.dpbandit.security;
