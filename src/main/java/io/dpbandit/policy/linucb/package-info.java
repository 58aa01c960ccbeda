/**
 * JDP-LinUCB (Shariff &amp; Sheffet 2018; docs/papers.md): LinUCB with changing regularisers fed by the tree
 * mechanism.
 * <p>Pure Java: may use kernel, privacy and policy; never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy.linucb;
