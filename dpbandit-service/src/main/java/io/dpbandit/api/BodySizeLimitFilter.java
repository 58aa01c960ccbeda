package io.dpbandit.api;

import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.problem.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a body whose declared Content-Length is over {@code dpbandit.api.max-body-bytes}
 * (default 10 MB) with a 413 before reading it. A body sent without a length (chunked) is limited
 * while it is parsed: the JSON reader stops at the same number of bytes
 * ({@link JsonLimits}), which also answers 413.
 */
@Component
public class BodySizeLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;
    private final ProblemWriter problems;

    public BodySizeLimitFilter(@Value("${dpbandit.api.max-body-bytes:10485760}") long maxBytes,
            ProblemWriter problems) {
        this.maxBytes = maxBytes;
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > maxBytes) {
            problems.write(response, Problems.payloadTooLarge(maxBytes));
            return;
        }
        chain.doFilter(request, response);
    }
}
