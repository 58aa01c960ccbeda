package io.dpbandit.client.privacy;

/** A reward after clipping to [−B, B]; {@code clipped} says whether it was changed. */
public record ClippedReward(double value, boolean clipped) {
}
