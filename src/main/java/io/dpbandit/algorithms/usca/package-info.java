/**
 * USCA as served: its descriptor, runtime (uniform learning, charged per-context releases), epoch
 * process (plan, fold, estimator) and release record.
 * <p>Depends on the runtime SPI, the spec, the stores' records and the algorithm core.
 */
package io.dpbandit.algorithms.usca;
