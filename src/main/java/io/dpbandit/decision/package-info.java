/**
 * The request path of product backends: decisions (committed before they are answered, learning
 * slots taken in the same statement, replays by requestId) and feedback (rewards or devices'
 * reports, idempotent per decision).
 * <p>Depends on the registry's runtimes, the runtime SPI and the stores; never on the lifecycle.
 */
package io.dpbandit.decision;
