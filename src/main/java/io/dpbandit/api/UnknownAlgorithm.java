package io.dpbandit.api;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.spec.BanditSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * A spec whose {@code algorithm} is not one of ours is still checked whole, so that one answer lists
 * every problem (the algorithm's and those that need no algorithm: id, horizon, actions, privacy...)
 * instead of the algorithm's alone. While a request is read, the JSON reader takes an unknown
 * algorithm name as no algorithm and notes it on the request ({@link #handler}); the controller then
 * runs the usual validation, which reports the rest, and puts the algorithm's own problem in place
 * of "algorithm is required" ({@link #checked}). Outside a request (a spec read from a file) an
 * unknown name stays the reader's error.
 */
final class UnknownAlgorithm {

    private static final String NOTED = UnknownAlgorithm.class.getName();

    static final String MESSAGE = "must be one of " + Arrays.toString(BanditSpec.Algorithm.values());

    private UnknownAlgorithm() {
    }

    /** Takes an unknown algorithm name as none, noting it on the current request. */
    static DeserializationProblemHandler handler() {
        return new DeserializationProblemHandler() {
            @Override
            public Object handleWeirdStringValue(DeserializationContext ctxt, Class<?> targetType, String value,
                    String failureMsg) {
                RequestAttributes request = RequestContextHolder.getRequestAttributes();
                if (targetType != BanditSpec.Algorithm.class || request == null) {
                    return NOT_HANDLED;
                }
                // Only that there was one: the name itself is the caller's and is never echoed.
                request.setAttribute(NOTED, Boolean.TRUE, RequestAttributes.SCOPE_REQUEST);
                return null;
            }
        };
    }

    /**
     * The outcome of {@code action} (which validates the spec) for a spec read without an unknown
     * algorithm; for one read with it, the 400 listing the algorithm's problem with every other one
     * the validation found.
     */
    static <T> T checked(Supplier<T> action) {
        RequestAttributes request = RequestContextHolder.getRequestAttributes();
        if (request == null || request.getAttribute(NOTED, RequestAttributes.SCOPE_REQUEST) == null) {
            return action.get();
        }
        List<InvalidRequestException.FieldProblem> problems = new ArrayList<>();
        try {
            action.get();
        } catch (InvalidRequestException e) {
            e.problems().stream().filter(p -> !p.field().equals("algorithm")).forEach(problems::add);
        }
        problems.add(new InvalidRequestException.FieldProblem("algorithm", MESSAGE));
        problems.sort(Comparator.comparing(InvalidRequestException.FieldProblem::field));
        throw new InvalidRequestException(problems);
    }
}
