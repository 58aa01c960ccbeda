package io.dpbandit.problem;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Writes a {@link ProblemDetail} as application/problem+json with the application's
 * {@link ObjectMapper}, the same serialisation Spring MVC uses for the controllers' errors. For
 * code that answers before a controller runs: the security filter chain, the body-size limit and
 * the error page.
 */
@Component
public class ProblemWriter {

    private final ObjectMapper json;

    public ProblemWriter(ObjectMapper json) {
        this.json = json;
    }

    public void write(HttpServletResponse response, ProblemDetail problem) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        // The request being answered (Spring Boot's RequestContextFilter runs before every filter
        // that writes a problem), so that its timer is tagged with the problem's type.
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes current) {
            ProblemTag.record(current.getRequest(), problem);
        }
        response.resetBuffer();
        response.setStatus(problem.getStatus());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        // Written, not closed: the container ends the response (a body still arriving can then be
        // read and dropped after an early answer).
        byte[] body = json.writeValueAsBytes(problem);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
