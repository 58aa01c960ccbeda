package io.dpbandit.api;

import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.problem.Problems;
import io.dpbandit.validation.StorableStringDeserializer;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collections;
import java.util.Enumeration;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Checks of a request's head that need nothing but the head, made before authentication, body,
 * handler or transaction: a Content-Type that is not one concrete media type (a wildcard such as
 * {@code *}{@code /*} or {@code application/*}, or one that does not parse) is a 415, as is a
 * Content-Encoding other than identity (with Accept-Encoding: identity); a query
 * string whose decoded names or values hold a control character (NUL among them, which PostgreSQL
 * cannot store) or an unpaired surrogate, or a malformed escape, is a 400; an empty Accept is read
 * as none. Only the query string is read, never the body.
 */
final class RequestChecksFilter extends OncePerRequestFilter {

    private final ProblemWriter problems;

    RequestChecksFilter(ProblemWriter problems) {
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String contentType = request.getContentType();
        if (contentType != null && !concrete(contentType)) {
            problems.write(response, Problems.of(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
                    "Unsupported media type", "Content-Type must name one media type, e.g. application/json; "
                            + "wildcards and malformed types are refused"));
            return;
        }
        String encoding = request.getHeader(HttpHeaders.CONTENT_ENCODING);
        boolean body = request.getContentLengthLong() > 0 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
        if (body && encoding != null && !encoding.isBlank() && !"identity".equalsIgnoreCase(encoding.trim())) {
            // RFC 9110 §15.5.16: a content coding the server does not read is a 415, and the answer
            // names the codings it accepts. A gzip body was read as JSON ("not valid JSON") and
            // "br" on plain JSON was accepted as if the header were not there.
            response.setHeader(HttpHeaders.ACCEPT_ENCODING, "identity");
            problems.write(response, Problems.of(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
                    "Unsupported media type", "Content-Encoding must be identity (or absent): bodies are read "
                            + "as they are sent, never decompressed"));
            return;
        }
        String query = request.getQueryString();
        if (query != null && !storableQuery(query)) {
            problems.write(response, Problems.of(HttpStatus.BAD_REQUEST, "validation", "Invalid request",
                    "a query parameter holds a control character, an unpaired surrogate or a malformed escape"));
            return;
        }
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        chain.doFilter(accept != null && accept.isBlank() ? new WithoutAccept(request) : request, response);
    }

    /**
     * An empty Accept header read as none (any type), as RFC 9110 reads a missing one: some
     * endpoints (Actuator's Prometheus scrape) fail on an empty list of acceptable types.
     */
    static final class WithoutAccept extends HttpServletRequestWrapper {

        WithoutAccept(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getHeader(String name) {
            return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return HttpHeaders.ACCEPT.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(Collections.list(super.getHeaderNames()).stream()
                    .filter(n -> !HttpHeaders.ACCEPT.equalsIgnoreCase(n)).toList());
        }
    }

    static boolean concrete(String contentType) {
        if (contentType.isBlank()) {
            return false;
        }
        try {
            MediaType type = MediaType.parseMediaType(contentType);
            return !type.isWildcardType() && !type.isWildcardSubtype();
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    static boolean storableQuery(String query) {
        for (String part : query.split("&", -1)) {
            String decoded;
            try {
                decoded = URLDecoder.decode(part, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return false;
            }
            if (!StorableStringDeserializer.storable(decoded) || decoded.chars().anyMatch(Character::isISOControl)
                    || decoded.indexOf('\uFFFD') >= 0) {
                return false;
            }
        }
        return true;
    }
}
