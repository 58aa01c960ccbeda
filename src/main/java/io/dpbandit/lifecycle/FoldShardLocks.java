package io.dpbandit.lifecycle;

/**
 * Who folds a fold shard of an epoch right now: at most one instance at a time holds a shard's lock
 * (on PostgreSQL, a session-level advisory lock: {@link LifecycleLeader}). The lock only keeps two
 * instances from summing the same rounds twice and throwing one result away; correctness rests on
 * the shard's compare-and-set, so a holder that lost its lock without noticing changes nothing.
 */
public interface FoldShardLocks {

    /** Takes the shard's lock if nobody holds it; false otherwise (or if the database is away). */
    boolean tryLock(String bandit, int epoch, int shard);

    /** Lets go of a shard's lock this instance holds. */
    void unlock(String bandit, int epoch, int shard);

    /** Locks that are always granted: one instance alone (tests, tools). */
    FoldShardLocks NONE = new FoldShardLocks() {
        @Override
        public boolean tryLock(String bandit, int epoch, int shard) {
            return true;
        }

        @Override
        public void unlock(String bandit, int epoch, int shard) {
        }
    };
}
