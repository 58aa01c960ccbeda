/**
 * Private LinUCB (Shariff &amp; Sheffet 2018) as served: its descriptor and its sequential model.
 * <p>Depends on the sequential algorithms' shared package, the runtime SPI and the core.
 */
package io.dpbandit.algorithms.linucb;
