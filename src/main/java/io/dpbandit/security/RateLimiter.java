package io.dpbandit.security;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A token bucket per key name: {@code burst} tokens, refilled at {@code perSecond}. */
public final class RateLimiter {

    private final double perSecond;
    private final double burst;
    private final Map<String, double[]> buckets = new ConcurrentHashMap<>();

    public RateLimiter(double perSecond, int burst) {
        this.perSecond = perSecond;
        this.burst = burst;
    }

    /** Takes one token for the key; returns 0 if allowed, else the seconds until one is available. */
    public double acquire(String key, long nowNanos) {
        double[] bucket = buckets.computeIfAbsent(key, k -> new double[] {burst, nowNanos});
        synchronized (bucket) {
            double elapsed = (nowNanos - bucket[1]) / 1e9;
            bucket[0] = Math.min(burst, bucket[0] + elapsed * perSecond);
            bucket[1] = nowNanos;
            if (bucket[0] >= 1) {
                bucket[0] -= 1;
                return 0;
            }
            return (1 - bucket[0]) / perSecond;
        }
    }
}
