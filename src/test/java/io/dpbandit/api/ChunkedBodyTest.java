package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.Specs;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The 10 MB body limit holds for bodies sent without a Content-Length (chunked), and reading one
 * costs bounded memory, not memory in proportion to the body. Sent over a raw socket, so the body
 * really is chunked and nothing buffers it on the way.
 */
class ChunkedBodyTest extends PostgresIntegrationTest {

    static final int ELEVEN_MB = 11 * 1024 * 1024;

    @LocalServerPort
    int port;

    @Autowired
    TestRestTemplate rest;

    record Answer(int status, String contentType, String body) {
    }

    @Test
    void aChunkedElevenMegabyteDecideIsAnswered413() throws Exception {
        rest.postForEntity("/bandits", Specs.capri("chunky", 100, 600), String.class);
        // Valid JSON all the way: whitespace between the fields, so only the size is wrong.
        Answer a = postChunked("/decide", "{\"bandit\": \"chunky\",", (byte) ' ', "\"context\": [0.2, 0.4]}");
        assertThat(a.status()).isEqualTo(413);
        assertThat(a.contentType()).startsWith("application/problem+json");
        assertThat(a.body()).contains("https://dpbandit.io/problems/payload-too-large");
        assertThat(rest.getForObject("/bandits/chunky", String.class)).contains("\"decisions\":0");
    }

    @Test
    void aChunkedBodyOfElevenMegabytesOfNumbersIsRefusedWithoutHoldingThem() throws Exception {
        rest.postForEntity("/bandits", Specs.capri("chunky-numbers", 100, 600), String.class);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = allocatedByOtherThreads(threads);
        // ~2.9 million numbers in one context array: held as doubles that would be 23 MB.
        Answer a = postChunked("/decide", "{\"bandit\": \"chunky-numbers\", \"context\": [", "0.5,", "0.5]}");
        long allocated = allocatedByOtherThreads(threads) - before;
        assertThat(a.status()).isEqualTo(413);
        assertThat(a.contentType()).startsWith("application/problem+json");
        // Everything the server allocates for this request, garbage included, stays under a third of
        // the body: /decide bodies are read up to dpbandit.api.max-decide-body-bytes (1 MB) and refused
        // past it; holding the numbers would take 23 MB and parsing them all hundreds of megabytes.
        assertThat(allocated).as("bytes the server allocated while reading an 11 MB body")
                .isLessThan(ELEVEN_MB / 3);
    }

    /** Sends prefix, then filler repeated to 11 MB, then suffix, as 64 KiB chunks. */
    Answer postChunked(String path, String prefix, byte filler, String suffix) throws Exception {
        byte[] f = new byte[1];
        f[0] = filler;
        return postChunked(path, prefix, new String(f, StandardCharsets.US_ASCII), suffix);
    }

    Answer postChunked(String path, String prefix, String filler, String suffix) throws Exception {
        byte[] block = filler.repeat(64 * 1024 / filler.length()).getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "X-API-Key: test-decider-key\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            chunk(out, prefix.getBytes(StandardCharsets.US_ASCII));
            for (long sent = 0; sent < ELEVEN_MB; sent += block.length) {
                chunk(out, block);
            }
            chunk(out, suffix.getBytes(StandardCharsets.US_ASCII));
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return read(socket.getInputStream());
        }
    }

    private static void chunk(OutputStream out, byte[] data) throws Exception {
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private static Answer read(InputStream in) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        String text = all.toString(StandardCharsets.UTF_8);
        int headerEnd = text.indexOf("\r\n\r\n");
        String[] head = text.substring(0, headerEnd).split("\r\n");
        String contentType = Arrays.stream(head).filter(h -> h.toLowerCase().startsWith("content-type:"))
                .map(h -> h.substring(13).trim()).findFirst().orElse("");
        return new Answer(Integer.parseInt(head[0].split(" ")[1]), contentType, text.substring(headerEnd + 4));
    }

    private static long allocatedByOtherThreads(com.sun.management.ThreadMXBean threads) {
        long self = Thread.currentThread().getId();
        long[] ids = Arrays.stream(threads.getAllThreadIds()).filter(id -> id != self).toArray();
        return Arrays.stream(threads.getThreadAllocatedBytes(ids)).filter(b -> b > 0).sum();
    }
}
