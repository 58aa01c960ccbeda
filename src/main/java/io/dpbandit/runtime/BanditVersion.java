package io.dpbandit.runtime;

import io.dpbandit.bandit.Phase;

/**
 * A bandit's (epoch, phase, version) as stored: read on every runtime check (a few dozen bytes), and
 * what a runtime is built from. The version moves with every change a runtime must see.
 */
public record BanditVersion(int epoch, Phase phase, long version) {
}
