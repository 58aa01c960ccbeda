/**
 * The jar's {@code simulate} command and {@code plan --env}'s worlds: policies found by label in the simulator's kit and the algorithm registry.
 * <p>Reads the registry ({@code algorithms}) and the kit ({@code sim}); never the service shell, Spring or an algorithm's own package.
 */
package io.dpbandit.simulate;
