package io.dpbandit.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Requests sent the way a caller sends them, not the way a test framework would: exact paths and
 * headers through {@code java.net.http} (which does not normalise paths), and, for what no HTTP
 * client sends (CONNECT, a body shorter than its Content-Length, a stalled connection), exact bytes
 * over a socket.
 */
public final class RawHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String host;
    private final int port;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public RawHttp(int port) {
        this("localhost", port);
    }

    public RawHttp(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** An answer: status, headers (lower-case names) and body. */
    public record Answer(int status, Map<String, String> headers, String body) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException("not JSON (" + status + "): " + body, e);
            }
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** The problem type's last segment ("validation", "not-found", ...), or null. */
        public String problemType() {
            String type = json().path("type").asText(null);
            return type == null ? null : type.substring(type.lastIndexOf('/') + 1);
        }
    }

    /** A request through java.net.http: method, path as written, headers as pairs, body (may be null). */
    public Answer send(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + path))
                .timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Map<String, String> h = new LinkedHashMap<>();
            r.headers().map().forEach((k, v) -> h.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
            return new Answer(r.statusCode(), h, r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** POST with a JSON body and an API key. */
    public Answer post(String path, String key, String json, String... headers) {
        String[] all = new String[headers.length + 4];
        all[0] = "X-API-Key";
        all[1] = key;
        all[2] = "Content-Type";
        all[3] = "application/json";
        System.arraycopy(headers, 0, all, 4, headers.length);
        return send("POST", path, json, all);
    }

    public Answer get(String path, String key, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "X-API-Key";
        all[1] = key;
        System.arraycopy(headers, 0, all, 2, headers.length);
        return send("GET", path, null, all);
    }

    /** Exact bytes over a socket; reads the whole answer (the server closes or sends Content-Length). */
    public Answer raw(String request, Duration timeout) {
        try (Socket s = new Socket(host, port)) {
            s.setSoTimeout((int) timeout.toMillis());
            s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            return read(s.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An open connection that has sent {@code head} only; for stalled and partial bodies. */
    public Connection open(String head) {
        try {
            Socket s = new Socket(host, port);
            s.getOutputStream().write(head.getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            return new Connection(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A connection a test controls byte by byte. */
    public static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final java.io.BufferedInputStream in;

        Connection(Socket socket) throws IOException {
            this.socket = socket;
            this.in = new java.io.BufferedInputStream(socket.getInputStream());
        }

        public void send(String more) {
            try {
                OutputStream out = socket.getOutputStream();
                out.write(more.getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Whether any answer byte (or the server's close) arrives within {@code wait}. */
        public boolean answersWithin(Duration wait) {
            try {
                socket.setSoTimeout((int) wait.toMillis());
                in.mark(1);
                in.read();
                in.reset();
                return true;
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true;
            }
        }

        /** Whether the server closes the connection (end of stream) within {@code wait}, after any answer read. */
        public boolean closedWithin(Duration wait) {
            try {
                socket.setSoTimeout((int) wait.toMillis());
                while (in.read() >= 0) {
                    // anything after the answer is read and dropped until the end of the stream
                }
                return true;
            } catch (SocketTimeoutException e) {
                return false;
            } catch (IOException e) {
                return true; // reset: closed too
            }
        }

        /** The answer, waiting at most {@code wait}. */
        public Answer answer(Duration wait) {
            try {
                socket.setSoTimeout((int) wait.toMillis());
                return read(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** Reads one HTTP/1.1 answer: status line, headers, and a Content-Length or chunked body. */
    static Answer read(InputStream in) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("the connection closed without an answer");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l = line(in); l != null && !l.isEmpty(); l = line(in)) {
            int colon = l.indexOf(':');
            headers.put(l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (headers.containsKey("content-length")) {
            int n = Integer.parseInt(headers.get("content-length"));
            body.write(in.readNBytes(n));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line(in).trim(), 16); size > 0;
                    size = Integer.parseInt(line(in).trim(), 16)) {
                body.write(in.readNBytes(size));
                line(in);
            }
            line(in);
        }
        return new Answer(status, headers, body.toString(StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }
}
