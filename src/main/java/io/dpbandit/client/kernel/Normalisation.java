package io.dpbandit.client.kernel;

/**
 * How a linear or polynomial kernel p(x, y) is scaled so that k(w, w) &lt;= 1 ("Kernels", docs/papers.md).
 */
public enum Normalisation {
    /**
     * k(x, y) = p(x, y) / sqrt(p(x, x) p(y, y)): the kernel of the unit-normalised feature map, so
     * k(w, w) = 1 and |k| &lt;= 1 for <em>every</em> finite input (Cauchy-Schwarz). The default, because
     * the sensitivity bounds need k(w, w) &lt;= 1 for whatever contexts users send.
     *
     * <p>Where p(x, x) = 0 (the zero vector, possible only when the offset c is 0) the feature map is
     * undefined; we map such a point to a unit vector orthogonal to every other feature vector, so
     * k(0, 0) = 1 and k(0, y) = 0 for y != 0. This keeps k(w, w) = 1 everywhere and the kernel positive
     * semi-definite (it is still an inner product of unit feature vectors).
     */
    COSINE,
    /**
     * k(x, y) = x . y / N and (x . y + c)^d / (N + c)^d, with N a declared public bound on ||w||^2
     * (kernels.json {@code linear_maxnorm}, {@code poly2_maxnorm}). Inputs are projected onto the
     * declared domain ||w||^2 &lt;= N before the kernel is evaluated (a point outside is scaled to the
     * boundary), so |k| &lt;= 1 and k(w, w) &lt;= 1 hold for <em>every</em> finite input: a huge user
     * context can neither overflow k(w, w) (to Infinity or NaN, which would slip through every
     * privacy bound) nor inflate it. Inside the domain the kernel is exactly x . y / N. N must be a
     * fixed public constant, never computed from user data.
     */
    MAX_NORM
}
