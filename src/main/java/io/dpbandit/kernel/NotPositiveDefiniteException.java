package io.dpbandit.kernel;

/** A Cholesky factorisation failed even with the largest jitter its {@link JitterPolicy} allows. */
public class NotPositiveDefiniteException extends ArithmeticException {

    private static final long serialVersionUID = 1L;

    private final double largestJitterTried;

    public NotPositiveDefiniteException(String message, double largestJitterTried) {
        super(message);
        this.largestJitterTried = largestJitterTried;
    }

    /** The largest absolute diagonal jitter that was tried (0 if only the plain factorisation was). */
    public double largestJitterTried() {
        return largestJitterTried;
    }
}
