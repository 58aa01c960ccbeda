package io.dpbandit.policy.onlineucb;

import io.dpbandit.client.onlineucb.BiasCorrectedLoss;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.List;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * OnlineUCB, the server side of the OnlineUCB paper's Algorithm 1 (and of Algorithm 9 with
 * {@link OnlineUcbConfig#anytimePower()} &gt; 0), as a pure {@link SequentialPolicy}.
 *
 * <h2>Protocol</h2>
 * <ol>
 *   <li>{@link #decide}: the UCB action argmax_x ⟨x, θ̂⟩ + β‖x‖_{Ṽ⁻¹} over the candidates, with
 *       θ̂ = Ṽ⁻¹ũ (line 9: max over the ellipsoid C_{t−1} = {‖θ − θ̂‖_Ṽ ≤ β}). The service computes it
 *       for the user; it needs only public state and the candidates.</li>
 *   <li>{@link #ticket}: the public inputs sent with the decision (θ_t, Δ, round).</li>
 *   <li>The user runs {@link io.dpbandit.client.onlineucb.OnlineUcbRandomiser} and sends its report.</li>
 *   <li>{@link #fold}: for each report in decision order, with θ_t the learner's <em>current</em> point,
 *       g_t = ∇l_t(θ_t) (clipped to G) feeds the learner, Ṽ += x̃x̃ᵀ and ũ += ⟨θ_t, x̃⟩x̃ (lines 17–19).</li>
 * </ol>
 *
 * <h2>Asynchronous users (ũ uses the issued θ_t; round tickets; docs/papers.md)</h2>
 * The server evaluates g_t itself, at the point its learner holds when the report is folded, from x̃_t, ỹ_t
 * (both in the report) and the public σ_x. The θ_t entering ũ and g_t is therefore always the learner's
 * prediction for that round, made before the report was seen, however stale the snapshot the user decided
 * on: the online-to-confidence-set conversion (Lemma 3.3) holds for any arrival order. The report's own g
 * (evaluated at the ticket's θ) is identical when the report is folded on the snapshot it was issued from;
 * it is not trusted otherwise. Late reports are accepted, except that reports issued before the current
 * anytime phase began are skipped (their phase's learner was discarded) and counted in
 * {@link OnlineUcbState#skipped()}.
 *
 * <h2>Privacy</h2>
 * Every report is (ε, δ)-LDP on the user's device ({@link OnlineUcbParameters#privacyCost()}); everything
 * here is post-processing of reports, whatever the learner, G, step sizes or radius.
 */
public final class OnlineUcb implements SequentialPolicy<OnlineUcbState, OnlineUcbReport> {

    /** A report's σ may exceed the configured one by a secure source's grid inflation (≤ ~1e-12 relative). */
    private static final double SIGMA_TOLERANCE = 1e-6;

    private final OnlineUcbConfig config;
    private final int base;
    private final double featureSigma;
    private final double featureVariance;

    public OnlineUcb(OnlineUcbConfig config) {
        this(config, 0);
    }

    /** A base learner of the λ_min combiner, which stamps its tickets with {@code base}. */
    OnlineUcb(OnlineUcbConfig config, int base) {
        if (config == null) {
            throw new IllegalArgumentException("config is required");
        }
        this.config = config;
        this.base = base;
        this.featureSigma = config.randomiser().featureSigma();
        this.featureVariance = featureSigma * featureSigma;
    }

    public OnlineUcbConfig config() {
        return config;
    }

    /** θ_1 = 0, Ṽ_0 = I, ũ_0 = 0 (line 2). */
    public OnlineUcbState start() {
        int d = config.dimension();
        return freshPhase(0, 0, 0, 0, d);
    }

    /** The public inputs of the next user's local step, sent with a decision taken on {@code state}. */
    public OnlineUcbTicket ticket(OnlineUcbState state) {
        return new OnlineUcbTicket(base, state.round(), state.learnerPoint(), state.conditioningStd());
    }

    /** θ̂ = Ṽ⁻¹ũ, the centre of the confidence ellipsoid. */
    public double[] center(OnlineUcbState state) {
        return Vectors.multiply(state.gramInverse(), state.target());
    }

    /** β for the next decision (N = phaseRound + 1 in Lemma 3.3). */
    public double confidenceRadius(OnlineUcbState state) {
        return confidenceRadius(state.phaseRound() + 1, state.phase(), state.conditioningVariance());
    }

    /**
     * β of the decision after {@code reports} reports of the first phase (N = reports + 1): what the
     * confidence radius will be, from the configuration alone (the planner reads it).
     */
    public double confidenceRadius(long reports) {
        return confidenceRadius(reports + 1, 0, conditioningVariance(0));
    }

    private double confidenceRadius(long n, int phase, double delta2) {
        OnlineUcbConfig.Confidence confidence = config.confidence();
        if (confidence.mode() == OnlineUcbConfig.Confidence.Mode.FIXED) {
            return confidence.value();
        }
        double theory = OnlineUcbTheory.radius(n, phaseHorizon(phase),
                config.randomiser().gradientBound(), config.radius(), strongConvexity(delta2), delta2,
                featureSigma, config.subgaussianScale(), config.failureProbability(), confidence.gamma());
        return confidence.mode() == OnlineUcbConfig.Confidence.Mode.THEORY ? theory : confidence.value() * theory;
    }

    /** μ = 2(λ_min + Δ²): the strong convexity of E[l_t] (the paper's §3; docs/papers.md). */
    public double strongConvexity(double conditioningVariance) {
        return 2.0 * (config.minEigenvalue() + conditioningVariance);
    }

    @Override
    public Choice decide(OnlineUcbState state, double[][] candidates, RandomGenerator rng) {
        int d = config.dimension();
        if (candidates == null || candidates.length == 0) {
            throw new IllegalArgumentException("need at least one candidate action");
        }
        double[] centre = center(state);
        double[] inverse = state.gramInverse();
        double beta = confidenceRadius(state);
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int a = 0; a < candidates.length; a++) {
            double[] x = candidates[a];
            if (x == null || x.length != d) {
                throw new IllegalArgumentException("candidate " + a + " must have dimension " + d);
            }
            for (double v : x) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("candidate " + a + " has a non-finite coordinate");
                }
            }
            double score = Vectors.dot(x, centre) + beta * StrictMath.sqrt(Math.max(0.0, Vectors.quadratic(inverse, x)));
            if (score > bestScore) {
                best = a;
                bestScore = score;
                ties = 1;
            } else if (score == bestScore && rng.nextInt(++ties) == 0) {
                best = a; // uniform among ties (reservoir sampling)
            }
        }
        return new Choice(best, bestScore, 1.0 / ties); // uniform among the exact ties: 1/m each
    }

    /**
     * Folds the reports in decision order (lines 17–19). {@code noise} is unused: the server adds no
     * noise (the reports are already private). The given state is not modified.
     *
     * @throws IllegalArgumentException for a report that does not belong to this bandit (see
     *         {@link #validate}); no state is returned in that case
     */
    @Override
    public OnlineUcbState fold(OnlineUcbState state, List<OnlineUcbReport> batch, NoiseSource noise) {
        OnlineUcbState current = state;
        for (OnlineUcbReport report : batch) {
            current = fold(current, report);
        }
        return current;
    }

    /** One report. */
    public OnlineUcbState fold(OnlineUcbState state, OnlineUcbReport report) {
        validate(state, report);
        if (report.round() < state.phaseStart()) {
            return new OnlineUcbState(state.round(), state.phase(), state.phaseStart(), state.phaseRound(),
                    state.conditioningVariance(), state.gram(), state.gramInverse(), state.target(), state.maler(),
                    state.gradientDescent(), state.skipped() + 1);
        }
        double[] x = report.noisyFeatures();
        double[] theta = state.learnerPoint();
        double[] g = BiasCorrectedLoss.clippedGradient(x, report.noisyReward(), theta, featureVariance,
                config.randomiser().gradientBound());

        double[] gram = state.gram();
        double[] inverse = state.gramInverse();
        double[] target = state.target();
        Vectors.addOuter(gram, x);
        long phaseRound = state.phaseRound() + 1;
        if (phaseRound % config.refactorInterval() == 0) {
            inverse = inverseOf(gram);
        } else {
            Vectors.shermanMorrison(inverse, x);
        }
        double prediction = Vectors.dot(theta, x);
        for (int i = 0; i < x.length; i++) {
            target[i] += prediction * x[i];
        }

        MalerState maler = state.maler();
        GradientDescentState gd = state.gradientDescent();
        if (maler != null) {
            maler = maler(state.phase()).update(maler, g);
        } else {
            gd = gradientDescent(state.conditioningVariance()).update(gd, g);
        }
        long round = state.round() + 1;
        if (config.anytimePower() > 0 && phaseRound >= phaseHorizon(state.phase())) {
            return freshPhase(state.phase() + 1, round, round, state.skipped(), x.length);
        }
        return new OnlineUcbState(round, state.phase(), state.phaseStart(), phaseRound, state.conditioningVariance(),
                gram, inverse, target, maler, gd, state.skipped());
    }

    /**
     * Checks that a report belongs to this bandit and was randomised with its public parameters: base,
     * dimension, release mode, calibration, (ε, δ), σ_x (the bias correction Σ = σ_x²I must be the noise
     * the client actually added) and Δ; and that it was issued from a snapshot this state has seen.
     *
     * @throws IllegalArgumentException naming the mismatch
     */
    public void validate(OnlineUcbState state, OnlineUcbReport report) {
        OnlineUcbParameters p = config.randomiser();
        if (report.base() != base) {
            throw new IllegalArgumentException("report is for base learner " + report.base() + ", this is " + base);
        }
        if (report.dimension() != p.dimension()) {
            throw new IllegalArgumentException("report has dimension " + report.dimension() + ", bandit has "
                    + p.dimension());
        }
        if (report.round() > state.round()) {
            throw new IllegalArgumentException("report was issued at round " + report.round()
                    + ", after this snapshot (round " + state.round() + ")");
        }
        if (report.release() != p.release() || report.calibration() != p.calibration()) {
            throw new IllegalArgumentException("report was randomised with " + report.release() + "/"
                    + report.calibration() + ", this bandit uses " + p.release() + "/" + p.calibration());
        }
        if (report.epsilon() != p.privacyCost().epsilon() || report.delta() != p.privacyCost().delta()) {
            throw new IllegalArgumentException("report claims (" + report.epsilon() + ", " + report.delta()
                    + ")-LDP, this bandit's reports are " + p.privacyCost());
        }
        if (!(Math.abs(report.featureSigma() / featureSigma - 1.0) <= SIGMA_TOLERANCE)) {
            throw new IllegalArgumentException("report was randomised with sigma " + report.featureSigma()
                    + ", this bandit expects " + featureSigma + "; the client's parameters differ");
        }
        if (report.round() >= state.phaseStart()
                && Math.abs(report.conditioningStd() - state.conditioningStd()) > 1e-12 * (1 + state.conditioningStd())) {
            throw new IllegalArgumentException("report used conditioning std " + report.conditioningStd()
                    + ", the ticket said " + state.conditioningStd());
        }
    }

    /**
     * {@link #validate} and, for a report about to be stored, every other field against what this
     * server's own parameters allow: a report that is accepted carries nothing the randomiser could
     * not have produced.
     *
     * @throws IllegalArgumentException naming what does not match
     */
    public void check(OnlineUcbState state, OnlineUcbReport report) {
        validate(state, report);
        OnlineUcbParameters p = config.randomiser();
        // Every other field is checked against what this server's own parameters allow, never against
        // what the report declares: σ_y is the bandit's, the gradient is clipped to ‖g‖ ≤ G, and the
        // noisy values are ones the randomiser can produce. The norm of N(0, s²I_k) exceeds s(√k + t)
        // with probability ≤ exp(−t²/2) (Gaussian concentration), about 2e-22 at t = 10.
        if (!(Math.abs(report.rewardSigma() / p.rewardSigma() - 1.0) <= SIGMA_TOLERANCE)) {
            throw new IllegalArgumentException("report was randomised with reward sigma " + report.rewardSigma()
                    + ", this bandit expects " + p.rewardSigma());
        }
        if (Vectors.norm(report.gradient()) > p.gradientBound() * (1 + 1e-9)) {
            throw new IllegalArgumentException("report's gradient is longer than the clipping bound G = "
                    + p.gradientBound() + " the randomiser applies");
        }
        int d = p.dimension();
        // Δ as the server's own schedule allows it (a report from an earlier phase declares its Δ; it is
        // believed only up to the largest Δ of the phases so far).
        double maxConditioning = 0;
        for (int phase = 0; phase <= state.phase(); phase++) {
            maxConditioning = Math.max(maxConditioning, Math.sqrt(conditioningVariance(phase)));
        }
        double conditioning = Math.min(Math.max(report.conditioningStd(), 0), maxConditioning);
        double featureSpread = Math.sqrt(featureSigma * featureSigma + conditioning * conditioning);
        if (Vectors.norm(report.noisyFeatures()) > p.featureBound() + featureSpread * (Math.sqrt(d) + 10)) {
            throw new IllegalArgumentException("report's noisy features are larger than the randomiser can produce");
        }
        if (Math.abs(report.noisyReward()) > p.rewardBound() + p.rewardSigma() * 11) {
            throw new IllegalArgumentException("report's noisy reward is larger than the randomiser can produce");
        }
    }

    private OnlineUcbState freshPhase(int phase, long round, long phaseStart, long skipped, int d) {
        double delta2 = conditioningVariance(phase);
        MalerState maler = null;
        GradientDescentState gd = null;
        if (config.learner() == OnlineUcbConfig.Learner.MALER) {
            maler = maler(phase).start(d);
        } else {
            gd = gradientDescent(delta2).start(d);
        }
        return new OnlineUcbState(round, phase, phaseStart, 0, delta2, Vectors.scaledIdentity(d, 1.0),
                Vectors.scaledIdentity(d, 1.0), new double[d], maler, gd, skipped);
    }

    /** Δ² of a phase: Algorithm 1's rule with λ̄ = T^{−1/4} (or the configured λ̄), or λ̄_m = 2^{−mk}. */
    double conditioningVariance(int phase) {
        if (config.anytimePower() > 0) {
            double lambdaBar = StrictMath.pow(2.0, -phase * config.anytimePower());
            return config.minEigenvalue() <= lambdaBar ? lambdaBar : 0.0;
        }
        return config.conditioningVariance();
    }

    /** The horizon the learner and the radius use in a phase: T, or 2^m for Algorithm 9. */
    int phaseHorizon(int phase) {
        if (config.anytimePower() > 0) {
            return (int) Math.min(1L << Math.min(phase, 30), Integer.MAX_VALUE);
        }
        return config.horizon();
    }

    private Maler maler(int phase) {
        return new Maler(Math.max(2, phaseHorizon(phase)), config.radius(), config.randomiser().gradientBound());
    }

    private GradientDescent gradientDescent(double conditioningVariance) {
        return new GradientDescent(config.radius(), config.randomiser().gradientBound(),
                strongConvexity(conditioningVariance), config.learnerOffset());
    }

    /** Ṽ⁻¹ afresh (Ṽ ⪰ I is symmetric positive definite), bounding Sherman–Morrison's drift (docs/papers.md). */
    private static double[] inverseOf(double[] gram) {
        int d = (int) Math.round(Math.sqrt(gram.length));
        DMatrixRMaj m = new DMatrixRMaj(d, d, true, gram.clone());
        DMatrixRMaj inverse = new DMatrixRMaj(d, d);
        if (!CommonOps_DDRM.invertSPD(m, inverse)) {
            throw new ArithmeticException("V~ is not positive definite; it contains I, so the state is corrupt");
        }
        double[] out = inverse.getData().clone();
        for (int i = 0; i < d; i++) {
            for (int j = i + 1; j < d; j++) {
                double v = 0.5 * (out[i * d + j] + out[j * d + i]);
                out[i * d + j] = v;
                out[j * d + i] = v;
            }
        }
        return out;
    }
}
