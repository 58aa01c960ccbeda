package io.dpbandit.problem;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.http.ProblemDetail;

/**
 * The kind of problem a request was answered with ({@code validation}, {@code not-found},
 * {@code budget-exhausted}, ..., the last segment of its {@code type}; {@code none} for a request
 * that was answered without one), kept on the request so that its timer
 * ({@code http.server.requests}) carries it as the tag {@value #KEY}: dashboards count errors by
 * type, not only by status. A closed set of values (the service's problem types), so a
 * low-cardinality tag; it never holds a request's values.
 */
public final class ProblemTag {

    public static final String KEY = "problem";
    public static final String NONE = "none";
    static final String ATTRIBUTE = ProblemTag.class.getName();

    private ProblemTag() {
    }

    /** Marks the request as answered with this problem. */
    public static void record(HttpServletRequest request, ProblemDetail problem) {
        request.setAttribute(ATTRIBUTE, kind(problem.getType()));
    }

    /** The kind recorded on this request, or {@value #NONE}. */
    public static String of(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof String kind ? kind : NONE;
    }

    static String kind(URI type) {
        String text = type == null ? "" : type.toString();
        return text.startsWith(Problems.BASE) && text.length() > Problems.BASE.length()
                ? text.substring(Problems.BASE.length()) : "other";
    }
}
