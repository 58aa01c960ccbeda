package io.dpbandit.runtime;

import io.dpbandit.codec.BinaryCodec;

/** The private accumulator of an epoch (or of one of its fold shards) and how many rounds it holds. */
public record Accumulator(byte[] bytes, int folded) {

    /** The sums folded so far, zeros of the given length before the first fold. */
    public double[] sums(int length) {
        return bytes == null ? new double[length] : BinaryCodec.doubles(bytes);
    }

    /**
     * {@code part} added into {@code sums} coordinate by coordinate (a thread's or a fold shard's
     * partial sum into a total); {@code sums} null: the total is {@code part}. Returns the total.
     */
    public static double[] add(double[] sums, double[] part) {
        if (sums == null) {
            return part;
        }
        if (sums.length != part.length) {
            throw new IllegalStateException("a partial sum has " + part.length + " entries, the total "
                    + sums.length);
        }
        for (int i = 0; i < part.length; i++) {
            sums[i] += part[i];
        }
        return sums;
    }

    /**
     * Whether the epoch's close (by another instance) dropped the accumulator: rounds were folded
     * into it but it is gone. A close reading this releases nothing.
     */
    public boolean closedElsewhere() {
        return bytes == null && folded > 0;
    }
}
