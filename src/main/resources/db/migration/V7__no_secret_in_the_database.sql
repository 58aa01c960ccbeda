-- The context-digest secret never sits in the database the digests are in: it is configured
-- (dpbandit.release.key-secret) or, for the embedded quick start, kept in a file beside its data
-- directory. An instance refuses to start without one before any migration runs, so an operator
-- upgrading from a version that generated the secret here could copy it first (README, "Upgrading").
DROP TABLE service_secret;
