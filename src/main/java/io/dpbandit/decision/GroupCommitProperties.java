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
 *                      {@code max-batch}) and commits it in one transaction; with two, one batch is
 *                      being written while the other waits for its commit to be flushed
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
        @DefaultValue("2") @Min(1) @Max(16) int writers,
        @DefaultValue("256") @Min(1) @Max(10_000) int maxBatch,
        @DefaultValue("4096") @Min(1) int queueCapacity,
        @DefaultValue("0") @Min(0) @Max(1_000) int directWrites) {
}
