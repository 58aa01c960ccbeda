/**
 * The Java SDK of the dpbandit API: {@link io.dpbandit.sdk.DpbanditClient} (typed calls on
 * java.net.http with timeouts and retries that reuse the decision's requestId) and the API's
 * request and answer records. Packaged with {@code io.dpbandit.client} as target/dpbandit-sdk.jar
 * ({@code io.dpbandit:dpbandit-sdk}).
 * <p>Depends on the JDK, Jackson databind and {@code io.dpbandit.client} only (SdkIndependenceTest);
 * never on the service.
 */
package io.dpbandit.sdk;
