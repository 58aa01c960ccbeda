package io.dpbandit.privacy;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.ZcdpCost;

import io.dpbandit.client.privacy.Checks;

import java.util.Optional;

/**
 * The calibration of a {@link TreeMechanism}: how much noise each node gets so that the whole stream
 * of prefix releases over a horizon of n leaves is (ε, δ)-DP with respect to replacing one row a
 * (‖a‖ ≤ L̃) that enters one leaf (Shariff &amp; Sheffet 2018, §4 and App. A.2; "the paper" below).
 *
 * <p>The composition argument shared by every method: each row enters exactly one leaf, and each
 * leaf lies in exactly one node per level, so replacing a row changes at most m = ⌈log₂ n⌉ + 1 node
 * values; every prefix is a sum of node values (and data-independent padding), so all
 * releases are post-processing of the m node releases the row touches plus releases it does not
 * touch. Adaptivity (later rows chosen from earlier releases, as in a bandit) is covered by every
 * composition theorem used below.
 *
 * <ul>
 *   <li><b>GAUSSIAN / PAPER</b> (the paper's §4.2): per node ε₀ = ε/√(8m ln(2/δ)), δ₀ = δ/2, classical
 *       mechanism in the paper's form (App. A.1) σ² = 2Δ² ln(2/δ₀)/ε₀² with Δ = L̃², bounded as
 *       printed: σ² = 16 m L̃⁴ ln(4/δ)²/ε². Classical calibration needs ε₀ &lt; 1 (Dwork &amp; Roth
 *       Thm A.1) and is refused above. Composition by zCDP (paper footnote 5): each node is
 *       ρ₀ = Δ²/(2σ²)-zCDP, m nodes are mρ₀-zCDP, hence (mρ₀ + 2√(mρ₀ ln(1/δ)), δ)-DP (Bun &amp;
 *       Steinke Prop 1.3); {@link #calibrate} checks that this ε is ≤ ε.</li>
 *   <li><b>GAUSSIAN / ANALYTIC</b> [engineering]: per node (ε₀, δ₀) with the paper's generic split of
 *       App. A.2, ε₀ = ε/√(8m ln(2/δ)), δ₀ = δ/(2m), and σ from Balle &amp; Wang's exact profile
 *       ({@link GaussianCalibrator#analyticSigma}). Composition: advanced composition with δ' = δ/2
 *       gives (√(2m ln(2/δ))·ε₀ + m ε₀(e^{ε₀} − 1), δ); the zCDP bound of the resulting σ is also
 *       computed, and the smaller ε must be ≤ ε. (Not δ₀ = δ/2 as for PAPER: the paper's per-node
 *       "(ε₀, δ/2)" for Gaussian noise is not a composable per-node budget, it only holds through
 *       zCDP for the much larger classical σ. An exact per-node σ at (ε₀, δ/2) composes, at the
 *       paper's experiment parameters (d = 5, n = 5·10⁷, ε = 1, δ = 0.1), to ε ≈ 2.25 instead of 1.)</li>
 *   <li><b>GAUSSIAN / ANALYTIC_TREE</b> [engineering]: the m node releases a row touches are, given
 *       the past, Gaussian mechanisms with sensitivity Δ and noise σ, i.e. Δ/σ-GDP each; their
 *       adaptive composition is √m·Δ/σ-GDP (Dong, Roth &amp; Su 2022, "Gaussian differential
 *       privacy", Cor 3.3), and μ-GDP is exactly Balle &amp; Wang's (ε, δ(ε)) profile (their
 *       Cor 2.13). So σ = analyticSigma(√m·Δ, ε, δ) gives (ε, δ) exactly, with no split.</li>
 *   <li><b>WISHART / PAPER</b> (the paper's §4.1): per node ε₀ = ε/√(8m ln(2/δ)), δ₀ = δ/(2m), which needs
 *       ε₀ &lt; 1 and δ₀ &lt; 1/e (paper Thm 23); k = D + ⌈224 m ε⁻² ln(8m/δ) ln(2/δ)⌉ (paper §4.1,
 *       from k₀ ≥ D + 28 ε₀⁻² ln(4/δ₀)). Composition by advanced composition with δ' = δ/2 (paper
 *       App. A.2): (√(2m ln(2/δ))·ε₀ + m ε₀(e^{ε₀} − 1), mδ₀ + δ/2 = δ); {@link #calibrate} checks
 *       that this ε is ≤ ε (the paper's "it suffices" hides the second term; at large ε it fails and
 *       the calibration is refused).</li>
 * </ul>
 *
 * <p>Δ carries a relative margin over L̃² for floating-point rounding in the leaf and node sums
 * (each sum of N outer products of dimension D is within about N·D·2^-52 relative of exact):
 * {@link #roundingMargin} = max(2^-20, N·D·2^-50), with N·D checked (at most 2^40) rather than
 * assumed small.
 *
 * @param kind             node noise
 * @param method           calibration method
 * @param horizon          n, the most leaves the tree accepts
 * @param levels           m = ⌈log₂ n⌉ + 1
 * @param dimension        D, the matrices' size
 * @param rowNormBound     L̃, the bound on every row's L2 norm (enforced by the caller's clipping)
 * @param epsilon          ε of the whole run (0 for NONE)
 * @param delta            δ of the whole run (0 for NONE)
 * @param nodeEpsilon      ε₀ of one node for the per-node methods (0 for ANALYTIC_TREE and NONE)
 * @param nodeDelta        δ₀ of one node for the per-node methods (0 for ANALYTIC_TREE and NONE)
 * @param sensitivity      Δ: Gaussian whitened L2 sensitivity of one node, L̃²(1 + margin); the row
 *                         bound L̃² for Wishart; 0 for NONE
 * @param sigma            Gaussian σ (off-diagonal standard deviation); 0 otherwise
 * @param degreesOfFreedom Wishart k; 0 otherwise
 */
public record TreeMechanismCalibration(NodeNoiseKind kind, TreeCalibrationMethod method, long horizon, int levels,
        int dimension, double rowNormBound, double epsilon, double delta, double nodeEpsilon, double nodeDelta,
        double sensitivity, double sigma, long degreesOfFreedom) {

    /** The least relative margin on the sensitivity for floating-point rounding of the sums (see class comment). */
    public static final double ROUNDING_MARGIN = 0x1.0p-20;

    /** The largest margin {@link #roundingMargin} gives before the sums are too long to trust. */
    static final double MAX_ROUNDING_MARGIN = 0x1.0p-10;

    /**
     * The relative margin on a node's sensitivity that covers the floating-point rounding of its sum
     * of at most {@code rows} outer products of dimension D: each such sum is within about
     * rows·D·2⁻⁵² relative of exact, so the margin is max(2⁻²⁰, rows·D·2⁻⁵⁰) (a factor 4 over the
     * bound). Checked, not assumed: past rows·D = 2⁴⁰ the sums are refused.
     *
     * @throws IllegalArgumentException if rows·D exceeds 2⁴⁰
     */
    public static double roundingMargin(long rows, int dimension) {
        double product = (double) rows * dimension;
        double margin = Math.max(ROUNDING_MARGIN, product * 0x1.0p-50);
        if (margin > MAX_ROUNDING_MARGIN) {
            throw new IllegalArgumentException("a tree node would sum " + rows + " rows of dimension " + dimension
                    + ": more than 2^40 numbers, too many for the floating-point rounding margin; use a shorter "
                    + "horizon or fewer features");
        }
        return margin;
    }

    public TreeMechanismCalibration {
        if (kind == null || method == null) {
            throw new IllegalArgumentException("noise kind and calibration method must not be null");
        }
        if (horizon < 1 || dimension < 1) {
            throw new IllegalArgumentException("horizon and dimension must be >= 1");
        }
        if (levels != TreeMechanism.levels(horizon)) {
            throw new IllegalArgumentException("levels must be ceil(log2 n) + 1 = " + TreeMechanism.levels(horizon));
        }
        Checks.positiveFinite(rowNormBound, "row norm bound L~");
    }

    /**
     * Calibrates a tree over {@code horizon} leaves of D×D matrices whose rows have norm ≤ L̃, for
     * (ε, δ) over the whole run. For {@link NodeNoiseKind#NONE}, ε, δ and the method are ignored.
     *
     * @throws IllegalArgumentException for parameters out of range, a method the noise kind does not
     *         support (Wishart: PAPER only), or a per-node budget outside the theorem's range
     * @throws IllegalStateException    if the composition check fails (the paper's per-node split does
     *         not certify (ε, δ) at these parameters)
     */
    public static TreeMechanismCalibration calibrate(NodeNoiseKind kind, TreeCalibrationMethod method, long horizon,
            int dimension, double rowNormBound, double epsilon, double delta) {
        return calibrate(kind, method, horizon, horizon, dimension, rowNormBound, epsilon, delta);
    }

    /**
     * As {@link #calibrate(NodeNoiseKind, TreeCalibrationMethod, long, int, double, double, double)}
     * for leaves that hold several rows each: {@code horizon} leaves fix m, and {@code rows} (every
     * row the tree will ever sum, at most one per user round) bounds the length of a node's sum for
     * the rounding margin. One user's row still lies in exactly one leaf, so the sensitivity of a
     * node is L̃² whatever else its leaf holds (Shariff &amp; Sheffet 2018, §4: the tree's privacy
     * argument is per leaf).
     */
    public static TreeMechanismCalibration calibrate(NodeNoiseKind kind, TreeCalibrationMethod method, long horizon,
            long rows, int dimension, double rowNormBound, double epsilon, double delta) {
        return calibrate(kind, method, horizon, rows, dimension, rowNormBound, epsilon, delta, 1);
    }

    /**
     * As above, for a protected unit of up to {@code group} rows (user-level privacy with k rounds
     * per user). Replacing a user's k rows changes a node holding j of them by at most j·L̃² in the
     * whitened L2 norm (triangle inequality), and each level's nodes hold at most k of them in all,
     * so over the m levels Σ_nodes (j·L̃²)² ≤ m·(k·L̃²)²: every calibration below holds with the node
     * sensitivity k·L̃², the worst case being all k rows in one leaf. Wishart noise is calibrated for
     * one row of norm ≤ L̃ (Sheffet's Wishart mechanism) and refuses a group.
     */
    public static TreeMechanismCalibration calibrate(NodeNoiseKind kind, TreeCalibrationMethod method, long horizon,
            long rows, int dimension, double rowNormBound, double epsilon, double delta, int group) {
        if (group < 1) {
            throw new IllegalArgumentException("group size must be >= 1, got " + group);
        }
        if (group > 1 && kind == NodeNoiseKind.WISHART) {
            throw new IllegalArgumentException("WISHART node noise protects one row per user; with privacy.unit "
                    + "USER and maxRoundsPerUser > 1 use GAUSSIAN");
        }
        if (rows < horizon) {
            throw new IllegalArgumentException("a tree of " + horizon + " leaves sums at least as many rows, got " + rows);
        }
        if (kind == null || method == null) {
            throw new IllegalArgumentException("noise kind and calibration method must not be null");
        }
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be >= 1, got " + horizon);
        }
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        Checks.positiveFinite(rowNormBound, "row norm bound L~");
        int m = TreeMechanism.levels(horizon);
        double rowSquared = rowNormBound * rowNormBound;
        if (kind == NodeNoiseKind.NONE) {
            return new TreeMechanismCalibration(kind, method, horizon, m, dimension, rowNormBound, 0, 0, 0, 0, 0, 0, 0);
        }
        Checks.positiveFinite(epsilon, "epsilon");
        Checks.openUnitInterval(delta, "delta");
        // Shariff & Sheffet 2018, App. A.2: per-node ε₀ = ε/√(8m ln(2/δ)).
        double nodeEpsilon = epsilon / StrictMath.sqrt(8.0 * m * StrictMath.log(2.0 / delta));
        if (kind == NodeNoiseKind.WISHART) {
            return wishart(method, horizon, m, dimension, rowNormBound, epsilon, delta, nodeEpsilon);
        }
        // Gaussian node: whitened L2 sensitivity L̃² (symmetrised node noise, see NodeNoise), plus the rounding margin.
        // The rows a node sums: at most one per round, and a leaf holds at least one, so at most n.
        double sensitivity = group * rowSquared * (1.0 + roundingMargin(rows, dimension));
        double nodeDelta = delta / 2.0; // PAPER (§4.2): per node (ε₀, δ/2), valid through zCDP (footnote 5)
        return switch (method) {
            case PAPER -> {
                if (!(nodeEpsilon < 1.0)) {
                    throw new IllegalArgumentException("the paper's classical Gaussian calibration needs a per-node "
                            + "epsilon0 = " + nodeEpsilon + " < 1 (Dwork & Roth Thm A.1); use ANALYTIC or ANALYTIC_TREE");
                }
                // Shariff & Sheffet 2018, §4.2: σ²_noise = 16 m L̃⁴ ln(4/δ)²/ε²,
                // i.e. σ = 4√m·L̃²·ln(4/δ)/ε (on Δ with margin).
                double sigma = 4.0 * StrictMath.sqrt(m) * sensitivity * StrictMath.log(4.0 / delta) / epsilon;
                yield checkedByZcdp(new TreeMechanismCalibration(kind, method, horizon, m, dimension, rowNormBound,
                        epsilon, delta, nodeEpsilon, nodeDelta, sensitivity, sigma, 0));
            }
            case ANALYTIC -> {
                // Balle & Wang Thm 8 at the generic per-node split (ε₀, δ/(2m)) of App. A.2, Δ = L̃²(1 + margin).
                double splitDelta = delta / (2.0 * m);
                double sigma = GaussianCalibrator.analyticSigma(sensitivity, nodeEpsilon, splitDelta);
                TreeMechanismCalibration c = new TreeMechanismCalibration(kind, method, horizon, m, dimension,
                        rowNormBound, epsilon, delta, nodeEpsilon, splitDelta, sensitivity, sigma, 0);
                if (c.certifiedEpsilon() > epsilon) {
                    throw new IllegalStateException("neither advanced composition nor zCDP certifies epsilon " + epsilon
                            + " for the per-node analytic sigma " + sigma + " (certified " + c.certifiedEpsilon()
                            + "); use ANALYTIC_TREE");
                }
                yield c;
            }
            case ANALYTIC_TREE -> {
                // GDP composition of ≤ m nodes: one Gaussian mechanism of sensitivity √m·Δ at (ε, δ).
                double sigma = GaussianCalibrator.analyticSigma(StrictMath.sqrt(m) * sensitivity, epsilon, delta);
                yield new TreeMechanismCalibration(kind, method, horizon, m, dimension, rowNormBound, epsilon, delta,
                        0, 0, sensitivity, sigma, 0);
            }
        };
    }

    private static TreeMechanismCalibration wishart(TreeCalibrationMethod method, long horizon, int m, int dimension,
            double rowNormBound, double epsilon, double delta, double nodeEpsilon) {
        if (method != TreeCalibrationMethod.PAPER) {
            throw new IllegalArgumentException("Wishart node noise has only the paper's calibration (PAPER), got "
                    + method);
        }
        double nodeDelta = delta / (2.0 * m); // paper App. A.2: δ₀ = δ/(2m), δ' = δ/2
        if (!(nodeEpsilon < 1.0) || !(nodeDelta < StrictMath.exp(-1.0))) {
            throw new IllegalArgumentException("the Wishart mechanism (paper Thm 23) needs a per-node epsilon0 < 1 and "
                    + "delta0 < 1/e, got epsilon0 = " + nodeEpsilon + ", delta0 = " + nodeDelta);
        }
        // Shariff & Sheffet 2018, §4.1: k = D + ⌈224 m ε⁻² ln(8m/δ) ln(2/δ)⌉ = D + ⌈28 ε₀⁻² ln(4/δ₀)⌉.
        double extra = 224.0 * m * StrictMath.log(8.0 * m / delta) * StrictMath.log(2.0 / delta) / (epsilon * epsilon);
        if (!(extra < 1e15)) {
            throw new IllegalArgumentException("Wishart degrees of freedom overflow: epsilon too small");
        }
        long k = dimension + (long) StrictMath.ceil(extra);
        // Advanced composition (Dwork & Roth Thm 3.20) of m (ε₀, δ₀) nodes with δ' = δ/2.
        PrivacyCost total = AdvancedComposition.compose(new PrivacyCost(nodeEpsilon, nodeDelta), m, delta / 2.0);
        if (total.epsilon() > epsilon * (1.0 + 1e-12)) {
            throw new IllegalStateException("advanced composition of the paper's per-node budget gives epsilon "
                    + total.epsilon() + " > " + epsilon + " at these parameters; lower epsilon");
        }
        double rowSquared = rowNormBound * rowNormBound;
        return new TreeMechanismCalibration(NodeNoiseKind.WISHART, method, horizon, m, dimension, rowNormBound, epsilon,
                delta, nodeEpsilon, nodeDelta, rowSquared, 0, k);
    }

    /** The zCDP composition of m Gaussian nodes must certify ε (paper footnote 5). */
    private static TreeMechanismCalibration checkedByZcdp(TreeMechanismCalibration c) {
        double certified = c.certifiedEpsilon();
        if (certified > c.epsilon) {
            throw new IllegalStateException("zCDP composition gives epsilon " + certified + " > " + c.epsilon
                    + " for sigma " + c.sigma + "; use ANALYTIC_TREE");
        }
        return c;
    }

    /**
     * The ε this calibration certifies at δ, by the composition rule of its method: zCDP for PAPER
     * Gaussian; the smaller of advanced composition and zCDP for ANALYTIC; ε itself for
     * ANALYTIC_TREE (exact by construction) and Wishart (checked by advanced composition in
     * {@link #calibrate}); 0 for NONE.
     */
    public double certifiedEpsilon() {
        if (kind == NodeNoiseKind.GAUSSIAN && method != TreeCalibrationMethod.ANALYTIC_TREE) {
            double rho = levels * sensitivity * sensitivity / (2.0 * sigma * sigma); // m·Δ²/(2σ²)
            double zcdp = new ZcdpCost(rho).toApproximateDp(delta).epsilon();
            if (method == TreeCalibrationMethod.ANALYTIC) {
                double advanced = AdvancedComposition.compose(new PrivacyCost(nodeEpsilon, nodeDelta), levels,
                        delta / 2.0).epsilon();
                return Math.min(zcdp, advanced);
            }
            return zcdp;
        }
        return kind == NodeNoiseKind.NONE ? 0.0 : epsilon;
    }

    /** The node noise this calibration prescribes. */
    public NodeNoise nodeNoise() {
        return switch (kind) {
            case GAUSSIAN -> new NodeNoise.Gaussian(sensitivity, sigma);
            case WISHART -> new NodeNoise.Wishart(rowNormBound * rowNormBound, degreesOfFreedom);
            case NONE -> new NodeNoise.None();
        };
    }

    /**
     * What the ledger charges once for the whole run (continual observation: every prefix release
     * over the horizon is covered), or empty for NONE, which is not private.
     */
    public Optional<PrivacyCost> cost() {
        return kind == NodeNoiseKind.NONE ? Optional.empty() : Optional.of(new PrivacyCost(epsilon, delta));
    }

    /** Whether the releases are private (kind is not NONE). */
    public boolean privateRelease() {
        return kind != NodeNoiseKind.NONE;
    }
}
