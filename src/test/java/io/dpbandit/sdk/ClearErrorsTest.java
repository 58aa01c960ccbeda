package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.sdk.error.DpbanditTimeoutException;
import io.dpbandit.sdk.error.DpbanditTransportException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What a new user sees when the setup is wrong, from the caller's side: a client without an API key
 * fails when it is built, saying where the key comes from (not a bare NullPointerException on the first
 * call), and a service that is not there is named by host and port, with how to start one.
 */
class ClearErrorsTest {

    static final RetryPolicy ONE_ATTEMPT = new RetryPolicy(1, Duration.ofMillis(10), Duration.ofMillis(10),
            Duration.ofSeconds(1));

    /** A port nothing listens on: one the OS just gave out, then closed. */
    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void aClientWithoutAnApiKeyFailsWhenBuiltAndSaysHowToProvideOne() {
        for (String missing : new String[] {null, "", "   "}) {
            assertThatThrownBy(() -> DpbanditClient.builder("http://localhost:8080", missing))
                    .as("key %s", missing == null ? "null" : "'" + missing + "'")
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("API key")
                    .hasMessageContaining("DpbanditClient.builder(baseUri, apiKey)")
                    .hasMessageContaining("DPBANDIT_API_KEY")
                    .hasMessageContaining("data/embedded-postgres.dev-key");
        }
    }

    @Test
    void aKeyReadWithItsLineBreakIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> DpbanditClient.builder("http://localhost:8080", "dpb_dev_abc\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("strip()");
    }

    @Test
    void aBaseUriThatIsNotHttpOrHasNoHostIsRefusedWithAnExample() {
        for (String bad : new String[] {null, "", "localhost:8080", "ftp://localhost:8080", "http://"}) {
            assertThatThrownBy(() -> DpbanditClient.builder(bad, "key-1")).as("base URI %s", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http://localhost:8080");
        }
    }

    @Test
    void aRefusedConnectionNamesTheHostAndPortAndHowToStartTheService() throws Exception {
        int port = closedPort();
        DpbanditClient client = DpbanditClient.builder("http://localhost:" + port, "key-1").retryPolicy(ONE_ATTEMPT)
                .build();
        assertThatThrownBy(() -> client.decide("homepage", 0.2, 0.4))
                .isInstanceOf(DpbanditTransportException.class)
                .isNotInstanceOf(DpbanditTimeoutException.class)
                .hasMessageContaining("POST /decide")
                .hasMessageContaining("cannot connect to localhost:" + port + ": connection refused")
                .hasMessageContaining("is dpbandit running there?")
                .hasMessageContaining("mvn spring-boot:run");
    }

    @Test
    void anUnknownHostIsNamedAsSuch() {
        // .invalid never resolves (RFC 6761 §6.4).
        DpbanditClient client = DpbanditClient.builder("http://dpbandit.invalid:18080", "key-1")
                .retryPolicy(ONE_ATTEMPT).build();
        assertThatThrownBy(() -> client.bandits().items())
                .isInstanceOf(DpbanditTransportException.class)
                .hasMessageContaining("cannot connect to dpbandit.invalid:18080: unknown host dpbandit.invalid");
    }

    @Test
    void aServiceThatAcceptsButNeverAnswersIsATimeoutNamingTheHostPortAndTimeout() throws Exception {
        // Bound and listening, never accepted: the kernel completes the connection, nothing answers.
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            DpbanditClient client = DpbanditClient.builder("http://127.0.0.1:" + silent.getLocalPort(), "key-1")
                    .requestTimeout(Duration.ofMillis(300)).retryPolicy(ONE_ATTEMPT).build();
            assertThatThrownBy(() -> client.decide("homepage", 0.2, 0.4))
                    .isInstanceOf(DpbanditTimeoutException.class)
                    .hasMessageContaining("no answer from 127.0.0.1:" + silent.getLocalPort()
                            + " within the request timeout (300 ms)");
        }
    }

    @Test
    void theDefaultPortOfTheSchemeIsNamedWhenTheUriGivesNone() {
        assertThat(SdkSetup.hostAndPort(java.net.URI.create("http://example.org/decide"))).isEqualTo("example.org:80");
        assertThat(SdkSetup.hostAndPort(java.net.URI.create("https://example.org/decide"))).isEqualTo("example.org:443");
        assertThat(SdkSetup.hostAndPort(java.net.URI.create("http://[::1]:8080/"))).isEqualTo("[::1]:8080");
    }
}
