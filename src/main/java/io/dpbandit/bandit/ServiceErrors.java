package io.dpbandit.bandit;

/** The errors the service layer reports; the api package maps each to its problem type. */
public final class ServiceErrors {

    private ServiceErrors() {
    }

    /** An unknown bandit or decision (404). The message never says more than the id asked for. */
    public static class NotFound extends RuntimeException {
        public NotFound(String message) {
            super(message);
        }
    }

    /** A request that conflicts with what exists, e.g. a bandit id taken with another spec (409). */
    public static class Conflict extends RuntimeException {
        public Conflict(String message) {
            super(message);
        }
    }

    /** A charge that would exceed the privacy budget; nothing was released (409). */
    public static class BudgetExhausted extends RuntimeException {
        public BudgetExhausted(String message) {
            super(message);
        }
    }

    /** The bandit is not in a phase that can serve this yet, e.g. USCA still learning (409). */
    public static class NotReady extends RuntimeException {
        public NotReady(String message) {
            super(message);
        }
    }

    /** The bandit is paused: it makes no new decision until an admin resumes it (409 paused). */
    public static class Paused extends RuntimeException {
        public Paused(String message) {
            super(message);
        }
    }

    /** The bandit is retired, for good: it serves nothing any more (409 retired). */
    public static class Retired extends RuntimeException {
        public Retired(String message) {
            super(message);
        }
    }

    /** Work the service does one at a time is under way; try again later (503, Retry-After). */
    public static class Busy extends RuntimeException {
        private final int retryAfterSeconds;

        public Busy(String message, int retryAfterSeconds) {
            super(message);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public int retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }
}
