package io.dpbandit.api;

import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.problem.Problems;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Gives every error answer a problem body: an error status that reached the end of the chain with
 * nothing written (Actuator's 404 for an unknown metric, say) gets the problem for its status, so
 * no caller ever reads an empty error. HEAD answers and answers already written are left alone.
 */
final class EmptyErrorBodyFilter implements Filter {

    private final ProblemWriter problems;

    EmptyErrorBodyFilter(ProblemWriter problems) {
        this.problems = problems;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        Tracking response = new Tracking((HttpServletResponse) res);
        chain.doFilter(request, response);
        if (request.isAsyncStarted() || response.wrote || response.isCommitted()
                || response.getStatus() < 400 || "HEAD".equals(request.getMethod())) {
            return;
        }
        problems.write(response, Problems.forStatus(response.getStatus()));
    }

    /** Notes whether anything was written to the body. */
    private static final class Tracking extends HttpServletResponseWrapper {

        boolean wrote;
        private ServletOutputStream stream;
        private PrintWriter writer;

        Tracking(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (stream == null) {
                ServletOutputStream inner = super.getOutputStream();
                stream = new ServletOutputStream() {
                    @Override
                    public boolean isReady() {
                        return inner.isReady();
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        inner.setWriteListener(listener);
                    }

                    @Override
                    public void write(int b) throws IOException {
                        wrote = true;
                        inner.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        wrote |= len > 0;
                        inner.write(b, off, len);
                    }

                    @Override
                    public void flush() throws IOException {
                        inner.flush();
                    }

                    @Override
                    public void close() throws IOException {
                        inner.close();
                    }
                };
            }
            return stream;
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            if (writer == null) {
                PrintWriter inner = super.getWriter();
                writer = new PrintWriter(new Writer() {
                    @Override
                    public void write(char[] c, int off, int len) {
                        wrote |= len > 0;
                        inner.write(c, off, len);
                    }

                    @Override
                    public void flush() {
                        inner.flush();
                    }

                    @Override
                    public void close() {
                        inner.close();
                    }
                });
            }
            return writer;
        }

        @Override
        public void flushBuffer() throws IOException {
            if (writer != null) {
                writer.flush();
            }
            super.flushBuffer();
        }
    }
}
