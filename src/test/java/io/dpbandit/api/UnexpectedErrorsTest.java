package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doThrow;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.registry.PrivacyReports;
import io.dpbandit.testing.RawHttp;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * What is an error and what is not. A fault in the service is a 500 problem, one ERROR line with
 * the request's id and stack trace, and a count of {@code problem="internal"} on the request timer.
 * A client that closes its connection before its answer is written is none of that: nobody is left
 * to answer, nothing is wrong with the service, so one DEBUG line and no problem on the timer.
 */
@ExtendWith(OutputCaptureExtension.class)
@TestPropertySource(properties = "logging.level.io.dpbandit.api.ErrorHandlers=DEBUG")
class UnexpectedErrorsTest extends PostgresIntegrationTest {

    @MockitoSpyBean
    PrivacyReports reports;

    @Autowired
    MeterRegistry meters;

    @LocalServerPort
    int port;

    /** Requests answered with the problem type "internal", on the timer dashboards count errors from. */
    long internal() {
        return meters.find("http.server.requests").tag("problem", "internal").timers().stream()
                .mapToLong(Timer::count).sum();
    }

    @Test
    void aFaultIsA500ProblemOneErrorLineWithTheRequestIdAndAnInternalCount(CapturedOutput output) {
        doThrow(new IllegalStateException("simulated fault")).when(reports).report("faulty");
        long before = internal();
        int from = output.getAll().length();

        var answer = new RawHttp(port).get("/bandits/faulty/privacy", TestApiKey.ALL_ROLES, "X-Request-Id", "fault-1");

        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.problemType()).isEqualTo("internal");
        assertThat(answer.header("X-Request-Id")).isEqualTo("fault-1");
        assertThat(answer.body()).doesNotContain("simulated fault");
        String during = output.getAll().substring(from);
        List<String> lines = during.lines().filter(l -> l.contains(" ERROR ")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("[fault-1] ", "Unexpected error on GET /bandits/faulty/privacy");
        assertThat(during).contains("java.lang.IllegalStateException: simulated fault");
        assertThat(internal()).isEqualTo(before + 1);
    }

    /**
     * A raw connection asks for the API document (about 100 kB, more than Tomcat's 8 kB buffer, so it
     * is written while the handler runs) and resets the connection at once (SO_LINGER 0), so the
     * server's writes fail with "Connection reset" or "Broken pipe". Whether the reset arrives before
     * the server has written everything is a race, so the request is repeated until the server has
     * seen at least one disconnect (its DEBUG line); none of them may log an error or count a problem.
     */
    @Test
    void aClientThatClosesEarlyIsADebugLineNotAnErrorOrAMetric(CapturedOutput output) throws Exception {
        var document = new RawHttp(port).send("GET", "/v3/api-docs", null);
        assertThat(document.status()).isEqualTo(200);
        assertThat(document.body().length()).as("larger than Tomcat's response buffer").isGreaterThan(32 * 1024);
        long before = internal();
        int from = output.getAll().length();

        int seen = 0;
        for (int attempt = 0; attempt < 30 && seen < 3; attempt++) {
            String id = "gone-" + attempt;
            try (Socket s = new Socket()) {
                s.setReceiveBufferSize(1024);
                s.connect(new InetSocketAddress("localhost", port));
                s.setSoLinger(true, 0);
                OutputStream out = s.getOutputStream();
                out.write(("GET /v3/api-docs HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: " + id + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            if (awaitLine(output, "[" + id + "] ", 3_000)) {
                seen++;
            }
        }

        assertThat(seen).as("disconnects the server noticed").isPositive();
        String during = output.getAll().substring(from);
        assertThat(during.lines().filter(l -> l.contains("[gone-"))).allSatisfy(l -> assertThat(l)
                .contains(" DEBUG ", "The client went away during GET /v3/api-docs"));
        assertThat(during).doesNotContain(" ERROR ", " WARN ", "Unexpected error", "\tat ");
        assertThat(internal()).isEqualTo(before);
    }

    private static boolean awaitLine(CapturedOutput output, String text, long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            if (output.getAll().contains(text)) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }
}
