package io.dpbandit.decision;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The group commit of the request path ({@code dpbandit.group-commit.*}; {@link GroupCommit}).
 *
 * @param enabled       whether decisions and feedback are queued and committed in batches (true) or
 *                      each in its own transaction on the request's thread (false: one durable commit
 *                      per request, the behaviour before group commit)
 * @param writers       writer threads per instance: each takes everything queued (up to
 *                      {@code max-batch}) and commits it in one transaction. One by default: while
 *                      it waits for a flush the next batch gathers in the queue, so batches are
 *                      larger and PostgreSQL runs fewer statements per request; against two it
 *                      served more pairs per second with a lower p99 at 16 and 64 connections, on one
 *                      instance and on two (docs/benchmarks.md, 5.1, third pass). With two, a batch
 *                      waiting for a row lock (at most the batch's 250 ms lock_timeout) holds up only
 *                      half of the instance's writes
 * @param maxBatch      the most requests one transaction carries
 * @param queueCapacity requests that may wait for a writer; past it a request is answered 503 busy
 *                      with Retry-After, and nothing is stored
 * @param directWrites  while fewer writes than this are in flight on the instance, a request writes
 *                      itself on its own thread, in its own transaction (as with {@code enabled}
 *                      false), and only the ones beyond it queue for a batch. At low concurrency the
 *                      batch's hand-off and extra statements cost more than the commits they share;
 *                      at 16 and 64 connections the direct commits cost more than they save
 *                      (docs/benchmarks.md, 5), so 0 (every request queued) is the default
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.group-commit")
public record GroupCommitProperties(@DefaultValue("true") boolean enabled,
        @DefaultValue("1") @Min(1) @Max(16) int writers,
        @DefaultValue("256") @Min(1) @Max(10_000) int maxBatch,
        @DefaultValue("4096") @Min(1) int queueCapacity,
        @DefaultValue("0") @Min(0) @Max(1_000) int directWrites) {
}
