package io.dpbandit.api;

import io.dpbandit.security.Access;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error as RFC 9457 application/problem+json with a stable type per kind. Messages say what
 * to change; they never echo request values (contexts and rewards are private) or stack traces.
 */
@RestControllerAdvice
public class Problems {

    private static final Logger log = LoggerFactory.getLogger(Problems.class);
    static final String BASE = "https://dpbandit.io/problems/";

    static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create(BASE + type));
        p.setTitle(title);
        return p;
    }

    @ExceptionHandler(InvalidRequestException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail invalid(InvalidRequestException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "validation", "Invalid request", e.getMessage());
        p.setProperty("errors", e.problems().stream()
                .map(f -> Map.of("field", f.field(), "message", f.message())).toList());
        return p;
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        // Jackson's message can quote the offending value; report only where and what kind.
        Throwable cause = e.getMostSpecificCause();
        String detail = "the body is not valid JSON for this endpoint";
        if (cause instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException u) {
            detail = "unknown field '" + u.getPropertyName() + "'";
        } else if (cause instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f) {
            detail = "field '" + path(f.getPath()) + "' has the wrong type";
        } else if (cause instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m) {
            detail = "field '" + path(m.getPath()) + "' has the wrong type or shape";
        } else if (cause instanceof IllegalArgumentException iae && iae.getMessage() != null) {
            detail = iae.getMessage();
        }
        return problem(HttpStatus.BAD_REQUEST, "validation", "Invalid request", detail);
    }

    private static String path(List<com.fasterxml.jackson.databind.JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (var r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "(body)" : sb.toString();
    }

    @ExceptionHandler({MethodArgumentTypeMismatchException.class, MissingServletRequestParameterException.class})
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail badParameter(Exception e) {
        String name = e instanceof MethodArgumentTypeMismatchException m ? m.getName()
                : ((MissingServletRequestParameterException) e).getParameterName();
        return problem(HttpStatus.BAD_REQUEST, "validation", "Invalid request",
                "parameter '" + name + "' is missing or malformed");
    }

    @ExceptionHandler(ServiceErrors.NotFound.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ProblemDetail notFound(ServiceErrors.NotFound e) {
        return problem(HttpStatus.NOT_FOUND, "not-found", "Not found", e.getMessage());
    }

    @ExceptionHandler(Access.Forbidden.class)
    @ResponseStatus(HttpStatus.FORBIDDEN)
    ProblemDetail forbidden(Access.Forbidden e) {
        return problem(HttpStatus.FORBIDDEN, "forbidden", "Forbidden", e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.Conflict.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail conflict(ServiceErrors.Conflict e) {
        return problem(HttpStatus.CONFLICT, "conflict", "Conflict", e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.BudgetExhausted.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail budget(ServiceErrors.BudgetExhausted e) {
        return problem(HttpStatus.CONFLICT, "budget-exhausted", "Privacy budget exhausted", e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.NotReady.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail notReady(ServiceErrors.NotReady e) {
        return problem(HttpStatus.CONFLICT, "not-ready", "Not ready", e.getMessage());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    @ResponseStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
    ProblemDetail mediaType(HttpMediaTypeNotSupportedException e) {
        return problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Unsupported media type",
                "send application/json");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    @ResponseStatus(HttpStatus.METHOD_NOT_ALLOWED)
    ProblemDetail method(HttpRequestMethodNotSupportedException e) {
        return problem(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", "Method not allowed",
                "method " + e.getMethod() + " is not supported here");
    }

    @ExceptionHandler(NoResourceFoundException.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ProblemDetail noResource(NoResourceFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "not-found", "Not found", "no such endpoint");
    }

    @ExceptionHandler(PayloadTooLargeException.class)
    @ResponseStatus(HttpStatus.PAYLOAD_TOO_LARGE)
    ProblemDetail tooLarge(PayloadTooLargeException e) {
        return problem(HttpStatus.PAYLOAD_TOO_LARGE, "payload-too-large", "Payload too large", e.getMessage());
    }

    @ExceptionHandler(Exception.class)
    @ResponseStatus(HttpStatus.INTERNAL_SERVER_ERROR)
    ProblemDetail unexpected(Exception e, HttpServletRequest request) {
        log.error("Unexpected error on {} {}", request.getMethod(), request.getRequestURI(), e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                "the request could not be completed; it is safe to retry");
    }

    /** A body over the configured limit. */
    public static class PayloadTooLargeException extends RuntimeException {
        public PayloadTooLargeException(String message) {
            super(message);
        }
    }
}
