/**
 * A bandit's runtime: one type per algorithm ({@link io.dpbandit.bandit.runtime.BanditRuntime},
 * sealed), built from the database and cached per instance, owning how the algorithm decides, how
 * its background work advances (planning, folding rounds, sealing, closing) and how it releases.
 * <p>Part of the service shell: may use the stores and Spring's transactions; calls the pure core.
 */
package io.dpbandit.bandit.runtime;
