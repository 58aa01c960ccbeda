package io.dpbandit.privacy.accounting;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * The exact (ε, δ) accountant for a list of mechanisms whose parameters are fixed in advance: it
 * composes their privacy loss distributions (Dong, Roth &amp; Su 2022, Cor 3.3 for the Gaussian part;
 * Kairouz, Oh &amp; Viswanath 2015, Thm 3.3 and Murtagh &amp; Vadhan 2016 for identical pure-ε
 * mechanisms; Meiser &amp; Mohammadi 2018 and Koskela, Jälkö &amp; Honkela 2020 for discretised PLDs)
 * and reports upper bounds that include every rounding error.
 *
 * <p>The route ({@link Route}) is the tightest available for the list:
 * <ul>
 *   <li>Gaussians only: the GDP closed form at μ = √Σμᵢ² ({@link GaussianDp}).</li>
 *   <li>One group of identical pure-ε mechanisms ({@link Mechanism.PureDp},
 *       {@link Mechanism.BoundedRange} as pure ε-DP, or K-ary {@link Mechanism.RandomizedResponse}):
 *       their exact atoms (the binomial closed form), with the Gaussian part mixed in exactly
 *       ({@link GaussianMixture}) if there is one.</li>
 *   <li>A single Laplace mechanism: its closed form ({@link LaplacePld}).</li>
 *   <li>Anything else: the pure part discretised ({@link DiscretePld}, pessimistic) on a grid
 *       chosen by {@link PldGrid}, composed by direct convolution (two halves, whose composition is
 *       evaluated without being formed); with Gaussians, the Gaussian closed form is mixed over the
 *       pure part's PMF.</li>
 * </ul>
 * Binomial tails below 10⁻⁴⁰ of the mode's mass are lumped pessimistically (lower tail onto the
 * lowest atom kept, upper tail to +∞) when the atoms are mixed with a Gaussian or discretised;
 * that changes δ by at most about 10⁻⁴⁰ per group.
 *
 * <p>Everything is StrictMath with fixed iteration rules, so results are the same doubles on every
 * machine. Not for parameters chosen adaptively from earlier outputs: that needs a filter
 * ({@link GaussianDpFilter}, {@link ZcdpFilter}).
 */
public final class ExactAccountant implements PrivacyLossAccountant {

    /** How a list is accounted. */
    public enum Route {
        /** Nothing releases information: δ(ε) = 0 for every ε ≥ 0. */
        NONE,
        /** Gaussian releases only: the GDP closed form at μ = √Σμᵢ². */
        GAUSSIAN,
        /** One group of identical pure-ε (or K-ary randomized response) releases: exact atoms. */
        PURE_ATOMS,
        /** A single Laplace release: its closed form. */
        LAPLACE,
        /** Gaussian releases plus one group of identical pure-ε releases: the exact mixture. */
        GAUSSIAN_AND_PURE_ATOMS,
        /** Pure releases of several kinds, or a Laplace composition: a discretised PLD. */
        DISCRETISED,
        /** Gaussian releases plus a discretised pure part: the Gaussian mixed over its PMF. */
        GAUSSIAN_AND_DISCRETISED
    }

    /** Binomial tails below this fraction of the mode's term are lumped (mixtures, discretisation). */
    static final double TAIL_CUT = 1e-40;

    private final PldGrid grid;

    /** With the production grid {@link PldGrid#DEFAULT}. */
    public ExactAccountant() {
        this(PldGrid.DEFAULT);
    }

    public ExactAccountant(PldGrid grid) {
        this.grid = Objects.requireNonNull(grid, "grid");
    }

    /**
     * The list's curve, prepared for repeated queries (the discretisation and convolutions are done
     * here, once).
     */
    public PrivacyCurve curve(List<? extends Mechanism> mechanisms) {
        Analysis a = Analysis.of(mechanisms);
        return new PrivacyCurve(a.route(), side(a, BoundSide.PESSIMISTIC), () -> side(a, BoundSide.OPTIMISTIC));
    }

    @Override
    public double delta(List<? extends Mechanism> mechanisms, double epsilon) {
        return curve(mechanisms).delta(epsilon);
    }

    @Override
    public double epsilon(List<? extends Mechanism> mechanisms, double delta) {
        return curve(mechanisms).epsilon(delta);
    }

    /** [optimistic, pessimistic] bounds on δ at ε: the exact value lies inside. */
    public Interval deltaBounds(List<? extends Mechanism> mechanisms, double epsilon) {
        return curve(mechanisms).deltaBounds(epsilon);
    }

    /** [optimistic, pessimistic] bounds on ε at δ: the exact value lies inside. */
    public Interval epsilonBounds(List<? extends Mechanism> mechanisms, double delta) {
        return curve(mechanisms).epsilonBounds(delta);
    }

    /** The route this accountant takes for the list. */
    public Route route(List<? extends Mechanism> mechanisms) {
        return Analysis.of(mechanisms).route();
    }

    /** The grid step h a discretised route would use for the list, NaN on the other routes. */
    public double gridStep(List<? extends Mechanism> mechanisms) {
        Analysis a = Analysis.of(mechanisms);
        Route r = a.route();
        if (r != Route.DISCRETISED && r != Route.GAUSSIAN_AND_DISCRETISED) {
            return Double.NaN;
        }
        return chooseStep(pieces(a), a.mu(BoundSide.PESSIMISTIC) > 0);
    }

    // ---------------------------------------------------------------------------------------------

    /** The list, split into the Gaussian μ's and groups of identical pure mechanisms. */
    private record Analysis(double[] mus, Map<Mechanism, Integer> groups) {

        static Analysis of(List<? extends Mechanism> mechanisms) {
            Objects.requireNonNull(mechanisms, "mechanisms");
            List<Double> mus = new ArrayList<>();
            Map<Mechanism, Integer> groups = new LinkedHashMap<>();
            for (Mechanism m : mechanisms) {
                Objects.requireNonNull(m, "mechanism");
                Mechanism key = null;
                if (m instanceof Mechanism.Gaussian g) {
                    if (g.mu() > 0) {
                        mus.add(g.mu());
                    }
                } else if (m instanceof Mechanism.PureDp p) {
                    key = p.epsilon() > 0 ? p : null;
                } else if (m instanceof Mechanism.BoundedRange b) {
                    // ε-BR is ε-DP; the worst case of ε-DP is binary randomized response.
                    key = b.epsilon() > 0 ? new Mechanism.PureDp(b.epsilon()) : null;
                } else if (m instanceof Mechanism.RandomizedResponse r) {
                    if (r.epsilon() > 0) {
                        key = r.outcomes() == 2 ? new Mechanism.PureDp(r.epsilon()) : r;
                    }
                } else if (m instanceof Mechanism.Laplace l) {
                    key = l;
                }
                if (key != null) {
                    groups.merge(key, 1, Integer::sum);
                }
            }
            double[] array = new double[mus.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = mus.get(i);
            }
            return new Analysis(array, groups);
        }

        double mu(BoundSide side) {
            if (mus.length == 0) {
                return 0.0;
            }
            return side == BoundSide.PESSIMISTIC ? GaussianDp.compose(mus) : GaussianDp.composeLower(mus);
        }

        Route route() {
            boolean gaussian = mus.length > 0;
            if (groups.isEmpty()) {
                return gaussian ? Route.GAUSSIAN : Route.NONE;
            }
            if (groups.size() == 1) {
                Map.Entry<Mechanism, Integer> e = groups.entrySet().iterator().next();
                if (!(e.getKey() instanceof Mechanism.Laplace)) {
                    return gaussian ? Route.GAUSSIAN_AND_PURE_ATOMS : Route.PURE_ATOMS;
                }
                if (!gaussian && e.getValue() == 1) {
                    return Route.LAPLACE;
                }
            }
            return gaussian ? Route.GAUSSIAN_AND_DISCRETISED : Route.DISCRETISED;
        }
    }

    private PrivacyCurve.Side side(Analysis a, BoundSide side) {
        boolean upper = side == BoundSide.PESSIMISTIC;
        double mu = a.mu(side);
        Route route = a.route();
        switch (route) {
            case NONE:
                return new PrivacyCurve.Side(e -> GaussianDp.delta(0.0, e), d -> 0.0);
            case GAUSSIAN:
                if (upper) {
                    return new PrivacyCurve.Side(e -> GaussianDp.deltaUpperBound(mu, e), d -> GaussianDp.epsilon(mu, d));
                }
                return new PrivacyCurve.Side(e -> GaussianDp.deltaLowerBound(mu, e),
                        d -> Solver.smallestFeasible(e -> GaussianDp.deltaLowerBound(mu, e), d, 0.0, mu * mu / 2 + mu)[0]);
            case LAPLACE: {
                double eps0 = ((Mechanism.Laplace) a.groups.keySet().iterator().next()).epsilon0();
                if (upper) {
                    return new PrivacyCurve.Side(e -> LaplacePld.deltaUpperBound(eps0, e), d -> LaplacePld.epsilon(eps0, d));
                }
                DoubleUnaryOperator lower = e -> Fp.deflate(LaplacePld.delta(eps0, e), 8 * Fp.U * (1 + Math.abs(e) + eps0));
                return new PrivacyCurve.Side(lower, d -> Solver.smallestFeasible(lower, d, 0.0, eps0)[0]);
            }
            case PURE_ATOMS:
            case GAUSSIAN_AND_PURE_ATOMS: {
                Map.Entry<Mechanism, Integer> g = a.groups.entrySet().iterator().next();
                double cut = mu > 0 ? TAIL_CUT : LossAtoms.FULL_CUT;
                LossAtoms atoms = atoms(g.getKey(), g.getValue(), side, cut);
                if (mu == 0) {
                    return new PrivacyCurve.Side(atoms::delta, atoms::epsilon);
                }
                GaussianMixture mixture = GaussianMixture.of(mu, atoms);
                return new PrivacyCurve.Side(mixture::delta, mixture::epsilon);
            }
            default:
                return discretised(a, mu, side);
        }
    }

    private static LossAtoms atoms(Mechanism m, int count, BoundSide side, double cut) {
        if (m instanceof Mechanism.PureDp p) {
            return LossAtoms.pureDp(count, p.epsilon(), side, cut);
        }
        Mechanism.RandomizedResponse r = (Mechanism.RandomizedResponse) m;
        return LossAtoms.randomizedResponse(r.outcomes(), r.epsilon(), count, side);
    }

    // ------------------------------------------------------------------ the discretised route

    /** A factor of the pure part, built on a grid; estimates drive the choice of the grid. */
    private abstract static class Piece {
        abstract long points(double h);

        abstract long nonZero(double h);

        abstract double buildCost(double h);

        abstract DiscretePld build(double h, BoundSide side);

        /** The largest |loss| of the piece's support. */
        abstract double maxAbsLoss();
    }

    /** Laplace(ε₀)^count, by repeated squaring, or as base·Laplace when it extends another piece. */
    private static final class LaplacePower extends Piece {
        private final double epsilon0;
        private final int count;
        private final LaplacePower base;
        private DiscretePld built;
        private double builtStep;
        private BoundSide builtSide;

        LaplacePower(double epsilon0, int count, LaplacePower base) {
            this.epsilon0 = epsilon0;
            this.count = count;
            this.base = base;
        }

        private long single(double h) {
            return (long) (StrictMath.ceil(epsilon0 / h) - StrictMath.ceil(-epsilon0 / h)) + 1;
        }

        @Override
        long points(double h) {
            return count * (single(h) - 1) + 1;
        }

        @Override
        long nonZero(double h) {
            return points(h);
        }

        @Override
        double buildCost(double h) {
            double n1 = single(h);
            if (base != null) {
                return base.count == count ? 0.0 : base.points(h) * n1;
            }
            double cost = 0;
            double result = 0;
            double b = n1;
            for (int k = count; ; ) {
                if ((k & 1) != 0) {
                    if (result == 0) {
                        result = b;
                    } else {
                        cost += result * b;
                        result += b - 1;
                    }
                }
                k >>>= 1;
                if (k == 0) {
                    return cost;
                }
                cost += b * b;
                b = 2 * b - 1;
            }
        }

        @Override
        double maxAbsLoss() {
            return count * epsilon0;
        }

        @Override
        DiscretePld build(double h, BoundSide side) {
            if (built != null && builtStep == h && builtSide == side) {
                return built;
            }
            DiscretePld single = DiscretePld.laplace(epsilon0, h, side);
            DiscretePld result;
            if (base == null) {
                result = single.compose(count);
            } else {
                DiscretePld b = base.build(h, side);
                result = base.count == count ? b : b.compose(single);
            }
            built = result;
            builtStep = h;
            builtSide = side;
            return result;
        }
    }

    /** A group of identical lattice mechanisms (pure ε-DP, K-ary randomized response): exact atoms. */
    private static final class AtomGroup extends Piece {
        private final Mechanism mechanism;
        private final int count;
        private final double span;
        private final double maxAbsLoss;
        private final int atoms;

        AtomGroup(Mechanism mechanism, int count) {
            this.mechanism = mechanism;
            this.count = count;
            LossAtoms a = ExactAccountant.atoms(mechanism, count, BoundSide.PESSIMISTIC, TAIL_CUT);
            this.span = (a.multiple[a.multiple.length - 1] - (double) a.multiple[0]) * a.unit;
            this.maxAbsLoss = Math.max(Math.abs((double) a.multiple[0]), Math.abs((double) a.multiple[a.multiple.length - 1])) * a.unit;
            this.atoms = a.multiple.length;
        }

        @Override
        double maxAbsLoss() {
            return maxAbsLoss;
        }

        @Override
        long points(double h) {
            return (long) StrictMath.ceil(span / h) + 2;
        }

        @Override
        long nonZero(double h) {
            return Math.min(atoms, points(h));
        }

        @Override
        double buildCost(double h) {
            return atoms;
        }

        @Override
        DiscretePld build(double h, BoundSide side) {
            return DiscretePld.fromAtoms(ExactAccountant.atoms(mechanism, count, side, TAIL_CUT), h);
        }
    }

    private static List<Piece> pieces(Analysis a) {
        List<Piece> pieces = new ArrayList<>();
        for (Map.Entry<Mechanism, Integer> g : a.groups.entrySet()) {
            int count = g.getValue();
            if (g.getKey() instanceof Mechanism.Laplace l) {
                // Two halves of the group, the second built from the first (equal, or one more).
                int m = count / 2;
                if (m == 0) {
                    pieces.add(new LaplacePower(l.epsilon0(), 1, null));
                } else {
                    LaplacePower first = new LaplacePower(l.epsilon0(), m, null);
                    pieces.add(first);
                    pieces.add(new LaplacePower(l.epsilon0(), count - m, first));
                }
            } else {
                pieces.add(new AtomGroup(g.getKey(), count));
            }
        }
        return pieces;
    }

    /** Assigns pieces to two halves (largest first, each to the lighter half) on the grid h. */
    private static List<List<Piece>> halves(List<Piece> pieces, double h) {
        List<Piece> sorted = new ArrayList<>(pieces);
        sorted.sort((x, y) -> Long.compare(y.points(h), x.points(h)));
        List<List<Piece>> halves = List.of(new ArrayList<>(), new ArrayList<>());
        long[] load = new long[2];
        for (Piece p : sorted) {
            int side = load[0] <= load[1] ? 0 : 1;
            halves.get(side).add(p);
            load[side] += p.points(h);
        }
        return halves;
    }

    /**
     * Planned multiply-adds on the grid h (+∞ if a PLD would exceed {@link DiscretePld#MAX_POINTS}
     * points or reach an index beyond {@link DiscretePld#MAX_INDEX}).
     */
    private static double cost(List<Piece> pieces, double h, boolean full) {
        double reach = 0;
        for (Piece p : pieces) {
            reach += p.maxAbsLoss();
        }
        if (reach / h + 2 > DiscretePld.MAX_INDEX) {
            return Double.POSITIVE_INFINITY;
        }
        double cost = 0;
        double[] len = new double[2];
        double[] nnz = new double[2];
        List<List<Piece>> halves = halves(pieces, h);
        for (int s = 0; s < 2; s++) {
            for (Piece p : halves.get(s)) {
                double pl = p.points(h);
                double pn = p.nonZero(h);
                if (pl > DiscretePld.MAX_POINTS) {
                    return Double.POSITIVE_INFINITY;
                }
                cost += p.buildCost(h);
                if (len[s] == 0) {
                    len[s] = pl;
                    nnz[s] = pn;
                } else {
                    cost += nnz[s] <= pn ? nnz[s] * pl : pn * len[s];
                    len[s] += pl - 1;
                    nnz[s] = Math.min(len[s], nnz[s] * pn);
                }
                if (len[s] > DiscretePld.MAX_POINTS) {
                    return Double.POSITIVE_INFINITY;
                }
            }
        }
        if (full && len[1] > 0) {
            cost += Math.min(nnz[0], nnz[1]) * Math.max(len[0], len[1]);
            if (len[0] + len[1] > DiscretePld.MAX_POINTS) {
                return Double.POSITIVE_INFINITY;
            }
        }
        return cost;
    }

    private double chooseStep(List<Piece> pieces, boolean full) {
        for (int e = grid.finestExponent(); e < 40; e++) {
            double h = StrictMath.scalb(1.0, e);
            if (cost(pieces, h, full) <= grid.convolutionBudget()) {
                return h;
            }
        }
        return StrictMath.scalb(1.0, 40);
    }

    private PrivacyCurve.Side discretised(Analysis a, double mu, BoundSide side) {
        List<Piece> pieces = pieces(a);
        boolean full = mu > 0;
        double h = chooseStep(pieces, full);
        DiscretePld[] half = new DiscretePld[2];
        List<List<Piece>> halves = halves(pieces, h);
        for (int s = 0; s < 2; s++) {
            for (Piece p : halves.get(s)) {
                DiscretePld d = p.build(h, side);
                half[s] = half[s] == null ? d : half[s].compose(d);
            }
        }
        if (!full) {
            DiscretePld first = half[1] == null || half[0].size() <= half[1].size() ? half[0] : half[1];
            DiscretePld second = first == half[0] ? half[1] : half[0];
            if (second == null) {
                return new PrivacyCurve.Side(first::delta, first::epsilon);
            }
            return new PrivacyCurve.Side(e -> DiscretePld.delta(first, second, e), d -> DiscretePld.epsilon(first, second, d));
        }
        DiscretePld pure = half[1] == null ? half[0] : half[0].compose(half[1]);
        int factor = 1;
        while ((long) pure.size() > (long) grid.maxMixtureAtoms() * factor && factor < (1 << 30)) {
            factor *= 2;
        }
        GaussianMixture mixture = GaussianMixture.of(mu, pure.coarsen(factor));
        return new PrivacyCurve.Side(mixture::delta, mixture::epsilon);
    }

}
