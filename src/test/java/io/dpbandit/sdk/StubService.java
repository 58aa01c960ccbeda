package io.dpbandit.sdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A scripted stand-in for the service, for the SDK's transport tests: each request gets the next
 * scripted answer (status, headers, body, an optional delay before answering) and is recorded
 * (method, path and query, headers, body). JDK's own HTTP server; closed after each test.
 */
final class StubService implements AutoCloseable {

    record Answer(int status, Map<String, String> headers, byte[] body, long delayMs) {
        static Answer json(int status, String body, String... headers) {
            return of(status, "application/json", body, headers);
        }

        static Answer problem(int status, String kind, String detail, String... headers) {
            return of(status, "application/problem+json", "{\"type\":\"https://dpbandit.io/problems/" + kind
                    + "\",\"title\":\"" + kind + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}", headers);
        }

        static Answer of(int status, String contentType, String body, String... headers) {
            Map<String, String> h = new LinkedHashMap<>();
            h.put("Content-Type", contentType);
            for (int i = 0; i < headers.length; i += 2) {
                h.put(headers[i], headers[i + 1]);
            }
            return new Answer(status, h, body.getBytes(StandardCharsets.UTF_8), 0);
        }

        Answer delayed(long ms) {
            return new Answer(status, headers, body, ms);
        }

        Answer withBody(byte[] bytes, String... extraHeaders) {
            Map<String, String> h = new LinkedHashMap<>(headers);
            for (int i = 0; i < extraHeaders.length; i += 2) {
                h.put(extraHeaders[i], extraHeaders[i + 1]);
            }
            return new Answer(status, h, bytes, delayMs);
        }
    }

    record Request(String method, String target, Map<String, List<String>> headers, String body) {
        String header(String name) {
            for (var e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().get(0);
                }
            }
            return null;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final ConcurrentLinkedQueue<Answer> script = new ConcurrentLinkedQueue<>();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());

    StubService() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUri() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    StubService then(Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                Map.copyOf(exchange.getRequestHeaders()), body));
        Answer a = script.poll();
        if (a == null) {
            a = Answer.problem(500, "internal", "the stub has no answer scripted for this request");
        }
        if (a.delayMs() > 0) {
            try {
                Thread.sleep(a.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.close();
                return;
            }
        }
        a.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        exchange.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : a.body().length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(a.body());
        } catch (IOException clientGone) {
            // the client timed out and closed the connection
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
