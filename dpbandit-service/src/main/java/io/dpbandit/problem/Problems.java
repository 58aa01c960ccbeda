package io.dpbandit.problem;

import java.net.URI;
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

    public static ProblemDetail payloadTooLarge(long maxBytes) {
        return of(HttpStatusCode.valueOf(413), "payload-too-large", "Payload too large",
                "the body may be at most " + maxBytes + " bytes");
    }

    /** A request line or path the service refuses to interpret (firewall, malformed URI). */
    public static ProblemDetail rejectedRequest() {
        return of(HttpStatusCode.valueOf(400), "rejected-request", "Request rejected",
                "the request path is not in canonical form (no ';', '//', '.' or '..' segments, encoded "
                        + "'/', '.', '%' or '\\', or control characters); send the path as documented");
    }
}
