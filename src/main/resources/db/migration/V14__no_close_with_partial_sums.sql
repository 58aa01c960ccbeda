-- An epoch never closes while a fold shard's partial sum of it is still stored: the close that
-- releases it adds the partial sums up and deletes them first, in the same transaction. This
-- refuses a close that did not (an instance of an earlier version, during a rolling upgrade,
-- would release from the epoch's own sum only and leave the partial sums behind); that close rolls
-- back and an instance of this version closes the epoch.
CREATE FUNCTION epoch_closes_without_partial_sums() RETURNS trigger AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM fold_shard WHERE bandit_id = NEW.bandit_id AND epoch = NEW.number) THEN
        RAISE EXCEPTION 'epoch % of bandit % still has partial sums: its close must release them', NEW.number,
            NEW.bandit_id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER epoch_close_releases_partial_sums BEFORE UPDATE OF status ON epoch
    FOR EACH ROW WHEN (NEW.status = 'CLOSED' AND OLD.status <> 'CLOSED')
    EXECUTE FUNCTION epoch_closes_without_partial_sums();
