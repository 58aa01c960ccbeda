package io.dpbandit.sdk.error;

/**
 * No answer came: the connection could not be made or broke, or the answer did not arrive in
 * time, on every attempt the retry policy allowed. Whether the service acted on the request is
 * unknown; every call of the SDK is safe to send again (decisions carry their requestId, feedback
 * is idempotent per decision, creation with the same spec answers the stored bandit).
 */
public class DpbanditTransportException extends DpbanditException {

    private static final long serialVersionUID = 1L;

    private final int attempts;

    public DpbanditTransportException(String message, int attempts, Throwable cause) {
        super(message + " (" + attempts + (attempts == 1 ? " attempt)" : " attempts)"), cause);
        this.attempts = attempts;
    }

    /** How many times the request was sent. */
    public int attempts() {
        return attempts;
    }
}
