/**
 * The kernels a device evaluates for its randomiser (RBF, Matérn 1/2, 3/2, 5/2, linear, polynomial,
 * built from a serialisable {@link io.dpbandit.client.kernel.KernelSpec}), shared with the service core.
 * <p>Depends on nothing but the JDK and the other {@code io.dpbandit.client} packages.
 */
package io.dpbandit.client.kernel;
