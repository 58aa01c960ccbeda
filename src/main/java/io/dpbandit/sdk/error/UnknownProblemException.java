package io.dpbandit.sdk.error;

/**
 * A problem of a type this SDK does not know: a kind added to the service after this SDK was
 * built, the service's catch-all {@code http-<status>} for a status nothing more specific covers,
 * or an error answer that was not the service's problem+json at all (a proxy's 502 page: then
 * {@link #type()} is null and {@link #detail()} says what came). {@link #status()} still tells a
 * client error from a server error.
 */
public class UnknownProblemException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    public UnknownProblemException(Problem problem) {
        super(problem);
    }
}
