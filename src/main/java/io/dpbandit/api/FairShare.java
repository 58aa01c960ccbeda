package io.dpbandit.api;

import java.util.HashMap;
import java.util.Map;

/**
 * A capacity that API keys share (bodies being awaited, bytes of them held, requests being
 * processed) so that no key can take it from the others: a key may take an amount only while,
 * after taking it, it holds no more than what is left free for everyone else.
 *
 * <p>So one greedy key holds at most half the capacity, a second one at most a quarter, and so on:
 * a key that holds nothing always finds room unless some log₂(capacity) keys are all at their
 * limits at once. A fixed share per key (the earlier "half of the bodies for one key") let two keys
 * together fill everything, and a fixed reserve per key would bound memory by the number of keys
 * instead of by the capacity. The rule needs no setting of its own: the capacity is the one the
 * operator sets, and a well-behaved key never notices it.
 *
 * <p>Two counters per decision, so the check and the update run under one lock (tens of
 * nanoseconds; the keys are the configured ones, so the map stays small).
 */
final class FairShare {

    private final long capacity;
    private final Map<String, long[]> held = new HashMap<>();
    private long used;

    FairShare(long capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive, was " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * Takes {@code amount} for {@code key} if it fits the capacity and leaves the key holding no
     * more than what stays free; false (and nothing taken) otherwise.
     */
    synchronized boolean tryTake(String key, long amount) {
        long[] mine = held.computeIfAbsent(key, k -> new long[1]);
        long freeAfter = capacity - used - amount;
        if (freeAfter < 0 || mine[0] + amount > freeAfter) {
            return false;
        }
        mine[0] += amount;
        used += amount;
        return true;
    }

    /** Gives back what {@link #tryTake} took. */
    synchronized void give(String key, long amount) {
        long[] mine = held.get(key);
        if (mine == null || mine[0] < amount) {
            throw new IllegalStateException("giving back more than was taken");
        }
        mine[0] -= amount;
        used -= amount;
    }

    /** What {@code key} holds now (tests, metrics). */
    synchronized long heldBy(String key) {
        long[] mine = held.get(key);
        return mine == null ? 0 : mine[0];
    }

    synchronized long used() {
        return used;
    }
}
