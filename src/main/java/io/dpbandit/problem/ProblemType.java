package io.dpbandit.problem;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * The problem types an operation answers because of what it was asked (as opposed to the ones any
 * request can meet on its way in: a missing key, a rate, an outage). Each has its status and its
 * stable type URI ({@value Problems#BASE}{kind}); the API document lists them per operation from
 * the controllers' {@code @ProblemResponse} annotations, and the error handlers answer with them.
 */
public enum ProblemType {

    NOT_FOUND(HttpStatus.NOT_FOUND, "not-found", "Not found"),
    CONFLICT(HttpStatus.CONFLICT, "conflict", "Conflict"),
    BUDGET_EXHAUSTED(HttpStatus.CONFLICT, "budget-exhausted", "Privacy budget exhausted"),
    NOT_READY(HttpStatus.CONFLICT, "not-ready", "Not ready"),
    PAUSED(HttpStatus.CONFLICT, "paused", "Bandit paused"),
    RETIRED(HttpStatus.CONFLICT, "retired", "Bandit retired"),
    BUSY(HttpStatus.SERVICE_UNAVAILABLE, "busy", "Busy");

    private final HttpStatus status;
    private final String kind;
    private final String title;

    ProblemType(HttpStatus status, String kind, String title) {
        this.status = status;
        this.kind = kind;
        this.title = title;
    }

    public HttpStatusCode status() {
        return status;
    }

    /** The last segment of the type URI, e.g. {@code not-ready}. */
    public String kind() {
        return kind;
    }

    public URI type() {
        return URI.create(Problems.BASE + kind);
    }

    /** A problem of this type with the given detail. */
    public ProblemDetail problem(String detail) {
        return Problems.of(status, kind, title, detail);
    }
}
