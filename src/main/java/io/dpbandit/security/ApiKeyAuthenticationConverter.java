package io.dpbandit.security;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Reads the presented API key from {@code Authorization: Bearer <key>} or {@code X-API-Key: <key>}.
 * No key at all gives null, so the request continues anonymously and authorization decides (health
 * and the API documents are open; everything else answers 401).
 */
final class ApiKeyAuthenticationConverter implements AuthenticationConverter {

    @Override
    public Authentication convert(HttpServletRequest request) {
        String auth = request.getHeader("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return ApiKeyAuthentication.unauthenticated(auth.substring(7).trim());
        }
        String key = request.getHeader("X-API-Key");
        return key == null ? null : ApiKeyAuthentication.unauthenticated(key);
    }
}
