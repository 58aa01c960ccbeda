package io.dpbandit.problem;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * The problem types the service answers with, each with a stable type URI
 * ({@value #BASE}{kind}). Details say what to change; they never echo request values (contexts and
 * rewards are private) or stack traces.
 */
public final class Problems {

    public static final String BASE = "https://dpbandit.io/problems/";

    private Problems() {
    }

    /** A problem of the given kind. */
    public static ProblemDetail of(HttpStatusCode status, String kind, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create(BASE + kind));
        p.setTitle(title);
        return p;
    }

    public static ProblemDetail unauthorized() {
        return of(HttpStatusCode.valueOf(401), "unauthorized", "Unauthorized",
                "send a valid API key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'");
    }

    public static ProblemDetail forbidden(String detail) {
        return of(HttpStatusCode.valueOf(403), "forbidden", "Forbidden", detail);
    }

    /** A path (and method) that nothing in the service serves, whoever asks. */
    public static ProblemDetail noSuchEndpoint() {
        return of(HttpStatus.NOT_FOUND, "not-found", "Not found", "no such endpoint; the API is described at /v3/api-docs");
    }

    public static ProblemDetail payloadTooLarge(long maxBytes) {
        return of(HttpStatusCode.valueOf(413), "payload-too-large", "Payload too large",
                "the body may be at most " + maxBytes + " bytes");
    }

    /**
     * The problem for a bare status that nothing more specific described: answers the container or
     * a library gave without a body (an unknown Actuator metric), and Tomcat's own error pages.
     */
    public static ProblemDetail forStatus(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        String title = known == null ? "Error" : known.getReasonPhrase();
        return switch (status) {
            case 400 -> rejectedRequest();
            case 401 -> unauthorized();
            case 403 -> forbidden("this key may not do that");
            case 404 -> of(HttpStatus.NOT_FOUND, "not-found", "Not found", "no such resource");
            case 405 -> of(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", "Method not allowed",
                    "this method is not supported here");
            case 406 -> of(HttpStatus.NOT_ACCEPTABLE, "not-acceptable", "Not acceptable",
                    "no representation satisfies the Accept header; accept application/json");
            case 408 -> of(HttpStatus.REQUEST_TIMEOUT, "body-timeout", "Request timeout",
                    "the request did not arrive in time");
            case 413 -> of(HttpStatus.PAYLOAD_TOO_LARGE, "payload-too-large", "Payload too large",
                    "the request is larger than this service accepts");
            case 415 -> of(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Unsupported media type",
                    "send application/json");
            case 501 -> of(HttpStatus.NOT_IMPLEMENTED, "method-not-implemented", "Not implemented",
                    "this method is not supported by the service; use GET, HEAD, POST or OPTIONS");
            case 503 -> Unavailable.problem();
            case 500 -> of(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                    "the request could not be completed; it is safe to retry");
            default -> of(HttpStatusCode.valueOf(status), "http-" + status, title,
                    status >= 500 ? "the request could not be completed" : "the request could not be served as sent");
        };
    }

    /** A request line or path the service refuses to interpret (firewall, malformed URI). */
    public static ProblemDetail rejectedRequest() {
        return of(HttpStatusCode.valueOf(400), "rejected-request", "Request rejected",
                "the request path is not in canonical form (no ';', '//', '.' or '..' segments, encoded "
                        + "'/', '.', '%' or '\\', or control characters); send the path as documented");
    }
}
