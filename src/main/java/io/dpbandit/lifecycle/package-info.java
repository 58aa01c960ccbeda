/**
 * The one epoch lifecycle: the engine (defaults, plan, fold, seal, close, with their
 * compare-and-set transactions, progress and metrics), its storage on PostgreSQL, the worker that
 * runs it on the leader, leader election and its health.
 * <p>Depends on the runtime SPI, the registry's runtime cache and the stores; never on the HTTP layer.
 */
package io.dpbandit.lifecycle;
