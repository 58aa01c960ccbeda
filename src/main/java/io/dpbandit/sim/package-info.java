/**
 * The simulator's kit: a run's context, streams and regret, the policy SPI each algorithm's {@code sim.<name>} implements, the baselines that are no algorithm of the service, the evaluation runner and its outputs.
 * <p>Pure Java: drives policies in process; never Spring, JPA or servlets, the registry or an algorithm's own package.
 */
package io.dpbandit.sim;
