package io.dpbandit.sdk.error;

/**
 * A successful answer whose body this SDK could not read as the documented type (a proxy's page
 * in place of the service's JSON, or a field out of its documented range).
 */
public class DpbanditResponseException extends DpbanditException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public DpbanditResponseException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status of the answer that could not be read. */
    public int status() {
        return status;
    }
}
