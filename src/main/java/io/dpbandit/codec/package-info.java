/**
 * The encodings of what the service stores: plans and policy states as CBOR, accumulators as raw
 * doubles, specs and released models as JSON. Shared by the stores and the algorithms' runtimes.
 * <p>Depends on Jackson and the JDK only; never on the stores, the runtime SPI or the core.
 */
package io.dpbandit.codec;
