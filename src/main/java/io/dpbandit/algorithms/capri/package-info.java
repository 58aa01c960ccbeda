/**
 * CAPRI as served: its descriptor, runtime, epoch process (plan, fold, release), local-DP report
 * checks and release record.
 * <p>Depends on the runtime SPI, the spec, the stores' records and the algorithm core.
 */
package io.dpbandit.algorithms.capri;
