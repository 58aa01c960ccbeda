package io.dpbandit.client.kernel;

/** The kernel families the service offers (their definitions: "Kernels" in docs/papers.md). */
public enum KernelType {
    /** exp(-r^2 / (2 l^2)). */
    RBF(true),
    /** Matérn nu = 1/2: exp(-r / l). */
    MATERN12(true),
    /** Matérn nu = 3/2: (1 + sqrt(3) r / l) exp(-sqrt(3) r / l). */
    MATERN32(true),
    /** Matérn nu = 5/2: (1 + sqrt(5) r / l + 5 r^2 / (3 l^2)) exp(-sqrt(5) r / l). */
    MATERN52(true),
    /** x . y, normalised (see {@link Normalisation}). */
    LINEAR(false),
    /** (x . y + c)^d, normalised (see {@link Normalisation}). */
    POLYNOMIAL(false);

    private final boolean stationary;

    KernelType(boolean stationary) {
        this.stationary = stationary;
    }

    /** Whether k depends on r = ||w - w'|| only (then k(w, w) = 1 and the kernel takes a length scale). */
    public boolean stationary() {
        return stationary;
    }
}
