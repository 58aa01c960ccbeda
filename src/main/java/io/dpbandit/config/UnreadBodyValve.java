package io.dpbandit.config;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * Closes the connection of a request that was answered without its body being read, instead of
 * letting Tomcat read ("swallow") the rest of that body on the worker thread before the next request
 * on the connection.
 *
 * <p>Why: a request refused before its body is read (401 without a key or with a wrong one, 403,
 * 413 for a declared length over the limit, 415, 429, 503) ends on its worker thread, and Tomcat
 * then reads and drops the rest of the declared body so that the connection can carry another
 * request. A client that declares a body and sends only half of it holds that thread until the
 * connection timeout; a few hundred such connections, with no credential at all, took every worker
 * thread and health answered in seconds. Here, once the filter chain has returned (and the request
 * is not continuing asynchronously: {@code BodyReadingFilter} reads authorised bodies without a
 * thread), a body that is not fully read marks the exchange as one whose input is not swallowed
 * (Tomcat's {@link ActionCode#DISABLE_SWALLOW_INPUT}, the same action it uses for a refused
 * upload): the answer is sent and the connection closed, and the thread is free at once. The
 * answer carries {@code Connection: close} and is sent before that action (which marks the exchange
 * as failed, and would otherwise make the host render its error page over the answer).
 */
final class UnreadBodyValve extends ValveBase {

    UnreadBodyValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (request.isAsync() || !declaresBody(request)) {
            return;
        }
        AtomicBoolean fullyRead = new AtomicBoolean(true);
        request.getCoyoteRequest().action(ActionCode.REQUEST_BODY_FULLY_READ, fullyRead);
        if (!fullyRead.get()) {
            if (!response.isCommitted()) {
                response.setHeader("Connection", "close");
                // Sent now: the action below marks the exchange as an error, and the host would
                // otherwise replace the answer already written with its error page.
                response.flushBuffer();
            }
            request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
            // That action marks the exchange as failed, which asks the host for an error report: it
            // would dispatch the committed answer to /error, where Spring Security refuses a keyless
            // request and logs an ERROR with two stack traces (a log flood open to anyone). The answer
            // is already sent, so the report is taken as made.
            response.setErrorReported();
        }
    }

    private static boolean declaresBody(Request request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }
}
