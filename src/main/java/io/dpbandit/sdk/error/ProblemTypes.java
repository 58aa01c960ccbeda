package io.dpbandit.sdk.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The problem types the service answers with, each mapped to the exception a caller catches
 * ({@code https://dpbandit.io/problems/paused} to {@link PausedException}, ...). A type that is not
 * here becomes an {@link UnknownProblemException}. The SDK's tests hold this table to the service:
 * every type the service's code and its API document can answer with must be here.
 */
public final class ProblemTypes {

    private static final Map<String, Function<Problem, DpbanditProblemException>> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put(ValidationException.KIND, ValidationException::new);
        KINDS.put(RejectedRequestException.KIND, RejectedRequestException::new);
        KINDS.put(IncompleteBodyException.KIND, IncompleteBodyException::new);
        KINDS.put(UnauthorizedException.KIND, UnauthorizedException::new);
        KINDS.put(ForbiddenException.KIND, ForbiddenException::new);
        KINDS.put(NotFoundException.KIND, NotFoundException::new);
        KINDS.put(MethodNotAllowedException.KIND, MethodNotAllowedException::new);
        KINDS.put(NotAcceptableException.KIND, NotAcceptableException::new);
        KINDS.put(BodyTimeoutException.KIND, BodyTimeoutException::new);
        KINDS.put(ConflictException.KIND, ConflictException::new);
        KINDS.put(BudgetExhaustedException.KIND, BudgetExhaustedException::new);
        KINDS.put(NotReadyException.KIND, NotReadyException::new);
        KINDS.put(PausedException.KIND, PausedException::new);
        KINDS.put(RetiredException.KIND, RetiredException::new);
        KINDS.put(PayloadTooLargeException.KIND, PayloadTooLargeException::new);
        KINDS.put(UnsupportedMediaTypeException.KIND, UnsupportedMediaTypeException::new);
        KINDS.put(RateLimitedException.KIND, RateLimitedException::new);
        KINDS.put(InternalErrorException.KIND, InternalErrorException::new);
        KINDS.put(MethodNotImplementedException.KIND, MethodNotImplementedException::new);
        KINDS.put(UnavailableException.KIND, UnavailableException::new);
        KINDS.put(BusyException.KIND, BusyException::new);
    }

    private ProblemTypes() {
    }

    /** The kinds this SDK maps to their own exception. */
    public static Set<String> kinds() {
        return Collections.unmodifiableSet(KINDS.keySet());
    }

    /** The exception for a problem: its kind's, or {@link UnknownProblemException}. */
    public static DpbanditProblemException exception(Problem problem) {
        return problem.kind().map(KINDS::get).map(f -> f.apply(problem))
                .orElseGet(() -> new UnknownProblemException(problem));
    }
}
