package io.dpbandit.api;

import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.problem.Problems;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.springframework.security.core.context.SecurityContextHolder;
import io.micrometer.core.instrument.Counter;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * Reads a request's whole body before the request is processed, without holding a worker thread
 * while the client sends it (Servlet non-blocking I/O: a {@link ReadListener} on an async request).
 * The request then goes on, in an async dispatch, with the body from memory. So:
 * <ul>
 *   <li>a slow or stalled client (a connection that sends half a body and waits) costs a connection
 *       and a buffer, never one of the container's threads: health and the other requests keep being
 *       served however many such connections there are;</li>
 *   <li>a request is processed only once its declared Content-Length has arrived: a body that is
 *       already a complete JSON object is not acted on while the rest is still due;</li>
 *   <li>the body must arrive within {@code dpbandit.api.body-timeout} (408 after it), at most
 *       {@code max-body-bytes} of it ({@code max-decide-body-bytes} for /decide and /release),
 *       declared or chunked (413 at once for a declared length over it, as soon as the limit is
 *       passed for a chunked one); at most {@code max-pending-bodies} bodies and
 *       {@code max-pending-body-bytes} bytes are held at once (503 with Retry-After beyond), so
 *       memory for bodies is bounded whatever clients do;</li>
 *   <li>no API key can take the instance from the others ({@link FairShare}): a key may hold
 *       pending bodies, their bytes, and requests being processed (worker threads, of
 *       {@code server.tomcat.threads.max}) only while it holds no more of each than is left free
 *       for everyone else; beyond, 503 busy with Retry-After, answered before any body is read
 *       (and then the connection closes: {@code UnreadBodyValve}).</li>
 * </ul>
 * It runs after Spring Security (it is ordered after it), so only an authenticated, authorized
 * request gets a body buffer at all.
 */
final class BodyReadingFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(BodyReadingFilter.class);
    private static final String BODY = BodyReadingFilter.class.getName() + ".body";

    private final ApiProperties properties;
    private final ProblemWriter problems;
    /** Bodies being awaited, the bytes buffered for them, and requests being processed, per key. */
    private final FairShare pendingBodies;
    private final FairShare pendingBytes;
    private final FairShare inFlight;
    /** Bodies that had not all arrived with their headers and were awaited without a thread. */
    private final Counter awaited;

    /**
     * @param workerThreads the container's worker threads (server.tomcat.threads.max)
     * @param awaited       counts the bodies awaited asynchronously (the rest are read at once)
     */
    BodyReadingFilter(ApiProperties properties, ProblemWriter problems, int workerThreads, Counter awaited) {
        this.properties = properties;
        this.awaited = awaited;
        this.problems = problems;
        this.pendingBodies = new FairShare(properties.maxPendingBodies());
        this.pendingBytes = new FairShare(properties.maxPendingBodyBytes());
        this.inFlight = new FairShare(workerThreads);
    }

    /**
     * Registered for the REQUEST and ASYNC dispatches: the first starts the reading, the async
     * dispatch it ends in hands the buffered body on. (A plain Filter rather than a
     * OncePerRequestFilter, whose bookkeeping would skip the async dispatch.)
     */
    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String caller = caller();
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            byte[] body = (byte[]) request.getAttribute(BODY);
            process(caller, body == null ? request : new BufferedBody(request, body), response, chain);
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST || request.getAttribute(BODY) != null) {
            chain.doFilter(request, response);
            return;
        }
        long declared = request.getContentLengthLong();
        boolean chunked = request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
        long limit = properties.maxBodyBytes(request.getRequestURI());
        if (declared > limit) {
            problems.write(response, Problems.payloadTooLarge(limit));
            return;
        }
        if ((declared <= 0 && !chunked) || !properties.readBodiesFirst() || !request.isAsyncSupported()) {
            process(caller, request, response, chain);
            return;
        }
        // The usual small body came in the same packets as the headers: read it from the container's
        // buffer now (no read below can block: each follows an available() > 0) and process it in
        // this dispatch, sparing the async dispatch's second pass through every filter (about a third
        // of a small request's CPU, docs/benchmarks.md, 5). A body not all here yet goes on below,
        // without a thread, with what was read so far.
        ArrivedBody arrived = declared > 0 && !chunked && declared <= Reading.CHUNK
                ? ArrivedBody.read(request.getInputStream(), (int) declared) : ArrivedBody.NOTHING;
        if (arrived.complete()) {
            process(caller, new BufferedBody(request, arrived.bytes()), response, chain);
            return;
        }
        awaited.increment();
        if (!pendingBodies.tryTake(caller, 1)) {
            tooMany(response, pendingBodies.heldBy(caller) > 0 ? "this key is sending too many request bodies at once"
                    : "this instance is waiting for too many request bodies");
            return;
        }
        // The plain startAsync(): the async dispatch then passes the container's own request and
        // response through every filter again, as a fresh dispatch.
        AsyncContext async = request.startAsync();
        async.setTimeout(properties.bodyTimeout().toMillis());
        Reading reading = new Reading(async, limit, caller);
        async.addListener(reading);
        if (!reading.seed(arrived)) {
            return;
        }
        try {
            async.getRequest().getInputStream().setReadListener(reading);
        } catch (RuntimeException | IOException e) {
            reading.fail(e);
        }
    }

    /** The API key's name, or "" for a request without one (the Actuator's health, the page's shell). */
    private static String caller() {
        var authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication == null || !authentication.isAuthenticated()
                || "anonymousUser".equals(authentication.getPrincipal()) ? "" : authentication.getName();
    }

    /**
     * Processes the request on this thread, counted against the key's share of the worker threads:
     * a key already holding as many requests in processing as are left free for the others gets a
     * 503 instead. Requests without a key (health, the page's static shell) are not counted: they
     * are cheap and must never be refused for a key's load.
     */
    private void process(String caller, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (caller.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        if (!inFlight.tryTake(caller, 1)) {
            tooMany(response, "this key has too many requests being processed at once");
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            inFlight.give(caller, 1);
        }
    }

    private void tooMany(HttpServletResponse response, String why) throws IOException {
        response.setHeader(HttpHeaders.RETRY_AFTER, "1");
        problems.write(response, Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "busy", "Busy",
                why + "; retry after the Retry-After seconds"));
    }

    /** One body being read: ends exactly once, by a dispatch or by a problem. */
    private final class Reading implements ReadListener, AsyncListener {

        private static final int CHUNK = 16 * 1024;
        /** How much of an over-long body is read and dropped after its 413 before the connection closes. */
        private static final long DRAIN_LIMIT = 64L * 1024 * 1024;

        private final AsyncContext async;
        private final HttpServletRequest request;
        private final HttpServletResponse response;
        private final long limit;
        private final List<byte[]> chunks = new ArrayList<>();
        private int last = CHUNK;
        private long size;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile boolean draining;
        private final String caller;
        private long drained;

        Reading(AsyncContext async, long limit, String caller) {
            this.caller = caller;
            this.async = async;
            this.request = (HttpServletRequest) async.getRequest();
            this.response = (HttpServletResponse) async.getResponse();
            this.limit = limit;
        }

        @Override
        public void onDataAvailable() throws IOException {
            ServletInputStream in = request.getInputStream();
            if (draining) {
                drain(in);
                return;
            }
            while (!ended.get() && in.isReady() && !in.isFinished()) {
                if (last == CHUNK) {
                    // Counted against the instance's budget before it is allocated.
                    if (!pendingBytes.tryTake(caller, CHUNK)) {
                        busy();
                        return;
                    }
                    chunks.add(new byte[CHUNK]);
                    last = 0;
                }
                int n = in.read(chunks.get(chunks.size() - 1), last, CHUNK - last);
                if (n < 0) {
                    break;
                }
                last += n;
                size += n;
                if (size > limit) {
                    // Answered now; the rest is read and dropped (no buffer, no thread), so that a
                    // client that sends its whole body before reading gets the answer rather than a
                    // reset connection.
                    draining = true;
                    answer(Problems.payloadTooLarge(limit), "close");
                    drain(in);
                    return;
                }
            }
        }

        /**
         * Starts the body with what had arrived before reading went asynchronous (at most one
         * chunk); false when the instance's budget for body bytes is spent (answered 503 then).
         */
        boolean seed(ArrivedBody arrived) {
            if (arrived.length() == 0) {
                return true;
            }
            if (!pendingBytes.tryTake(caller, CHUNK)) {
                busy();
                return false;
            }
            byte[] chunk = new byte[CHUNK];
            System.arraycopy(arrived.bytes(), 0, chunk, 0, arrived.length());
            chunks.add(chunk);
            last = arrived.length();
            size = arrived.length();
            return true;
        }

        /** Reads and drops what the client still sends, up to {@link #DRAIN_LIMIT} bytes; then ends. */
        private void drain(ServletInputStream in) throws IOException {
            byte[] scratch = new byte[CHUNK];
            while (in.isReady() && !in.isFinished()) {
                int n = in.read(scratch);
                if (n < 0) {
                    break;
                }
                drained += n;
                if (drained > DRAIN_LIMIT) {
                    complete();
                    return;
                }
            }
            if (in.isFinished()) {
                complete();
            }
        }

        private void complete() {
            try {
                async.complete();
            } catch (IllegalStateException e) {
                // completed already (the client went away)
            }
        }

        /** The body as one array (the chunks are released to the budget). */
        private byte[] body() {
            byte[] body = new byte[(int) size];
            int at = 0;
            for (byte[] chunk : chunks) {
                int n = (int) Math.min(CHUNK, size - at);
                System.arraycopy(chunk, 0, body, at, n);
                at += n;
            }
            return body;
        }

        private void release() {
            if (!chunks.isEmpty()) {
                pendingBytes.give(caller, (long) chunks.size() * CHUNK);
            }
            chunks.clear();
            pendingBodies.give(caller, 1);
        }

        private void busy() {
            response.setHeader(HttpHeaders.RETRY_AFTER, "1");
            answer(Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "busy", "Busy",
                    "this instance holds too many request bodies; retry after the Retry-After seconds"), "close");
        }

        @Override
        public void onAllDataRead() {
            if (draining) {
                complete();
                return;
            }
            if (ended.compareAndSet(false, true)) {
                byte[] body = body();
                release();
                request.setAttribute(BODY, body);
                async.dispatch();
            }
        }

        @Override
        public void onError(Throwable t) {
            fail(t);
        }

        void fail(Throwable t) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                if (c instanceof java.net.SocketTimeoutException) {
                    timedOut(); // the socket's read timeout, which can fire before the async one
                    return;
                }
            }
            try (var id = RequestIdFilter.inLogs(request)) {
                log.debug("A request body was not received completely: {}", String.valueOf(t));
            }
            answer(Problems.of(HttpStatus.BAD_REQUEST, "incomplete-body", "Incomplete body",
                    "the body ended before its declared Content-Length (or its last chunk) arrived"), "close");
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            if (draining) {
                complete();
                return;
            }
            timedOut();
        }

        private void timedOut() {
            answer(Problems.of(HttpStatus.REQUEST_TIMEOUT, "body-timeout", "Request timeout",
                    "the body did not arrive within " + properties.bodyTimeout().toMillis()
                            + " ms of the request's headers"), "close");
        }

        @Override
        public void onError(AsyncEvent event) {
            fail(event.getThrowable());
        }

        @Override
        public void onComplete(AsyncEvent event) {
            if (ended.compareAndSet(false, true)) {
                release();
            }
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // the async dispatch that carries the body starts no new reading
        }

        /** Ends the request with a problem (once); the rest of the body is not read. */
        private void answer(ProblemDetail problem, String connection) {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            release();
            try {
                if (connection != null) {
                    response.setHeader(HttpHeaders.CONNECTION, connection);
                }
                problems.write(response, problem);
                if (draining) {
                    response.flushBuffer();
                }
            } catch (IOException | RuntimeException e) {
                try (var id = RequestIdFilter.inLogs(request)) {
                    log.debug("Could not answer a request whose body failed: {}", e.toString());
                }
                draining = false;
            } finally {
                if (!draining) {
                    complete();
                }
            }
        }
    }

    /** The request with its body from memory. */
    static final class BufferedBody extends HttpServletRequestWrapper {

        private final byte[] body;

        BufferedBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        /** The body, for a reader that would rather not copy it through a stream. */
        byte[] bytes() {
            return body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body was read already");
                }

                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
