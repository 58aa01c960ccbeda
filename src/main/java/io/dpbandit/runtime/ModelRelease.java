package io.dpbandit.runtime;

/**
 * The latest public release of a bandit as GET /release shows it, one record type per algorithm
 * (its fields are the JSON). Every release is either post-processing of charged releases or a
 * charged release itself; none carries a user's context or reward.
 */
public interface ModelRelease {
}
