package io.dpbandit.api;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/** Refuses bodies over {@code dpbandit.api.max-body-bytes} (default 10 MB) with a 413 problem. */
@Component
public class BodySizeLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;

    public BodySizeLimitFilter(@Value("${dpbandit.api.max-body-bytes:10485760}") long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        if (length > maxBytes) {
            response.setStatus(413);
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            response.getWriter().write("{\"type\":\"" + Problems.BASE + "payload-too-large\",\"title\":"
                    + "\"Payload too large\",\"status\":413,\"detail\":\"the body may be at most " + maxBytes
                    + " bytes\"}");
            return;
        }
        chain.doFilter(request, response);
    }
}
