package io.dpbandit.sdk;

import java.time.Duration;
import java.util.Objects;

/**
 * When and how long the client waits before sending a request again.
 *
 * <p>Retried: no connection (refused, reset, a connect timeout), a request timeout or a lost
 * answer, and the statuses 408 (body-timeout), 429 (rate-limited), 503 (unavailable, busy), and
 * 500, 502 and 504 (internal, a gateway's). Never any other 4xx: the request itself must change.
 * A call that cannot be sent twice safely is only retried where the service cannot have acted on
 * it (no connection, or an answer that says nothing was done); every call of
 * {@link DpbanditClient} can, because a decision carries its requestId on every attempt.
 *
 * <p>The wait before attempt n + 1 is {@code initialBackoff · 2^(n−1)}, at most {@code maxBackoff},
 * jittered down by up to half (so retries from many clients spread out), and at least the
 * answer's {@code Retry-After}. An answer asking for more than {@code maxRetryAfter} is not waited
 * for: its exception is thrown with {@link io.dpbandit.sdk.error.DpbanditProblemException#retryAfter()}.
 *
 * @param maxAttempts    how many times a request is sent at most (1: never retried)
 * @param initialBackoff the wait before the second attempt
 * @param maxBackoff     the longest wait between attempts (Retry-After aside)
 * @param maxRetryAfter  the longest Retry-After the client waits for
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration maxRetryAfter) {

    /** 4 attempts, 200 ms doubling to at most 5 s, Retry-After up to 30 s. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(4, Duration.ofMillis(200), Duration.ofSeconds(5),
            Duration.ofSeconds(30));

    /** One attempt. */
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    public RetryPolicy {
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
        if (maxAttempts < 1 || initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0
                || maxRetryAfter.isNegative()) {
            throw new IllegalArgumentException("need maxAttempts >= 1 and 0 <= initialBackoff <= maxBackoff, "
                    + "maxRetryAfter >= 0");
        }
    }

    /** The same policy with another number of attempts. */
    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(attempts, initialBackoff, maxBackoff, maxRetryAfter);
    }

    /**
     * The wait before attempt {@code attempt + 1}, before jitter and Retry-After.
     *
     * @param attempt the attempt that just failed, from 1
     */
    Duration backoff(int attempt) {
        long initial = initialBackoff.toMillis();
        long max = maxBackoff.toMillis();
        int shift = Math.min(attempt - 1, 30);
        long wait = initial > (max >> shift) ? max : initial << shift;
        return Duration.ofMillis(Math.min(wait, max));
    }
}
