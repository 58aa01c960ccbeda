package io.dpbandit.runtime;

/** A private decision for a context (POST /release), and what it cost. */
public record ContextRelease(String bandit, String action, boolean charged, double epsilon) {
}
