package io.dpbandit.security;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * An API-key {@link org.springframework.security.core.Authentication}. Before authentication it
 * carries the presented key (never logged: {@link #toString} omits it); after, the
 * {@link ApiPrincipal} and one {@code ROLE_*} authority per role of the key.
 */
public final class ApiKeyAuthentication extends AbstractAuthenticationToken {

    private final transient String presentedKey;
    private final ApiPrincipal principal;

    private ApiKeyAuthentication(String presentedKey, ApiPrincipal principal,
            Collection<? extends GrantedAuthority> authorities) {
        super(authorities);
        this.presentedKey = presentedKey;
        this.principal = principal;
        setAuthenticated(principal != null);
    }

    /** A key as presented, not yet checked. */
    public static ApiKeyAuthentication unauthenticated(String presentedKey) {
        return new ApiKeyAuthentication(presentedKey, null, List.of());
    }

    /** A checked key: its principal and one authority per role. */
    public static ApiKeyAuthentication authenticated(ApiPrincipal principal) {
        return new ApiKeyAuthentication(null, principal, principal.roles().stream()
                .map(r -> new SimpleGrantedAuthority("ROLE_" + r.name().toUpperCase(Locale.ROOT))).toList());
    }

    String presentedKey() {
        return presentedKey;
    }

    @Override
    public Object getCredentials() {
        return null;
    }

    @Override
    public ApiPrincipal getPrincipal() {
        return principal;
    }

    @Override
    public String getName() {
        return principal == null ? "" : principal.name();
    }

    @Override
    public void eraseCredentials() {
        // The presented key is only ever held by the unauthenticated token, which is discarded.
    }

    @Override
    public String toString() {
        return "ApiKeyAuthentication[" + (principal == null ? "unauthenticated" : principal.name()) + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApiKeyAuthentication other && super.equals(other);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
