package io.dpbandit.privacy.accounting;

/**
 * The privacy curve of Gaussian releases (composed exactly to one μ) together with pure-ε releases
 * whose PLD is given by atoms: δ(ε) = m_∞ + Σⱼ qⱼ·δ_μ(ε − sⱼ).
 *
 * <p>This is exact, not an approximation: the composed loss is L_G + S with L_G ~ N(μ²/2, μ²)
 * independent of S, so E[(1 − e^(ε − L_G − S))₊] = E_S[δ_μ(ε − S)], and δ_μ is the GDP closed form
 * at any real argument (Dong, Roth &amp; Su 2022, Cor 2.13). δ_μ(ε − s) is non-decreasing in s, so
 * pessimistic atoms (losses rounded up, tail mass at +∞) give an upper bound and optimistic atoms a
 * lower bound. Each δ_μ term is {@link GaussianDp}'s certified bound at the argument ε − sⱼ (formed
 * by one fma, then moved one ulp to the safe side); the masses' error and the summation's γₙ are
 * added on top.
 */
final class GaussianMixture {

    private final double mu;
    private final double unit;
    private final int[] multiple;
    private final double[] mass;
    private final double infinityMass;
    private final double relativeError;
    private final BoundSide side;
    private final double maxLoss;

    private GaussianMixture(double mu, double unit, int[] multiple, double[] mass, double infinityMass,
            double relativeError, BoundSide side) {
        this.mu = mu;
        this.unit = unit;
        this.multiple = multiple;
        this.mass = mass;
        this.infinityMass = infinityMass;
        this.relativeError = relativeError;
        this.side = side;
        this.maxLoss = multiple.length == 0 ? 0.0 : Math.max(0.0, multiple[multiple.length - 1] * unit);
    }

    /** With exact lattice atoms (a homogeneous pure-ε group). */
    static GaussianMixture of(double mu, LossAtoms atoms) {
        return new GaussianMixture(mu, atoms.unit, atoms.multiple, atoms.mass, atoms.infinityMass,
                atoms.relativeError, atoms.side);
    }

    /** With a discretised PLD; its zero entries are skipped. */
    static GaussianMixture of(double mu, DiscretePld pld) {
        int n = pld.nonZero();
        int[] multiple = new int[n];
        double[] mass = new double[n];
        int k = 0;
        for (int i = 0; i < pld.size(); i++) {
            double m = pld.mass(i);
            if (m != 0.0) {
                multiple[k] = pld.firstIndex() + i;
                mass[k] = m;
                k++;
            }
        }
        return new GaussianMixture(mu, pld.step(), multiple, mass, pld.infinityMass(), pld.relativeError(), pld.side());
    }

    int atoms() {
        return multiple.length;
    }

    double delta(double epsilon) {
        boolean upper = side == BoundSide.PESSIMISTIC;
        double sum = 0.0;
        for (int j = 0; j < multiple.length; j++) {
            double x = Math.fma(-(double) multiple[j], unit, epsilon);
            double d = upper ? GaussianDp.deltaUpperBound(mu, StrictMath.nextDown(x))
                    : GaussianDp.deltaLowerBound(mu, StrictMath.nextUp(x));
            sum += mass[j] * d;
        }
        double error = relativeError + Fp.gamma(multiple.length + 4.0);
        if (upper) {
            return Math.min(1.0, Fp.inflate(sum, error) + infinityMass + Fp.UNDERFLOW_SLACK);
        }
        return Fp.deflate(sum, error);
    }

    double epsilon(double delta) {
        double[] b = Solver.smallestFeasible(this::delta, delta, 0.0, maxLoss + mu * mu / 2.0 + mu);
        return side == BoundSide.PESSIMISTIC ? b[1] : b[0];
    }
}
