-- Partial sums of an epoch's fold, one per fold shard, so that several instances can fold one large
-- bandit at once. Fold shard k of n takes the learning rounds whose slot s has (s - 1) mod n = k;
-- each row is replaced only at the count it was read at (its own compare-and-set) and only by the
-- instance holding the shard's advisory lock. The epoch's close adds the shards' sums to the
-- epoch's own accumulator and deletes them in the same transaction: like the accumulator, a
-- partial sum is derived from raw rewards and never outlives the epoch's release.
CREATE TABLE fold_shard (
    bandit_id   VARCHAR(64) NOT NULL,
    epoch       INTEGER     NOT NULL,
    shard       SMALLINT    NOT NULL,
    accumulator BYTEA       NOT NULL,
    folded      INTEGER     NOT NULL,
    PRIMARY KEY (bandit_id, epoch, shard),
    FOREIGN KEY (bandit_id, epoch) REFERENCES epoch (bandit_id, number) ON DELETE CASCADE,
    CONSTRAINT fold_shard_folded CHECK (folded > 0)
);
