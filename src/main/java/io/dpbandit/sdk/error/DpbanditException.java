package io.dpbandit.sdk.error;

/**
 * Everything the SDK throws for a call that did not succeed: the service's answer was a problem
 * ({@link DpbanditProblemException}), no answer came ({@link DpbanditTransportException}), or an
 * answer could not be read ({@link DpbanditResponseException}). Unchecked.
 */
public abstract class DpbanditException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    protected DpbanditException(String message, Throwable cause) {
        super(message, cause);
    }
}
