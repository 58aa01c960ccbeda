package io.dpbandit.api;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.problem.ProblemType;
import io.dpbandit.problem.Problems;
import io.dpbandit.problem.Unavailable;
import io.dpbandit.security.Access;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.validation.FieldError;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.hibernate.exception.JDBCConnectionException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.util.DisconnectedClientHelper;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error a controller raises, as RFC 9457 application/problem+json with a stable type per
 * kind ({@link Problems}). Messages say what to change; they never echo request values (contexts
 * and rewards are private) or stack traces.
 */
@RestControllerAdvice
public class ErrorHandlers {

    private static final Logger log = LoggerFactory.getLogger(ErrorHandlers.class);

    private final long maxBodyBytes;
    private final io.dpbandit.security.ActuatorElsewhere elsewhere;

    public ErrorHandlers(ApiProperties properties, io.dpbandit.security.ActuatorElsewhere elsewhere) {
        this.maxBodyBytes = properties.maxBodyBytes();
        this.elsewhere = elsewhere;
    }

    static ProblemDetail validation(String detail, List<InvalidRequestException.FieldProblem> problems) {
        ProblemDetail p = Problems.of(HttpStatus.BAD_REQUEST, "validation", "Invalid request", detail);
        p.setProperty("errors", problems.stream().map(f -> Map.of("field", f.field(), "message", f.message()))
                .toList());
        return p;
    }

    @ExceptionHandler(InvalidRequestException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail invalid(InvalidRequestException e) {
        return validation(e.getMessage(), e.problems());
    }

    /** Bean Validation of a request record: every violation, each with its field. */
    @ExceptionHandler(MethodArgumentNotValidException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail notValid(MethodArgumentNotValidException e) {
        List<InvalidRequestException.FieldProblem> problems = e.getBindingResult().getFieldErrors().stream()
                .map(ErrorHandlers::fieldProblem).sorted(java.util.Comparator.comparing(
                        InvalidRequestException.FieldProblem::field)).toList();
        return validation(new InvalidRequestException(problems).getMessage(), problems);
    }

    private static InvalidRequestException.FieldProblem fieldProblem(FieldError f) {
        // The default message only: the rejected value is the caller's data and is never echoed.
        return new InvalidRequestException.FieldProblem(f.getField(), f.getDefaultMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        // Jackson's message can quote the offending value; report only where and what kind.
        Throwable cause = e.getMostSpecificCause();
        if (cause instanceof StreamConstraintsException limit) {
            // One of the reader's limits (JsonLimits): the answer names the one that was hit.
            return JsonLimits.exceeded(limit, maxBodyBytes);
        }
        UnreadableBodies.Reason reason = UnreadableBodies.of(e);
        if (reason.field() != null) {
            return validation(reason.detail(), List.of(new InvalidRequestException.FieldProblem(reason.field(),
                    reason.message())));
        }
        return Problems.of(HttpStatus.BAD_REQUEST, "validation", "Invalid request", reason.detail());
    }

    @ExceptionHandler({MethodArgumentTypeMismatchException.class, MissingServletRequestParameterException.class})
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail badParameter(Exception e) {
        String name = e instanceof MethodArgumentTypeMismatchException m ? m.getName()
                : ((MissingServletRequestParameterException) e).getParameterName();
        return Problems.of(HttpStatus.BAD_REQUEST, "validation", "Invalid request",
                "parameter " + ServiceErrors.quote(name) + " is missing or malformed");
    }

    @ExceptionHandler(ServiceErrors.NotFound.class)
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ProblemDetail notFound(ServiceErrors.NotFound e) {
        return ProblemType.NOT_FOUND.problem(e.getMessage());
    }

    @ExceptionHandler(Access.Forbidden.class)
    @ResponseStatus(HttpStatus.FORBIDDEN)
    ProblemDetail forbidden(Access.Forbidden e) {
        return Problems.forbidden(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.Conflict.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail conflict(ServiceErrors.Conflict e) {
        return ProblemType.CONFLICT.problem(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.BudgetExhausted.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail budget(ServiceErrors.BudgetExhausted e) {
        return ProblemType.BUDGET_EXHAUSTED.problem(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.NotReady.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail notReady(ServiceErrors.NotReady e) {
        return ProblemType.NOT_READY.problem(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.Paused.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail paused(ServiceErrors.Paused e) {
        return ProblemType.PAUSED.problem(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.Retired.class)
    @ResponseStatus(HttpStatus.CONFLICT)
    ProblemDetail retired(ServiceErrors.Retired e) {
        return ProblemType.RETIRED.problem(e.getMessage());
    }

    @ExceptionHandler(ServiceErrors.Busy.class)
    ResponseEntity<ProblemDetail> busy(ServiceErrors.Busy e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(e.retryAfterSeconds()))
                .body(ProblemType.BUSY.problem(e.getMessage()));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    @ResponseStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
    ProblemDetail mediaType(HttpMediaTypeNotSupportedException e) {
        return Problems.of(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type", "Unsupported media type",
                "send application/json");
    }

    /** An Accept header that application/json does not satisfy: refused before the handler runs. */
    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    @ResponseStatus(HttpStatus.NOT_ACCEPTABLE)
    ProblemDetail notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return Problems.of(HttpStatus.NOT_ACCEPTABLE, "not-acceptable", "Not acceptable",
                "this endpoint answers application/json (errors application/problem+json); send an Accept header "
                        + "that allows it, or none");
    }

    /**
     * A constraint on a path variable or query parameter (e.g. a bandit id's pattern), checked by
     * Spring's method validation before the handler runs.
     */
    @ExceptionHandler(HandlerMethodValidationException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail parameterNotValid(HandlerMethodValidationException e) {
        List<InvalidRequestException.FieldProblem> problems = e.getParameterValidationResults().stream()
                .flatMap(r -> r.getResolvableErrors().stream().map(error -> new InvalidRequestException.FieldProblem(
                        r.getMethodParameter().getParameterName() == null ? "parameter"
                                : r.getMethodParameter().getParameterName(),
                        error.getDefaultMessage())))
                .sorted(java.util.Comparator.comparing(InvalidRequestException.FieldProblem::field)).toList();
        return validation(new InvalidRequestException(problems).getMessage(), problems);
    }

    /**
     * The database is unreachable or refusing connections (a restart, a failover, a full pool):
     * nothing was committed by this request, so it is safe to retry after a moment.
     */
    @ExceptionHandler({DataAccessResourceFailureException.class, CannotCreateTransactionException.class,
            TransientDataAccessException.class, JDBCConnectionException.class})
    ResponseEntity<ProblemDetail> unavailable(Exception e, HttpServletRequest request) {
        log.warn("The database is unavailable for {} {}: {}", request.getMethod(), request.getRequestURI(),
                e.getClass().getSimpleName());
        return Unavailable.answer();
    }

    /**
     * A method the path is not served with, with the methods it is served with in Allow (RFC 9110
     * 15.5.6). DELETE on a bandit names what stops one instead: bandits are never deleted.
     */
    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ProblemDetail> method(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        String detail = "method " + e.getMethod() + " is not supported here";
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if ("DELETE".equals(e.getMethod()) && path.matches("/bandits/" + io.dpbandit.bandit.BanditIds.PATTERN)) {
            detail += ": a bandit is never deleted; to stop it for good, an admin calls POST " + path + "/retire "
                    + "(its ledger, epochs and releases stay readable, and its id is never reused)";
        }
        var answer = ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED);
        java.util.Set<org.springframework.http.HttpMethod> allowed = e.getSupportedHttpMethods();
        if (allowed != null && !allowed.isEmpty()) {
            java.util.Set<org.springframework.http.HttpMethod> all = new java.util.LinkedHashSet<>(allowed);
            if (all.contains(org.springframework.http.HttpMethod.GET)) {
                all.add(org.springframework.http.HttpMethod.HEAD);
            }
            answer.allow(all.toArray(org.springframework.http.HttpMethod[]::new));
        }
        return answer.body(Problems.of(HttpStatus.METHOD_NOT_ALLOWED, "method-not-allowed", "Method not allowed",
                detail));
    }

    /**
     * A path nothing maps: no handler at all (NoHandlerFound; Spring's catch-all static mapping is
     * off), or a missing file of the analyst page (NoResourceFound).
     */
    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ProblemDetail noResource(Exception e, HttpServletRequest request) {
        return elsewhere.notServed(request);
    }

    /**
     * Spring Security's firewall checks a header's value when something first reads it, which can be
     * inside Spring MVC: a value holding a control character (a C1 one among them, as a UTF-8 header
     * read as ISO-8859-1 can) is a 400 like the firewall's other refusals, not a 500. The value is
     * never echoed.
     */
    @ExceptionHandler(RequestRejectedException.class)
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ProblemDetail rejected(RequestRejectedException e) {
        return Problems.of(HttpStatus.BAD_REQUEST, "rejected-request", "Request rejected",
                "a header holds a character the service does not accept (a control character); send header "
                        + "values as printable ASCII");
    }

    /**
     * Anything else: a fault of the service, a 500 problem and one ERROR line with its stack trace
     * (and {@code problem="internal"} on the request's timer). Except a client that closed its
     * connection before its answer was written (Tomcat's ClientAbortException, Spring's
     * AsyncRequestNotUsableException, a broken pipe or a reset, anywhere in the cause chain, as
     * Spring's {@link DisconnectedClientHelper} recognises them): nothing is wrong with the service
     * and nobody is left to answer, so one DEBUG line and nothing written, no problem counted.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e, HttpServletRequest request) {
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
            log.debug("The client went away during {} {}: {}", request.getMethod(), request.getRequestURI(),
                    String.valueOf(e));
            return null;
        }
        if (Unavailable.isDatabaseOutage(e)) {
            return unavailable(e, request);
        }
        log.error("Unexpected error on {} {}", request.getMethod(), request.getRequestURI(), e);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(Problems.of(
                HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                "the request could not be completed; it is safe to retry"));
    }
}
