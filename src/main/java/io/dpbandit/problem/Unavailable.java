package io.dpbandit.problem;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * The answer while the database is away (a restart, a failover, an exhausted pool): 503 with
 * {@code Retry-After} and type {@code unavailable}. A request that failed this way committed
 * nothing (its transaction could not start or could not commit), so a retry is safe.
 */
public final class Unavailable {

    /** Seconds a caller should wait before retrying. */
    public static final int RETRY_AFTER_SECONDS = 2;

    private Unavailable() {
    }

    public static ProblemDetail problem() {
        return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", "Service unavailable",
                "the database is not reachable right now; nothing was stored: retry after the Retry-After seconds");
    }

    public static ResponseEntity<ProblemDetail> answer() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS))
                .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem());
    }

    /**
     * Whether a failure is the database being away rather than a fault of the request or the
     * service: a connection that could not be made or broke (SQL state class 08), the server
     * shutting down or starting (57P01–57P03), too many connections (53300), the pool timing out, or a
     * rollback failing on a connection the outage closed.
     */
    public static boolean isDatabaseOutage(Throwable failure) {
        return isDatabaseOutage(failure, 0);
    }

    private static boolean isDatabaseOutage(Throwable failure, int depth) {
        for (Throwable t = failure; t != null && depth < 20; t = t.getCause() == t ? null : t.getCause(), depth++) {
            for (Throwable suppressed : t.getSuppressed()) {
                if (isDatabaseOutage(suppressed, depth + 1)) {
                    return true;
                }
            }
            if (t instanceof DataAccessResourceFailureException || t instanceof CannotCreateTransactionException
                    || t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException
                    || t instanceof ConnectException) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("57P") || state.equals("53300"))) {
                    return true;
                }
                // A rollback on a connection the outage closed (the pool's proxy says so without a
                // state): the failure that closed it was the outage.
                String message = String.valueOf(sql.getMessage()).toLowerCase(java.util.Locale.ROOT);
                if (message.contains("connection is closed") || message.contains("connection has been closed")
                        || message.contains("i/o error occurred while sending to the backend")) {
                    return true;
                }
            }
        }
        return false;
    }
}
