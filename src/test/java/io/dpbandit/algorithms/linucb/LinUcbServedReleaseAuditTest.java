package io.dpbandit.algorithms.linucb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.codec.StateCodec;
import io.dpbandit.testing.StatisticalBounds;
import io.dpbandit.testing.ThresholdAudit;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An (ε, δ) audit of the JDP release path as the service runs it: a LINUCB spec through the
 * algorithm's descriptor (validation, creation, runtime), stored rounds folded by its epoch process
 * (the shell's clipping, the leaf grid, the state's binary encoding), and what an analyst reads, the
 * public model of {@code GET /release} as JSON. The audit reads only that JSON: from θ̃ and the
 * Cholesky factor L it recovers ũ = L Lᵀ θ̃, the released column of the tree's noisy sum.
 *
 * <p>Neighbouring worlds at the full sensitivity: the first user (leaf 1) plays x = 1 with reward
 * +5 in D and −3 in D' (both clipped to ±B = ±1), so the leaf's [x; y][x; y]ᵀ differs only in its
 * off-diagonal ũ entry, by 2 = L̃² (L = B = 1): exactly the whitened sensitivity the tree is
 * calibrated for. That row is in the m = 3 nodes released after leaves 1, 2 and 4 (horizon 4, one
 * round per leaf), so Y = ũ₁ + ũ₂ + ũ₄ is N(±3 + c, 3σ²): the likelihood ratio is monotone in Y
 * and threshold events on Y are the informative ones. The whole run must be (ε, δ)-DP; the same
 * path with every Gaussian draw halved must fail.
 *
 * <p>False-failure rate: by DKW each check passes a private release (and detects one whose true
 * violation exceeds 2·slack, checked from the exact CDFs) except with probability 1e-7 &lt; 1e-6;
 * the sources are seeded, so each outcome is in fact fixed.
 */
@Tag("statistical")
class LinUcbServedReleaseAuditTest {

    private static final double FALSE_FAILURE = 1e-7;
    private static final double EPSILON = 1.0;
    private static final double DELTA = 0.1;
    private static final int RUNS = 40_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final BanditSpec SPEC = SpecValidation.normalise(new BanditSpec("audit", BanditSpec.Algorithm.LINUCB,
            new BanditSpec.Privacy(PrivacyModel.JDP, EPSILON, DELTA, null, null), 4, 1.0, null, null, 1,
            List.of(new BanditSpec.Action("a1", new double[] {1.0}), new BanditSpec.Action("a2", new double[] {0.5})), null, new io.dpbandit.spec.Feedback(60, 0.0),
            new BanditSpec.Tuning(null, null, null, null, null).withLeafRounds(1), null, null));

    @Test
    void theServedReleasePassesTheWholeRunAuditAndHalfItsNoiseFails() {
        double sigma = sigma();
        double sd = Math.sqrt(3) * sigma;
        double[] other = run(new SeededNoiseSource(0), 5.0, true);
        double c = other[1]; // the other users' part of Y without noise (same in both worlds)
        double[] thresholds = StatisticalBounds.grid(c - 3 - 6 * sd, c + 3 + 6 * sd, 2000);
        double slack = ThresholdAudit.slack(RUNS, EPSILON, FALSE_FAILURE);
        assertThat(exactViolation(c + 3, c - 3, sd, thresholds)).as("the calibration is tight, not loose")
                .isBetween(-2e-2, 1e-9);
        assertThat(exactViolation(c + 3, c - 3, sd / 2, thresholds)).isGreaterThan(2 * slack);

        assertThat(ThresholdAudit.maxViolation(statistics(5.0, 101, 1.0), statistics(-3.0, 102, 1.0), thresholds,
                EPSILON, DELTA)).isLessThanOrEqualTo(slack);
        assertThat(ThresholdAudit.maxViolation(statistics(5.0, 103, 0.5), statistics(-3.0, 104, 0.5), thresholds,
                EPSILON, DELTA)).isGreaterThan(slack);
    }

    /** σ of the tree's nodes, read back from a run without noise and a run with it (its spread). */
    private static double sigma() {
        LinUcbAlgorithm algorithm = (LinUcbAlgorithm) Algorithms.of(BanditSpec.Algorithm.LINUCB);
        assertThat(algorithm).isNotNull();
        var policy = new io.dpbandit.policy.linucb.LinUcb(io.dpbandit.policy.linucb.LinUcbConfig.engineered(4, 1,
                EPSILON, DELTA, 0.05).withLeafRounds(1));
        assertThat(policy.calibration().levels()).isEqualTo(3);
        return policy.calibration().sigma();
    }

    private static double exactViolation(double meanD, double meanNeighbour, double sd, double[] thresholds) {
        double[] cdfD = new double[thresholds.length];
        double[] cdfN = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfD[i] = NormalDistribution.cdf((thresholds[i] - meanD) / sd);
            cdfN[i] = NormalDistribution.cdf((thresholds[i] - meanNeighbour) / sd);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfD, cdfN, EPSILON, DELTA);
    }

    private static double[] statistics(double firstReward, long seed, double noiseScale) {
        NoiseSource noise = new Scaled(new SeededNoiseSource(seed), noiseScale);
        double[] out = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            out[i] = run(noise, firstReward, false)[0];
        }
        return out;
    }

    /**
     * One whole run through the served path: Y with the noise, and (when {@code exact}) the other
     * users' part of Y with zero noise in [1].
     */
    private static double[] run(NoiseSource noise, double firstReward, boolean exact) {
        NoiseSource n = exact ? new Scaled(noise, 0.0) : noise;
        AlgorithmDescriptor descriptor = Algorithms.of(BanditSpec.Algorithm.LINUCB);
        Services services = new Services(n);
        services.state = descriptor.create(SPEC, n).initialState();
        double y = 0;
        double withoutFirst = 0;
        double[] rewards = {firstReward, 0.2, -0.4, 0.7};
        double[] contexts = {1.0, 0.5, -0.8, 0.3};
        for (int leaf = 1; leaf <= 4; leaf++) {
            var version = new BanditVersion(1, Phase.EXPLORE, leaf);
            BanditRuntime runtime = descriptor.runtime(SPEC, version, services);
            @SuppressWarnings("unchecked")
            EpochProcess<Object> process = (EpochProcess<Object>) runtime.process();
            var epoch = new OpenEpoch("audit", 1, 4, EpochStatus.OPEN, 4, leaf - 1, true);
            var round = new Round(UUID.randomUUID(), leaf, new double[] {contexts[leaf - 1]}, 0,
                    rewards[leaf - 1], FeedbackState.ACCEPTED, null);
            Object work = process.memory(epoch, null);
            var folded = process.fold(work, epoch, new Accumulator(null, leaf - 1), List.of(round));
            services.state = folded.policyState();
            if (leaf == 1 || leaf == 2 || leaf == 4) {
                double u = releasedColumn(descriptor.runtime(SPEC, version, services));
                y += u;
                // ũ without the first user's row: its exact part is y·x = clip(firstReward)·1.
                withoutFirst += u - Math.max(-1, Math.min(1, firstReward));
            }
        }
        return new double[] {y, withoutFirst};
    }

    /** ũ = L Lᵀ θ̃ from the public model an analyst reads (d = 1). */
    private static double releasedColumn(BanditRuntime runtime) {
        JsonNode model = JSON.valueToTree(runtime.latestRelease(null)).path("model");
        double l = model.path("choleskyOfV").get(0).asDouble();
        return l * l * model.path("theta").get(0).asDouble();
    }

    /** The stored state and codecs a runtime reads; nothing else. */
    private static final class Services implements RuntimeServices {
        private final NoiseSource noise;
        private static final BinaryCodec BINARY = new BinaryCodec();
        private static final StateCodec STATE_JSON = new StateCodec(JSON);
        byte[] state;

        Services(NoiseSource noise) {
            this.noise = noise;
        }

        @Override
        public List<String> releasedModels(String banditId) {
            return List.of();
        }

        @Override
        public Optional<byte[]> policyState(String banditId) {
            return Optional.ofNullable(state);
        }

        @Override
        public Optional<byte[]> plan(String banditId, int epoch) {
            return Optional.empty();
        }

        @Override
        public BinaryCodec binary() {
            return BINARY;
        }

        @Override
        public StateCodec json() {
            return STATE_JSON;
        }

        @Override
        public NoiseSource noise() {
            return noise;
        }

        @Override
        public SplittableRandom publicRng(String banditId, int epoch) {
            return new SplittableRandom(0);
        }
    }

    /** A source whose Gaussian draws are scaled: 1 is the source, 1/2 half the noise, 0 none. */
    private record Scaled(NoiseSource inner, double factor) implements NoiseSource {
        @Override
        public double gaussian(double sigma) {
            return factor == 0 ? 0.0 : inner.gaussian(sigma * factor);
        }

        @Override
        public double laplace(double scale) {
            return factor == 0 ? 0.0 : inner.laplace(scale * factor);
        }

        @Override
        public double uniform() {
            return inner.uniform();
        }

        @Override
        public int uniformInt(int n) {
            return inner.uniformInt(n);
        }

        @Override
        public boolean bernoulli(double p) {
            return inner.bernoulli(p);
        }
    }
}
