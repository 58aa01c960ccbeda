package io.dpbandit.lifecycle;

/**
 * One of the {@code count} shards an epoch's fold is split into when the fold is a sum: the learning
 * rounds whose slot s has (s − 1) mod count = index. Each shard has its own partial sum with its own
 * compare-and-set, so several instances fold one bandit at once, each shard folded by whoever holds
 * its advisory lock ({@link FoldShardLocks}); the close adds the partial sums up.
 */
public record FoldShard(int index, int count) {

    public FoldShard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("fold shard " + index + " of " + count);
        }
    }
}
