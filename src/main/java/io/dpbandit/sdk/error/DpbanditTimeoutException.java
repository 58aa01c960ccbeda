package io.dpbandit.sdk.error;

/** The last attempt's connection or answer did not come within its timeout. */
public class DpbanditTimeoutException extends DpbanditTransportException {

    private static final long serialVersionUID = 1L;

    public DpbanditTimeoutException(String message, int attempts, Throwable cause) {
        super(message, attempts, cause);
    }
}
