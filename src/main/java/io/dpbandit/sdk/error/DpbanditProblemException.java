package io.dpbandit.sdk.error;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The service answered with an RFC 9457 problem. Each problem type has its own subclass (see
 * {@link ProblemTypes}); {@link UnknownProblemException} stands for a type this SDK does not know
 * (a newer service, or an answer that was not the service's problem+json, such as a proxy's 502).
 */
public abstract class DpbanditProblemException extends DpbanditException {

    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    protected DpbanditProblemException(Problem problem) {
        super(message(problem), null);
        this.problem = problem;
    }

    private static String message(Problem p) {
        StringBuilder sb = new StringBuilder().append(p.status()).append(' ')
                .append(p.kind().orElse(p.type() == null ? "(no problem type)" : p.type()));
        if (p.detail() != null) {
            sb.append(": ").append(p.detail());
        }
        if (p.requestId() != null) {
            sb.append(" [request ").append(p.requestId()).append(']');
        }
        return sb.toString();
    }

    /** Everything the answer said. */
    public Problem problem() {
        return problem;
    }

    public int status() {
        return problem.status();
    }

    /** The type URI ({@value Problem#BASE}{kind}), or null if the answer had none. */
    public String type() {
        return problem.type();
    }

    /** The type's last segment, e.g. {@code not-ready}; empty for a type that is not the service's. */
    public Optional<String> kind() {
        return problem.kind();
    }

    public String title() {
        return problem.title();
    }

    /** What to change (never an echo of the request's values). */
    public String detail() {
        return problem.detail();
    }

    /** The first field a validation problem names, if any ({@code context}, {@code privacy.delta}, ...). */
    public Optional<String> field() {
        return problem.field();
    }

    /** Every field a validation problem names, with what is wrong with it. */
    public List<Problem.FieldError> errors() {
        return problem.errors();
    }

    /** The request's id as the service logged it (its {@code X-Request-Id}). */
    public String requestId() {
        return problem.requestId();
    }

    /** How long the service asked the caller to wait before retrying, if it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(problem.retryAfter());
    }
}
