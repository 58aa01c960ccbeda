package io.dpbandit.security;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes a problem+json response from a filter (before Spring MVC's error handling applies). */
final class Problem {

    private Problem() {
    }

    static void write(HttpServletResponse response, int status, String type, String title, String detail)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/problem+json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("{\"type\":\"https://dpbandit.io/problems/" + type + "\",\"title\":\"" + title
                + "\",\"status\":" + status + ",\"detail\":\"" + detail.replace("\"", "'") + "\"}");
    }
}
