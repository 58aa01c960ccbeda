/**
 * What the sequential algorithms (LinUCB, OnlineUCB, GP-UCB) share as served: the runtime over a
 * sequential model, its epoch process (folds in decision order into a model stored with a
 * compare-and-set on the bandit's version), the descriptor base, the {@code linear} spec section and
 * the release record.
 * <p>Depends on the runtime SPI, the spec, the stores' records and the algorithm core.
 */
package io.dpbandit.algorithms.sequential;
