package io.dpbandit.client.kernel;

import java.io.Serializable;
import java.util.Objects;

/**
 * Serialisable, JSON-friendly description of a kernel: plain record components, so Jackson (or any
 * record-aware mapper) round-trips it, and {@link #toKernel()} builds the kernel it describes.
 *
 * <p>Components that a type does not use must be {@code null}; this catches configuration mistakes
 * such as a length scale given to a linear kernel. The canonical constructor validates and throws
 * {@link IllegalArgumentException} with a message naming the offending parameter.
 *
 * @param type           kernel family; required
 * @param lengthScale    l &gt; 0 for {@link KernelType#RBF} and the Matérn kernels; null otherwise
 * @param degree         d &gt;= 1 for {@link KernelType#POLYNOMIAL}; null otherwise
 * @param offset         c &gt;= 0 for {@link KernelType#POLYNOMIAL}; null otherwise (c &lt; 0 would not
 *                       give a positive semi-definite kernel)
 * @param normalisation  for LINEAR and POLYNOMIAL; null means {@link Normalisation#COSINE}. Must be null
 *                       for stationary kernels, which need none (k(w, w) = 1)
 * @param maxSquaredNorm N &gt; 0, the declared bound on ||w||^2, required with {@link Normalisation#MAX_NORM}
 *                       and null otherwise
 */
public record KernelSpec(
        KernelType type,
        Double lengthScale,
        Integer degree,
        Double offset,
        Normalisation normalisation,
        Double maxSquaredNorm) implements Serializable {

    public KernelSpec {
        if (type == null) {
            throw new IllegalArgumentException("kernel type is required (one of RBF, MATERN12, MATERN32, MATERN52, LINEAR, POLYNOMIAL)");
        }
        if (type.stationary()) {
            if (lengthScale == null || !Double.isFinite(lengthScale) || lengthScale <= 0) {
                throw new IllegalArgumentException(type + " kernel needs a finite lengthScale > 0, got " + lengthScale);
            }
            requireAbsent(type, "degree", degree);
            requireAbsent(type, "offset", offset);
            requireAbsent(type, "normalisation", normalisation);
            requireAbsent(type, "maxSquaredNorm", maxSquaredNorm);
        } else {
            requireAbsent(type, "lengthScale", lengthScale);
            if (type == KernelType.POLYNOMIAL) {
                if (degree == null || degree < 1) {
                    throw new IllegalArgumentException("POLYNOMIAL kernel needs an integer degree >= 1, got " + degree);
                }
                if (offset == null || !Double.isFinite(offset) || offset < 0) {
                    throw new IllegalArgumentException(
                            "POLYNOMIAL kernel needs a finite offset c >= 0 (c < 0 is not positive semi-definite), got " + offset);
                }
            } else {
                requireAbsent(type, "degree", degree);
                requireAbsent(type, "offset", offset);
            }
            if (normalisation == null) {
                normalisation = Normalisation.COSINE;
            }
            if (normalisation == Normalisation.MAX_NORM) {
                if (maxSquaredNorm == null || !Double.isFinite(maxSquaredNorm) || maxSquaredNorm <= 0) {
                    throw new IllegalArgumentException(
                            "MAX_NORM normalisation needs a finite maxSquaredNorm N > 0 (a public bound on ||w||^2), got " + maxSquaredNorm);
                }
            } else {
                requireAbsent(type, "maxSquaredNorm (only used with MAX_NORM normalisation)", maxSquaredNorm);
            }
        }
    }

    private static void requireAbsent(KernelType type, String name, Object value) {
        if (value != null) {
            throw new IllegalArgumentException(type + " kernel does not take " + name + "; remove it (got " + value + ")");
        }
    }

    /** RBF exp(-r^2 / (2 l^2)). */
    public static KernelSpec rbf(double lengthScale) {
        return new KernelSpec(KernelType.RBF, lengthScale, null, null, null, null);
    }

    /** Matérn nu = 1/2. */
    public static KernelSpec matern12(double lengthScale) {
        return new KernelSpec(KernelType.MATERN12, lengthScale, null, null, null, null);
    }

    /** Matérn nu = 3/2. */
    public static KernelSpec matern32(double lengthScale) {
        return new KernelSpec(KernelType.MATERN32, lengthScale, null, null, null, null);
    }

    /** Matérn nu = 5/2. */
    public static KernelSpec matern52(double lengthScale) {
        return new KernelSpec(KernelType.MATERN52, lengthScale, null, null, null, null);
    }

    /** Cosine-normalised linear kernel x.y / (||x|| ||y||). */
    public static KernelSpec linear() {
        return new KernelSpec(KernelType.LINEAR, null, null, null, Normalisation.COSINE, null);
    }

    /** Linear kernel x.y / N, bounded by 1 only where ||w||^2 &lt;= N. */
    public static KernelSpec linearMaxNorm(double maxSquaredNorm) {
        return new KernelSpec(KernelType.LINEAR, null, null, null, Normalisation.MAX_NORM, maxSquaredNorm);
    }

    /** Cosine-normalised polynomial kernel (x.y + c)^d / sqrt((x.x + c)^d (y.y + c)^d). */
    public static KernelSpec polynomial(int degree, double offset) {
        return new KernelSpec(KernelType.POLYNOMIAL, null, degree, offset, Normalisation.COSINE, null);
    }

    /** Polynomial kernel (x.y + c)^d / (N + c)^d, bounded by 1 only where ||w||^2 &lt;= N. */
    public static KernelSpec polynomialMaxNorm(int degree, double offset, double maxSquaredNorm) {
        return new KernelSpec(KernelType.POLYNOMIAL, null, degree, offset, Normalisation.MAX_NORM, maxSquaredNorm);
    }

    /** Builds the kernel this specification describes. */
    public Kernel toKernel() {
        return switch (type) {
            case RBF -> new RbfKernel(this);
            case MATERN12 -> new Matern12Kernel(this);
            case MATERN32 -> new Matern32Kernel(this);
            case MATERN52 -> new Matern52Kernel(this);
            case LINEAR -> new LinearKernel(this);
            case POLYNOMIAL -> new PolynomialKernel(this);
        };
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(type.name());
        if (lengthScale != null) {
            s.append("(lengthScale=").append(lengthScale).append(')');
        } else {
            s.append('(');
            if (degree != null) {
                s.append("degree=").append(degree).append(", offset=").append(offset).append(", ");
            }
            s.append(Objects.requireNonNull(normalisation));
            if (maxSquaredNorm != null) {
                s.append(", N=").append(maxSquaredNorm);
            }
            s.append(')');
        }
        return s.toString();
    }
}
