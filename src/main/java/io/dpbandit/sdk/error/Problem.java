package io.dpbandit.sdk.error;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An RFC 9457 problem as the service answered it, with what the answer's headers add.
 *
 * @param status     the HTTP status
 * @param type       the problem's type URI, stable per kind ({@value #BASE}{kind}); null if the
 *                   answer had none (it was not the service's problem+json)
 * @param title      a short summary of the kind
 * @param detail     what to change; never an echo of the request's values
 * @param instance   the problem's instance URI, if any
 * @param errors     type validation only: each field to change, in the service's order (else empty)
 * @param requestId  the answer's {@code X-Request-Id} (the id the service logged the request under),
 *                   or, if it sent none, the one this SDK sent
 * @param retryAfter the answer's {@code Retry-After}, if any
 */
public record Problem(int status, String type, String title, String detail, String instance,
        List<FieldError> errors, String requestId, Duration retryAfter) {

    /** The prefix of every type URI the service answers with. */
    public static final String BASE = "https://dpbandit.io/problems/";

    public Problem {
        errors = errors == null ? List.of() : List.copyOf(errors);
    }

    /** One field to change, as a validation problem lists it. */
    public record FieldError(String field, String message) {
    }

    /**
     * The kind: the type URI's last segment ({@code validation}, {@code not-ready}, ...), or empty
     * for a type that is not the service's.
     */
    public Optional<String> kind() {
        if (type != null && type.startsWith(BASE) && type.length() > BASE.length()) {
            return Optional.of(type.substring(BASE.length()));
        }
        return Optional.empty();
    }

    /** The first field a validation problem names, if any. */
    public Optional<String> field() {
        return errors.isEmpty() ? Optional.empty() : Optional.ofNullable(errors.get(0).field());
    }
}
