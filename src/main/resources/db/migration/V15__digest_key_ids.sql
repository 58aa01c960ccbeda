-- Which digest secret keyed each row that a rotation of dpbandit.release.key-secret could orphan:
-- a user's learning-round counter (user_contribution, privacy.unit USER) and a USCA release under
-- its context's HMAC (context_release). key_id is the secret's public key id (16 hex digits of
-- HMAC-SHA256(secret, 'dpbandit-key-id'): io.dpbandit.bandit.DigestKey), never the secret. With it
-- the service refuses to start while rows of a bandit that still needs them were keyed under a
-- secret it is not configured with (io.dpbandit.config.DigestSecretRotationGuard), instead of
-- silently giving every such user maxRoundsPerUser fresh rounds.
--
-- A migration cannot know the secret, so rows written before it (and rows that instances of an
-- earlier version write during a rolling upgrade) get NULL: "keyed by the secret that was current
-- then". An instance started with no previous-key-secrets labels them with its current key id (the
-- upgrade keeps the secret: docs/operations.md, "Rotating the digest secret"); one started with a
-- rotation configured cannot tell which of its secrets keyed them and refuses to start while a
-- bandit still needs them. Lookups go by digest under every configured secret and never read key_id.
ALTER TABLE user_contribution ADD COLUMN key_id VARCHAR(16)
    CONSTRAINT user_contribution_key_id CHECK (key_id ~ '^[0-9a-f]{16}$');
-- The startup check reads the distinct key ids (a loose index scan) and probes each still-learning
-- bandit under each of them, so it never scans the counters.
CREATE INDEX user_contribution_key ON user_contribution (key_id, bandit_id);

ALTER TABLE context_release ADD COLUMN key_id VARCHAR(16)
    CONSTRAINT context_release_key_id CHECK (key_id ~ '^[0-9a-f]{16}$');
