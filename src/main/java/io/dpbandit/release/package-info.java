/**
 * What analysts read: the latest private release with its provenance and budget, per-context
 * releases, and the analyst page's views (epochs' timeline and release figures, the public model's
 * recommendations over the pool), all post-processing of releases.
 * <p>Depends on the registry's runtimes, the runtime SPI, the ledger and the stores.
 */
package io.dpbandit.release;
