/**
 * A bandit as the operator declares it: the spec of the HTTP contract with its sections, the enums
 * its fields take, and the configured limits on what one spec may declare. Validation and defaults
 * live with the algorithms ({@code io.dpbandit.algorithms}), which own their sections.
 * <p>Depends on the shell's vocabulary and the core's configuration enums only.
 */
package io.dpbandit.spec;
