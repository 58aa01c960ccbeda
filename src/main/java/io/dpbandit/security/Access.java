package io.dpbandit.security;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * Bandit scopes: a key may be limited to some bandits. Checked by the controllers once they know
 * the bandit a request is for; a key scoped to other bandits gets the same 403 whether or not the
 * bandit exists.
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

    /** The authenticated caller of the current request. */
    public static ApiPrincipal principal() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth instanceof ApiKeyAuthentication key && key.getPrincipal() != null) {
            return key.getPrincipal();
        }
        throw new Forbidden("no authenticated key");
    }

    public static void requireBandit(String bandit) {
        if (!principal().mayActOn(bandit)) {
            throw new Forbidden("this key may not act on that bandit");
        }
    }
}
