package io.dpbandit.policy.gpucb;

import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.kernel.QuadratureFourierFeatures;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.SymmetricMatrix;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * NQFF-GP-UCB-LJDP, the server side of Dubey 2021's Alg. 3 (docs/papers.md), as pure
 * functions over {@link LocalGpUcbState}.
 *
 * <h2>Protocol</h2>
 * Client t randomises its own increment with {@link io.dpbandit.client.gpucb.GpUcbRandomiser} under the
 * public {@link #clientParameters()}: the upper triangle of ΦΦᵀ + N_t and yΦ + n_t, σ_X and σ_u derived
 * on the device (vector-level local-JDP calibration, (α/2, β/2) each). {@link #fold} only accepts such
 * {@link GpUcbReport}s, checks their provenance ({@link ReportAcceptance}) and adds them to the sums
 * Σ̃, ũ: the server never sees an un-noised increment, and nothing it computes needs one.
 *
 * <h2>Privacy: (α, β)-local JDP (Lemma 5)</h2>
 * Each report is (α, β)-DP in its user's (Φ, y) whatever the server does; the sums, the snapshot and
 * every decision are post-processing of reports (and of the round's own candidates), so the view of
 * everyone but user τ is (α, β)-DP in (D_τ, y_τ): local JDP, hence JDP (Lemma 4). Nothing is charged
 * centrally; {@link #privacyCost} is the per-user cost each client pays.
 *
 * <h2>Shift at use time</h2>
 * H_t, the sum of the t − 1 client matrices N_τ, is indefinite; the snapshot adds s·2σ_XΛ to the
 * diagonal (Lemma 6 with the paper's Λ = √T(…), or the per-round Λ_r = √(t−1)(…),
 * {@link LocalJdpCalibration#roundBounds}). The paper never writes the shift [reconstructed]; it is
 * post-processing, so it is added whenever a snapshot is computed and never stored. Under
 * {@link GpUcbConfig.Regulariser#FLOOR} [engineering] the sum's eigenvalues below s·σ_XΛ are raised to
 * it instead: a function of the reports and of public parameters, so post-processing as well (the
 * local-JDP guarantee of Lemma 5 holds whatever the server computes from the reports).
 *
 * <h2>Decisions</h2>
 * {@link #decide} reads only the snapshot (publishable, Remark 1) and the round's candidates; where D_t
 * must not leave the device, the client can run the same argmax on the published snapshot (Alg. 3
 * step 3).
 */
public final class LocalGpUcb implements SequentialPolicy<LocalGpUcbState, GpUcbReport> {

    private final GpUcbConfig config;
    private final ClippedFeatures features;
    private final GpUcbParameters clientParameters;
    private final LocalJdpCalibration.ClientNoise clientNoise;
    private final ReportAcceptance acceptance;
    private final double approximationError;

    /**
     * @throws IllegalArgumentException if the configuration is not local JDP, or its calibration is
     *                                  refused (PAPER's classical σ needs α ≤ 2: analytic Gaussian
     *                                  calibration for ε ≥ 1, docs/papers.md)
     */
    public LocalGpUcb(GpUcbConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("config must not be null");
        }
        if (config.privacy().model() != GpUcbConfig.Model.LOCAL_JDP) {
            throw new IllegalArgumentException("LocalGpUcb runs the local-JDP protocol; got " + config.privacy().model()
                    + " (use GpUcb)");
        }
        this.config = config;
        this.features = new ClippedFeatures(config.features().toFeatureMap());
        CalibrationMethod method = config.calibration() == GpUcbConfig.Calibration.ANALYTIC
                ? CalibrationMethod.ANALYTIC : CalibrationMethod.CLASSICAL;
        this.clientParameters = new GpUcbParameters(config.featureDimension(), config.privacy().alpha(),
                config.privacy().beta(), config.rewardBound(), method);
        this.clientNoise = LocalJdpCalibration.vectorLevel(config.privacy().alpha(), config.privacy().beta(),
                config.rewardBound(), method);
        this.acceptance = new ReportAcceptance(clientParameters);
        this.approximationError = features.map().errorBound(config.domain());
    }

    public GpUcbConfig config() {
        return config;
    }

    /** The public parameters the bandit publishes to its clients (they derive σ_X and σ_u from them). */
    public GpUcbParameters clientParameters() {
        return clientParameters;
    }

    /** σ_X and σ_u as the server computes them (the same numbers as the clients'). */
    public LocalJdpCalibration.ClientNoise clientNoise() {
        return clientNoise;
    }

    /** The cached feature map Φ. */
    public QuadratureFourierFeatures featureMap() {
        return features.map();
    }

    /** Φ(x) of a joint point, clipped as the client clips it (length M): what a client randomises. */
    public double[] features(double[] point) {
        return features.of(point, "point");
    }

    /** The (α, β)-LDP cost of one report, paid by each client. */
    public PrivacyCost privacyCost() {
        return clientParameters.privacyCost();
    }

    /**
     * Checks one client report against this bandit's public parameters before it is stored, as
     * {@link #fold} would.
     *
     * @throws IllegalArgumentException naming the first mismatch
     */
    public void validate(GpUcbReport report) {
        acceptance.check(report, "report");
    }

    /** The state before any report. */
    public LocalGpUcbState start() {
        int m = config.featureDimension();
        SymmetricMatrix gram = SymmetricMatrix.zero(m);
        double[] u = new double[m];
        GpUcbSnapshot s = snapshot(gram, u, 0);
        return new LocalGpUcbState(gram, u, 0, s, s.repaired() ? 1 : 0);
    }

    /** Whether T reports are in: the spectral bounds (Lemma 6) cover no more. */
    public boolean horizonReached(LocalGpUcbState state) {
        return state.reports() >= config.horizon();
    }

    /** The shift s·2σ_XΛ added to Σ̃_t's diagonal after {@code reports} reports; 0 under FLOOR. */
    public double shift(long reports) {
        if (floored()) {
            return 0.0;
        }
        return config.tuning().shiftScale() * 2.0 * noiseNorm(reports);
    }

    /**
     * FLOOR: s·σ_XΛ, the public level Σ̃_t's eigenvalues are raised to after {@code reports} reports (0
     * under SHIFT, and before any report). A function of public parameters and the report count only.
     */
    public double eigenvalueFloor(long reports) {
        return floored() && reports > 0 ? config.tuning().shiftScale() * noiseNorm(reports) : 0.0;
    }

    /** σ_XΛ: Lemma 6's bound on ‖H_t‖ (PAPER: for T reports; SHARP: for the reports summed). */
    private double noiseNorm(long reports) {
        double scale = config.tuning().shiftRule() == GpUcbConfig.ShiftRule.PAPER
                ? LocalJdpCalibration.noiseNormScale(config.featureDimension(), config.horizon(), config.zeta())
                : LocalJdpCalibration.roundNoiseNormScale(config.featureDimension(), reports, config.horizon(),
                        config.zeta());
        return clientNoise.sigmaX() * scale;
    }

    private boolean floored() {
        return config.tuning().regulariser() == GpUcbConfig.Regulariser.FLOOR;
    }

    /** λ_min, λ_max and κ after {@code reports} reports. */
    public SpectralBounds spectralBounds(long reports) {
        long r = config.tuning().shiftRule() == GpUcbConfig.ShiftRule.PAPER ? config.horizon() : reports;
        if (floored()) {
            return reports == 0 ? SpectralBounds.NONE : LocalJdpCalibration.roundFloorBounds(clientNoise.sigmaX(),
                    clientNoise.sigmaU(), config.featureDimension(), r, config.horizon(), config.zeta(),
                    config.tuning().shiftScale());
        }
        return LocalJdpCalibration.roundBounds(clientNoise.sigmaX(), clientNoise.sigmaU(), config.featureDimension(),
                r, config.horizon(), config.zeta(), config.tuning().shiftScale());
    }

    /**
     * argmax over the candidate joint points of ⟨θ̃, Φ(x)⟩ + c·r_t‖Φ(x)‖_{V⁻¹}.
     *
     * @param candidates raw joint points, each of the feature map's input dimension d
     */
    @Override
    public Choice decide(LocalGpUcbState state, double[][] candidates, RandomGenerator rng) {
        return UcbArgmax.choose(state.snapshot(), features, candidates, rng);
    }

    /**
     * Adds the batch's reports to the sums and recomputes the snapshot. {@code noise} is not used: all
     * noise was added on the clients. The given state is not modified; an empty batch returns it.
     *
     * @throws IllegalArgumentException if a report does not belong to this bandit (nothing is folded)
     * @throws IllegalStateException    if the batch would take the bandit past T reports
     */
    @Override
    public LocalGpUcbState fold(LocalGpUcbState state, List<GpUcbReport> batch, NoiseSource noise) {
        if (batch == null) {
            throw new IllegalArgumentException("batch must not be null");
        }
        if (batch.isEmpty()) {
            return state;
        }
        if (state.reports() + batch.size() > config.horizon()) {
            throw new IllegalStateException("the horizon of " + config.horizon() + " reports would be exceeded");
        }
        for (int i = 0; i < batch.size(); i++) {
            acceptance.check(batch.get(i), "report " + i);
        }
        int m = config.featureDimension();
        double[] gram = state.noisyGram().upper();
        double[] u = state.noisyRewardFeatures();
        for (GpUcbReport report : batch) {
            double[] g = report.noisyGram();
            for (int k = 0; k < gram.length; k++) {
                gram[k] += g[k];
            }
            double[] v = report.noisyRewardFeatures();
            for (int i = 0; i < m; i++) {
                u[i] += v[i];
            }
        }
        long reports = state.reports() + batch.size();
        SymmetricMatrix sum = new SymmetricMatrix(m, gram);
        GpUcbSnapshot s = snapshot(sum, u, reports);
        return new LocalGpUcbState(sum, u, reports, s, state.psdRepairs() + (s.repaired() ? 1 : 0));
    }

    private GpUcbSnapshot snapshot(SymmetricMatrix gram, double[] u, long reports) {
        SpectralBounds bounds = spectralBounds(reports);
        ConfidenceRadius radius = new ConfidenceRadius(config.rkhsNormBound(), config.noiseScale(), config.ridge(),
                config.zeta(), approximationError, config.featureDimension(), bounds);
        return Posterior.snapshot(gram, u, eigenvalueFloor(reports), shift(reports) + config.ridge(),
                config.ridge() + bounds.lambdaMin(), radius, reports + 1, config.tuning().radiusScale(), config.zeta());
    }
}
