package io.dpbandit.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.sdk.error.DpbanditProblemException;
import io.dpbandit.sdk.error.DpbanditTimeoutException;
import io.dpbandit.sdk.error.DpbanditTransportException;
import io.dpbandit.sdk.error.Problem;
import io.dpbandit.sdk.error.ProblemTypes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPInputStream;

/**
 * Sends one logical request, attempt after attempt as the {@link RetryPolicy} allows, and turns
 * an error answer into its problem exception. Every attempt of one call carries the same
 * {@code X-Request-Id}, so the service's log shows them together.
 */
final class Transport {

    /** Waits between attempts (a test replaces it to run without sleeping). */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    /** A successful answer. */
    record Answer(int status, HttpHeaders headers, byte[] body, URI uri) {
    }

    static final String REQUEST_ID = "X-Request-Id";

    private final HttpClient http;
    private final String authHeader;
    private final String authValue;
    private final RetryPolicy retry;
    private final Sleeper sleeper;
    private final ObjectMapper json;
    private final String userAgent;

    Transport(HttpClient http, String authHeader, String authValue, RetryPolicy retry, Sleeper sleeper,
            ObjectMapper json, String userAgent) {
        this.http = http;
        this.authHeader = authHeader;
        this.authValue = authValue;
        this.retry = retry;
        this.sleeper = sleeper;
        this.json = json;
        this.userAgent = userAgent;
    }

    RetryPolicy retry() {
        return retry;
    }

    /**
     * Sends the request until it is answered with a success, a problem that is not retried, or the
     * attempts run out.
     *
     * @param body       JSON to send, or null for none
     * @param replaySafe whether the service acting on the request twice is harmless; if not, only
     *                   failures after which the service surely did not act are retried
     */
    Answer send(String method, URI uri, byte[] body, Duration timeout, boolean replaySafe) {
        String requestId = UUID.randomUUID().toString();
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Accept", "application/json, application/problem+json")
                .header("Accept-Encoding", "gzip")
                .header("User-Agent", userAgent)
                .header(REQUEST_ID, requestId)
                .header(authHeader, authValue);
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpRequest request = b.build();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<byte[]> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DpbanditTransportException(method + " " + uri.getPath() + " was interrupted", attempt, e);
            } catch (IOException e) {
                // A connection that was never made reached nothing; after one was made, the service
                // may have acted on the request even if its answer never came.
                boolean nothingSent = e instanceof ConnectException || e instanceof HttpConnectTimeoutException;
                if (!(nothingSent || replaySafe) || attempt >= retry.maxAttempts()) {
                    String what = method + " " + uri.getPath() + ": " + describe(e, uri, timeout);
                    throw e instanceof HttpTimeoutException ? new DpbanditTimeoutException(what, attempt, e)
                            : new DpbanditTransportException(what, attempt, e);
                }
                pause(jittered(retry.backoff(attempt)), method, uri, attempt, e);
                continue;
            }
            byte[] bytes = decoded(response);
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return new Answer(status, response.headers(), bytes, response.uri());
            }
            Problem problem = problem(status, response.headers(), bytes, requestId);
            DpbanditProblemException failure = ProblemTypes.exception(problem);
            if (!retried(status, replaySafe) || attempt >= retry.maxAttempts()) {
                throw failure;
            }
            Duration wait = jittered(retry.backoff(attempt));
            if (problem.retryAfter() != null) {
                if (problem.retryAfter().compareTo(retry.maxRetryAfter()) > 0) {
                    throw failure; // longer than the caller lets the client wait: theirs to decide
                }
                wait = wait.compareTo(problem.retryAfter()) >= 0 ? wait : problem.retryAfter();
            }
            pause(wait, method, uri, attempt, failure);
        }
    }

    /**
     * Whether an answer with this status is sent again: 408, 429 and 503 say nothing was done;
     * 500, 502 and 504 only where acting twice is harmless (every call of {@link DpbanditClient}).
     */
    static boolean retried(int status, boolean replaySafe) {
        return status == 408 || status == 429 || status == 503
                || (replaySafe && (status == 500 || status == 502 || status == 504));
    }

    private void pause(Duration wait, String method, URI uri, int attempt, Throwable cause) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            DpbanditTransportException t = new DpbanditTransportException(method + " " + uri.getPath()
                    + " was interrupted while waiting to retry", attempt, e);
            t.addSuppressed(cause);
            throw t;
        }
    }

    /** Between half the wait and the whole of it, so that many clients' retries spread out. */
    private static Duration jittered(Duration d) {
        long ms = d.toMillis();
        return ms <= 1 ? d : Duration.ofMillis(ms / 2 + ThreadLocalRandom.current().nextLong(ms - ms / 2 + 1));
    }

    /**
     * What went wrong, naming the host and port tried: java.net.http's own messages name neither
     * (a refused connection is a ConnectException without a message).
     */
    private String describe(IOException e, URI uri, Duration timeout) {
        String where = SdkSetup.hostAndPort(uri);
        if (e instanceof HttpConnectTimeoutException) {
            return "cannot connect to " + where + ": no connection within the connect timeout"
                    + http.connectTimeout().map(d -> " (" + seconds(d) + ")").orElse("")
                    + "; is the host reachable from here and the port open?";
        }
        if (e instanceof HttpTimeoutException) {
            return "no answer from " + where + " within the request timeout (" + seconds(timeout) + ")";
        }
        if (e instanceof ConnectException) {
            if (causedBy(e, UnresolvedAddressException.class) || causedBy(e, UnknownHostException.class)) {
                return "cannot connect to " + where + ": unknown host " + uri.getHost() + "; check the base URI";
            }
            String reason = causedBy(e, ClosedChannelException.class) || e.getMessage() == null
                    || e.getMessage().toLowerCase(Locale.ROOT).contains("refused") ? "connection refused"
                    : e.getMessage();
            return "cannot connect to " + where + ": " + reason + "; is dpbandit running there? To run it locally, "
                    + SdkSetup.HOW_TO_START;
        }
        return "the connection to " + where + " failed before the answer arrived (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static byte[] decoded(HttpResponse<byte[]> response) {
        byte[] body = response.body() == null ? new byte[0] : response.body();
        boolean gzip = response.headers().allValues("Content-Encoding").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("gzip"));
        if (!gzip || body.length == 0) {
            return body;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new io.dpbandit.sdk.error.DpbanditResponseException("the answer said gzip but did not decode: "
                    + e.getMessage(), response.statusCode(), e);
        }
    }

    /** The problem an error answer states, or one that describes an answer that was not problem+json. */
    Problem problem(int status, HttpHeaders headers, byte[] body, String sentRequestId) {
        String requestId = headers.firstValue(REQUEST_ID).orElse(sentRequestId);
        Duration retryAfter = headers.firstValue("Retry-After").map(Transport::retryAfter).orElse(null);
        JsonNode node = null;
        String contentType = headers.firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        if (contentType.contains("json") && body.length > 0) {
            try {
                node = json.readTree(body);
            } catch (IOException e) {
                node = null;
            }
        }
        if (node == null || !node.isObject()) {
            String text = new String(body, 0, Math.min(body.length, 200), StandardCharsets.UTF_8)
                    .replaceAll("\\p{Cntrl}+", " ").strip();
            return new Problem(status, null, "HTTP " + status, text.isEmpty() ? "an answer without a problem body"
                    : "an answer that is not the service's problem+json: " + text, null, List.of(), requestId,
                    retryAfter);
        }
        List<Problem.FieldError> errors = new ArrayList<>();
        for (JsonNode e : node.path("errors")) {
            errors.add(new Problem.FieldError(text(e, "field"), text(e, "message")));
        }
        return new Problem(node.path("status").isInt() ? node.path("status").asInt() : status, text(node, "type"),
                text(node, "title"), text(node, "detail"), text(node, "instance"), errors, requestId, retryAfter);
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); null if it is neither. */
    static Duration retryAfter(String value) {
        String v = value.strip();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException notSeconds) {
            try {
                Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(v,
                        DateTimeFormatter.RFC_1123_DATE_TIME));
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    /** The target of the answer's {@code Link: <…>; rel="next"}, resolved against the request's URI. */
    static URI nextLink(HttpHeaders headers, URI requestUri) {
        for (String header : headers.allValues("Link")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("<([^>]*)>((?:\\s*;\\s*[^;,]+)*)")
                    .matcher(header);
            while (m.find()) {
                for (String param : m.group(2).split(";")) {
                    String p = param.strip().toLowerCase(Locale.ROOT).replace(" ", "");
                    if (p.equals("rel=\"next\"") || p.equals("rel=next")) {
                        return requestUri.resolve(m.group(1));
                    }
                }
            }
        }
        return null;
    }
}
