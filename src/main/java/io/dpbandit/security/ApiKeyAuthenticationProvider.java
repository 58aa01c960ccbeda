package io.dpbandit.security;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;

/** Checks a presented key against the configured hashes ({@link ApiKeys}, by its SHA-256). */
final class ApiKeyAuthenticationProvider implements AuthenticationProvider {

    private final ApiKeys keys;

    ApiKeyAuthenticationProvider(ApiKeys keys) {
        this.keys = keys;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String presented = ((ApiKeyAuthentication) authentication).presentedKey();
        return keys.authenticate(presented).map(ApiKeyAuthentication::authenticated)
                .orElseThrow(() -> new BadCredentialsException("unknown API key"));
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return ApiKeyAuthentication.class.isAssignableFrom(authentication);
    }
}
