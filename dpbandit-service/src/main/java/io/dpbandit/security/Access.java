package io.dpbandit.security;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Bandit scopes, checked by controllers once they know the bandit. A key scoped to other bandits
 * gets the same 403 whether or not the bandit exists.
 */
public final class Access {

    private Access() {
    }

    /** Thrown when a key may not act on a bandit; mapped to 403. */
    public static class Forbidden extends RuntimeException {
        public Forbidden(String message) {
            super(message);
        }
    }

    public static ApiPrincipal principal(HttpServletRequest request) {
        Object p = request.getAttribute(ApiKeyFilter.PRINCIPAL);
        if (p instanceof ApiPrincipal principal) {
            return principal;
        }
        throw new Forbidden("no authenticated key");
    }

    public static void requireBandit(HttpServletRequest request, String bandit) {
        if (!principal(request).mayActOn(bandit)) {
            throw new Forbidden("this key may not act on that bandit");
        }
    }
}
