package io.dpbandit.lifecycle;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.PositiveOrZero;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The lifecycle worker and retention ({@code dpbandit.lifecycle.*}).
 *
 * @param checkIntervalMs    the lifecycle's public grid, in milliseconds: the worker steps at every
 *                           multiple of it on the database's clock, whatever it found at the last one,
 *                           and dates what it commits (plans, seals, closes, their ledger entries) by
 *                           that instant; a window's end waits at most this long for its step
 *                           ({@link LifecycleGrid})
 * @param retentionSeconds   how long a decision's per-user values (raw context and reward, report,
 *                           action, feedback state and time) stay once it is done: a learning round
 *                           folded into the model, any other decision made (0: forgotten at the next
 *                           retention pass; the action stays for the replay window)
 * @param stepBudgetMs       how long one bounded step of one bandit's background work (a slice of
 *                           planning, say) may run before the worker turns to the next bandit, in
 *                           milliseconds
 * @param leaderCheckMs      how often an instance rebalances the bandits it leads (takes bandits
 *                           nobody leads, up to its fair share, and hands over what it holds beyond
 *                           it), in milliseconds; a bandit that appears is claimed at once
 * @param worker             whether this instance runs the lifecycle worker at all (tests that drive
 *                           epochs themselves turn it off)
 * @param closeCommitDelayMs fault injection for crash tests only: holds an epoch-close transaction
 *                           open this long after its ledger charge, so a kill can land inside it;
 *                           never set it in production
 * @param replayWindowSeconds how long a decision's requestId, the keyed digest of its context and its
 *                           action are kept to answer a replay; after it a replay is a new decision
 * @param foldShards         how many fold shards an epoch's fold is split into when it is a sum (CAPRI):
 *                           each has its own partial sum, and any instance with spare background time
 *                           folds a shard of a bandit another instance leads, so replicas share one
 *                           large bandit's fold (1: the leader folds alone, into one sum)
 * @param foldCommitDelayMs  fault injection for crash tests only: holds a fold shard's transaction open
 *                           this long after its writes, so a kill can land inside it; never set it in
 *                           production
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.lifecycle")
public record LifecycleProperties(
        @DefaultValue("1000") @Min(10) long checkIntervalMs,
        @DefaultValue("0") @PositiveOrZero int retentionSeconds,
        @DefaultValue("200") @Min(1) long stepBudgetMs,
        @DefaultValue("2000") @Min(10) long leaderCheckMs,
        @DefaultValue("true") boolean worker,
        @DefaultValue("0") @PositiveOrZero long closeCommitDelayMs,
        @DefaultValue("86400") @PositiveOrZero long replayWindowSeconds,
        @DefaultValue("8") @Min(1) @Max(64) int foldShards,
        @DefaultValue("0") @PositiveOrZero long foldCommitDelayMs) {
}
