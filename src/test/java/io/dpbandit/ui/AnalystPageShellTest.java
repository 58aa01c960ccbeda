package io.dpbandit.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.RepositoryPaths;
import io.dpbandit.testing.Specs;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The analyst page's shell is open to anyone and holds no data; everything else still needs a
 * key. Requests go out with {@code java.net.http}, which sends paths exactly as written.
 */
class AnalystPageShellTest extends PostgresIntegrationTest {

    static final Path FILES = RepositoryPaths.root().resolve("src/main/resources/static/ui");

    @LocalServerPort
    int port;
    @Autowired
    TestRestTemplate rest;

    final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void theShellIsServedToAnyoneAtUiWithAPolicyThatKeepsItOnThisOrigin() throws Exception {
        rest.postForEntity("/bandits", Specs.capri("shell-secret-name", 100, 600), Object.class);

        HttpResponse<String> page = get("/ui/", null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("<form id=\"sign-in-form\"").contains("Analyst API key")
                .contains("<script type=\"module\" src=\"app.js\">")
                .as("the shell carries no data").doesNotContain("shell-secret-name");
        String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(policy).contains("default-src 'none'").contains("script-src 'self'")
                .contains("connect-src 'self'").contains("frame-ancestors 'none'").doesNotContain("unsafe");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");

        assertThat(get("/ui/index.html", null).body()).isEqualTo(page.body());
        HttpResponse<String> bare = get("/ui", null);
        assertThat(bare.statusCode()).isEqualTo(302);
        assertThat(URI.create(bare.headers().firstValue("Location").orElseThrow()).getPath()).isEqualTo("/ui/");
    }

    @Test
    void everyFileOfThePageIsServedWithItsTypeAndLoadsNothingFromElsewhere() throws Exception {
        Map<String, String> types = Map.of("html", "text/html", "js", "text/javascript", "css", "text/css",
                "svg", "image/svg+xml");
        // Any absolute URL but the SVG namespace: a script, style, font or API call from another origin.
        Pattern elsewhere = Pattern.compile("(https?:)?//(?!www\\.w3\\.org/2000/svg)[a-z0-9.-]+\\.[a-z]{2,}",
                Pattern.CASE_INSENSITIVE);
        List<Path> files;
        try (Stream<Path> list = Files.list(FILES)) {
            files = list.sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("index.html", "app.js", "api.js", "charts.js", "panels.js", "style.css");
        for (Path file : files) {
            String name = file.getFileName().toString();
            String text = Files.readString(file);
            assertThat(elsewhere.matcher(text).find()).as("%s refers to another origin", name).isFalse();
            HttpResponse<String> served = get("/ui/" + name, null);
            assertThat(served.statusCode()).as(name).isEqualTo(200);
            assertThat(served.headers().firstValue("Content-Type").orElse(""))
                    .as(name).startsWith(types.get(name.substring(name.lastIndexOf('.') + 1)));
            assertThat(served.body()).as(name).isEqualTo(text);
        }
    }

    @Test
    void onlyGetOfTheShellIsOpenAndNoOtherPathOrApiDataIsReachableWithoutAKey() throws Exception {
        for (String path : List.of("/bandits", "/bandits/shell-secret-name", "/bandits/shell-secret-name/epochs",
                "/release?bandit=shell-secret-name", "/actuator/prometheus")) {
            HttpResponse<String> r = get(path, null);
            assertThat(r.statusCode()).as(path).isEqualTo(401);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).as(path)
                    .startsWith("application/problem+json");
        }
        // Paths nothing serves: 404, with nothing read from the classpath.
        for (String path : List.of("/index.html", "/static/ui/index.html", "/ui.html", "/UI/", "/application.yml",
                "/db/migration/V1__bandit.sql", "/favicon.ico")) {
            HttpResponse<String> r = get(path, null);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).as(path)
                    .startsWith("application/problem+json");
            assertThat(r.body()).as(path).contains("no such endpoint").doesNotContain("flyway").doesNotContain("<html");
        }
        // Paths that climb out of /ui/ are refused before anything resolves them.
        for (String path : List.of("/ui/../application.yml", "/ui/%2e%2e/application.yml", "/ui/..%2Fapplication.yml",
                "/ui//index.html", "/ui/;x=1/index.html")) {
            assertThat(get(path, null).statusCode()).as(path).isEqualTo(400);
        }
        // Inside /ui/ only the page's own files exist: the classpath around them is not served.
        for (String path : List.of("/ui/application.yml", "/ui/missing.js", "/ui/static/ui/index.html",
                "/ui/io/dpbandit/DpbanditApplication.class", "/ui/META-INF/MANIFEST.MF")) {
            HttpResponse<String> r = get(path, null);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).as(path)
                    .startsWith("application/problem+json");
        }
        for (String method : List.of("POST", "PUT", "DELETE")) {
            HttpResponse<String> r = send(method, "/ui/", null);
            assertThat(r.statusCode()).as(method).isEqualTo(401);
            assertThat(send(method, "/ui/index.html", "test-analyst-key").statusCode()).as(method).isEqualTo(403);
        }
        // With Spring's catch-all static mapping off, a path that passes security but that nothing
        // maps is still a 404 problem (never a 500), and the API documents stay browsable.
        for (String path : List.of("/actuator/prometheus/", "/v3/api-docs/")) {
            HttpResponse<String> r = get(path, "test-all-key");
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.body()).as(path).contains("https://dpbandit.io/problems/not-found");
        }
        assertThat(get("/swagger-ui/index.html", null).statusCode()).isEqualTo(200);
    }

    HttpResponse<String> get(String path, String key) throws IOException, InterruptedException {
        return send("GET", path, key);
    }

    HttpResponse<String> send(String method, String path, String key) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (key != null) {
            b.header("X-API-Key", key);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
