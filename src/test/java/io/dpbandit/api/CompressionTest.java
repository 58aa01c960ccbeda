package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Answers are gzip-compressed when the caller asks (Accept-Encoding: gzip), JSON and problem+json
 * alike, and decode to exactly what an uncompressed answer holds; a caller that does not ask gets
 * plain bytes.
 */
class CompressionTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;
    @Autowired
    ApiClient api;

    final HttpClient client = HttpClient.newHttpClient();

    HttpResponse<byte[]> send(String method, String path, String body, boolean gzip) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("X-API-Key", TestApiKey.ALL_ROLES)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (gzip) {
            b.header("Accept-Encoding", "gzip");
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] gunzip(byte[] bytes) throws IOException {
        try (var in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aLargeGpUcbReleaseComesBackGzippedAndDecodesToTheSameJson() throws Exception {
        Map<String, Object> spec = Specs.gp("gzip-gp", "JDP", 100);
        spec.put("gpucb", Map.of("nodesPerDimension", 10)); // M = 2 * 10^2 = 200 features: about 165 KB
        api.ok("/bandits", spec);

        HttpResponse<byte[]> plain = send("GET", "/release?bandit=gzip-gp", null, false);
        HttpResponse<byte[]> zipped = send("GET", "/release?bandit=gzip-gp", null, true);
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.body().length).as("a release this size is what compression is for")
                .isBetween(150_000, 180_000);

        assertThat(zipped.statusCode()).isEqualTo(200);
        assertThat(zipped.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(zipped.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(zipped.body().length).as("compressed").isLessThan(plain.body().length / 2);
        byte[] decoded = gunzip(zipped.body());
        assertThat(JSON.readTree(decoded)).isEqualTo(JSON.readTree(plain.body()));
        assertThat(JSON.readTree(decoded).path("model").path("choleskyOfV").size()).isGreaterThan(1000);
    }

    @Test
    void aLargeProblemIsGzippedToo() throws Exception {
        // A spec whose every action id breaks the pattern: one field problem per action.
        Map<String, Object> spec = Specs.capri("gzip-problem", 100, 600);
        List<Map<String, Object>> actions = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            actions.add(Map.of("id", "not valid " + i, "features", List.of(0.1, 0.2)));
        }
        spec.put("actions", actions);
        String body = JSON.writeValueAsString(spec);
        HttpResponse<byte[]> plain = send("POST", "/bandits", body, false);
        HttpResponse<byte[]> zipped = send("POST", "/bandits", body, true);
        assertThat(plain.statusCode()).isEqualTo(400);
        assertThat(plain.body().length).isGreaterThan(2048);
        assertThat(zipped.statusCode()).isEqualTo(400);
        assertThat(zipped.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(zipped.headers().firstValue("Content-Encoding")).contains("gzip");
        JsonNode problem = JSON.readTree(gunzip(zipped.body()));
        assertThat(problem).isEqualTo(JSON.readTree(plain.body()));
        assertThat(problem.path("type").asText()).isEqualTo("https://dpbandit.io/problems/validation");
    }
}
