-- An epoch that can never fill (its bandit was retired with learning slots left) is ABANDONED: it
-- never seals or releases, so its accumulator and its fold shards' partial sums, derived from users'
-- rewards, would otherwise stay forever. The lifecycle abandons it in one transaction that closes its
-- slot counters (quota = used), deletes its partial sums, drops its accumulator and marks its rounds
-- not folded as done (folded_at), so retention forgets them; closed_at is when it was abandoned.
ALTER TABLE epoch DROP CONSTRAINT epoch_status;
ALTER TABLE epoch ADD CONSTRAINT epoch_status CHECK (status IN ('OPEN', 'SEALED', 'CLOSED', 'ABANDONED'));

-- An abandoned epoch keeps no sum: an instance of an earlier version (whose fold still accepts any
-- epoch not CLOSED) cannot write one back during a rolling upgrade; its fold rolls back.
ALTER TABLE epoch ADD CONSTRAINT epoch_abandoned_keeps_no_sum CHECK (status <> 'ABANDONED' OR accumulator IS NULL);

-- Nor may a fold shard's partial sum be written for an epoch that is neither OPEN nor SEALED, and an
-- epoch is never abandoned while one is stored (the abandoning transaction deletes them first).
CREATE FUNCTION fold_shard_of_a_working_epoch() RETURNS trigger AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM epoch WHERE bandit_id = NEW.bandit_id AND number = NEW.epoch
                   AND status IN ('OPEN', 'SEALED')) THEN
        RAISE EXCEPTION 'epoch % of bandit % is closed or abandoned: no partial sum of it may be stored',
            NEW.epoch, NEW.bandit_id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER fold_shard_working_epoch BEFORE INSERT OR UPDATE ON fold_shard
    FOR EACH ROW EXECUTE FUNCTION fold_shard_of_a_working_epoch();

CREATE FUNCTION epoch_abandons_without_partial_sums() RETURNS trigger AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM fold_shard WHERE bandit_id = NEW.bandit_id AND epoch = NEW.number) THEN
        RAISE EXCEPTION 'epoch % of bandit % still has partial sums: abandoning it must delete them', NEW.number,
            NEW.bandit_id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER epoch_abandon_drops_partial_sums BEFORE UPDATE OF status ON epoch
    FOR EACH ROW WHEN (NEW.status = 'ABANDONED' AND OLD.status <> 'ABANDONED')
    EXECUTE FUNCTION epoch_abandons_without_partial_sums();
