package io.dpbandit.bandit;

/** The errors the service layer reports; the api package maps each to its problem type. */
public final class ServiceErrors {

    private ServiceErrors() {
    }

    /** The most of a caller's string that an error repeats (an id is at most 64 characters). */
    static final int QUOTED_LENGTH = 64;

    /**
     * A caller's string as an error repeats it: in single quotes, at most {@value #QUOTED_LENGTH}
     * characters of it, with a quote, a backslash and anything outside printable ASCII written as
     * a backslash-u escape of four hex digits, and a note of how long it was when cut. So a 5 000-character id or one with
     * control characters never comes back whole or raw (an answer or a log line stays readable and
     * cannot be used to inject lines).
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(Math.min(value.length(), QUOTED_LENGTH) + 16).append('\'');
        int n = Math.min(value.length(), QUOTED_LENGTH);
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
                sb.append(c);
            } else {
                sb.append('\\').append('u').append(String.format(java.util.Locale.ROOT, "%04x", (int) c));
            }
        }
        sb.append('\'');
        if (value.length() > QUOTED_LENGTH) {
            sb.append(" (cut; ").append(value.length()).append(" characters)");
        }
        return sb.toString();
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
