package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.kernel.QuadratureFourierFeatures;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** JDP and non-private GP-UCB's pure functions: purity, persistence, clipping, the shift and the snapshot. */
class GpUcbTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final ObjectMapper CBOR = new ObjectMapper(new CBORFactory());
    static final BoxDomain UNIT = BoxDomain.unitCube(2);

    static GpUcbConfig jdp(int horizon) {
        return GpUcbConfig.engineered(4, 0.5, UNIT, horizon, GpUcbConfig.Privacy.jdp(1.0, 0.1), 0.25, 0.5, 1.0, 0.1,
                1.0, 1.0, 0.1);
    }

    static GpUcbConfig nonPrivate(int horizon) {
        return GpUcbConfig.engineered(4, 0.5, UNIT, horizon, GpUcbConfig.Privacy.none(), 0.25, 0.5, 1.0, 0.1, 1.0,
                1.0, 0.1);
    }

    static List<GpUcbObservation> batch(SplittableRandom rng, int size) {
        List<GpUcbObservation> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            out.add(new GpUcbObservation(new double[] {rng.nextDouble(), rng.nextDouble()}, rng.nextInt(2)));
        }
        return out;
    }

    static GpUcbState run(GpUcb policy, int folds, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        NoiseSource noise = new SeededNoiseSource(seed);
        GpUcbState state = policy.start(noise);
        for (int f = 0; f < folds; f++) {
            state = policy.fold(state, batch(rng, 2), noise);
        }
        return state;
    }

    @Test
    void foldNeverModifiesTheGivenStateAndTakesOneLeafPerBatch() throws Exception {
        for (GpUcbConfig config : List.of(jdp(64), nonPrivate(64),
                GpUcbConfig.paper(4, 0.5, UNIT, 64, GpUcbConfig.Privacy.jdp(1.0, 0.1), 0.25, 0.5, 1.0, 0.1, 1.0))) {
            GpUcb policy = new GpUcb(config);
            GpUcbState state = run(policy, 5, 1);
            String before = JSON.writeValueAsString(state);
            List<GpUcbObservation> observations = batch(new SplittableRandom(2), 3);

            GpUcbState next = policy.fold(state, observations, new SeededNoiseSource(3));

            assertThat(JSON.writeValueAsString(state)).isEqualTo(before);
            assertThat(next.observations()).isEqualTo(state.observations() + 3);
            assertThat(next.tree().leaves()).isEqualTo(state.tree().leaves() + 1);
            assertThat(policy.fold(next, List.of(), new SeededNoiseSource(4))).isSameAs(next);
        }
    }

    /** The state survives JSON and the service's CBOR encoding, and keeps deciding and folding the same. */
    @Test
    void stateAndConfigRoundTripThroughJsonAndCborAndKeepWorking() throws Exception {
        GpUcb policy = new GpUcb(jdp(100));
        GpUcbState state = run(policy, 7, 4);
        String json = JSON.writeValueAsString(state);
        GpUcbState back = JSON.readValue(json, GpUcbState.class);
        assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
        GpUcbState fromCbor = CBOR.readValue(CBOR.writeValueAsBytes(state), GpUcbState.class);
        assertThat(JSON.writeValueAsString(fromCbor)).isEqualTo(json);

        double[][] candidates = {{0.1, 0.2}, {0.9, 0.9}, {0.5, 0.4}, {0.0, 1.0}};
        assertThat(policy.decide(back, candidates, new SplittableRandom(5)))
                .isEqualTo(policy.decide(state, candidates, new SplittableRandom(5)));
        List<GpUcbObservation> more = batch(new SplittableRandom(6), 2);
        assertThat(JSON.writeValueAsString(policy.fold(back, more, new SeededNoiseSource(7))))
                .isEqualTo(JSON.writeValueAsString(policy.fold(state, more, new SeededNoiseSource(7))));

        GpUcbConfig config = policy.config();
        GpUcbConfig configBack = JSON.readValue(JSON.writeValueAsString(config), GpUcbConfig.class);
        assertThat(configBack).isEqualTo(config);
    }

    /** Every augmented row [Φ; y] has ‖·‖² ≤ 1 + Y² whatever the input: Φ is clipped, y clipped to [−Y, Y]. */
    @Test
    void hugeRewardsAreClippedAndFeaturesHaveNormAtMostOne() {
        GpUcb policy = new GpUcb(jdp(8));
        GpUcbState state = policy.start(new SeededNoiseSource(8));
        int m = policy.config().featureDimension();
        for (double reward : new double[] {1e300, -Double.MAX_VALUE, 7.0}) {
            GpUcbState next = policy.fold(state, List.of(new GpUcbObservation(new double[] {0.3, 0.7}, reward)),
                    new SeededNoiseSource(9));
            // One leaf = a aᵀ for the clipped row a = [Φ; y]: the level-1 node still being filled holds it exactly.
            SymmetricMatrix row = next.tree().open().get(1);
            double phiNormSquared = 0;
            for (int i = 0; i < m; i++) {
                phiNormSquared += row.get(i, i);
            }
            assertThat(phiNormSquared).isLessThanOrEqualTo(GpUcbParameters.FEATURE_NORM_BOUND);
            assertThat(phiNormSquared).isCloseTo(1.0, within(1e-5));
            assertThat(row.get(m, m)).isEqualTo(1.0); // y² with y clipped to ±Y = ±1
        }
    }

    @Test
    void nonFiniteOrMalformedObservationsAreRefusedAndNothingIsFolded() {
        GpUcb policy = new GpUcb(jdp(8));
        GpUcbState state = policy.start(new SeededNoiseSource(10));
        GpUcbObservation good = new GpUcbObservation(new double[] {0.1, 0.2}, 0.5);
        for (GpUcbObservation bad : List.of(new GpUcbObservation(new double[] {Double.NaN, 0}, 1),
                new GpUcbObservation(new double[] {0, Double.NEGATIVE_INFINITY}, 1),
                new GpUcbObservation(new double[] {0, 0}, Double.NaN),
                new GpUcbObservation(new double[] {0, 0, 0}, 1))) {
            assertThatThrownBy(() -> policy.fold(state, List.of(good, bad), new SeededNoiseSource(11)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("observation 1");
        }
        assertThatThrownBy(() -> policy.decide(state, new double[][] {{0.1, 0.2}, {0.3}}, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidate 1");
        assertThatThrownBy(() -> policy.decide(state, new double[0][], new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesFoldsBeyondTheHorizonAndLocalJdpConfigurations() {
        GpUcb policy = new GpUcb(jdp(2));
        GpUcbState state = run(policy, 2, 12);
        assertThat(policy.horizonReached(state)).isTrue();
        assertThatThrownBy(() -> policy.fold(state, batch(new SplittableRandom(1), 1), new SeededNoiseSource(1)))
                .isInstanceOf(IllegalStateException.class);
        GpUcbConfig local = GpUcbConfig.engineered(4, 0.5, UNIT, 8, GpUcbConfig.Privacy.localJdp(1.0, 0.1), 0.25,
                0.5, 1.0, 0.1, 1.0, 1.0, 0.1);
        assertThatThrownBy(() -> new GpUcb(local)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LocalGpUcb");
    }

    /**
     * V_t = Σ̃_t + (s·2Λ + λ)I: before any fold the release is empty and the snapshot's factor is
     * √(2Λ + λ)·I; the non-private variant has no shift, no noise, and its θ̃ is the ridge solution
     * (Σ_t + λI)⁻¹u_t of the exact sums.
     */
    @Test
    void shiftEntersTheDiagonalAndTheNonPrivateSnapshotIsTheRidgeSolution() {
        GpUcb privatePolicy = new GpUcb(jdp(16));
        GpUcbState start = privatePolicy.start(new SeededNoiseSource(13));
        int m = privatePolicy.config().featureDimension();
        double expected = Math.sqrt(privatePolicy.shift() + 0.25);
        assertThat(privatePolicy.shift()).isCloseTo(2 * privatePolicy.noiseNormBound(), within(1e-9));
        assertThat(start.snapshot().cholesky()[0]).isCloseTo(expected, within(1e-9));
        assertThat(start.snapshot().cholesky()[m * m - 1]).isCloseTo(expected, within(1e-9));
        assertThat(privatePolicy.privacyCost()).isPresent();

        GpUcb plain = new GpUcb(nonPrivate(16));
        assertThat(plain.shift()).isZero();
        assertThat(plain.privacyCost()).isEmpty();
        List<GpUcbObservation> data = batch(new SplittableRandom(14), 5);
        GpUcbState state = plain.fold(plain.start(new SeededNoiseSource(15)), data, new SeededNoiseSource(16));
        // Exact ridge solution by Gaussian elimination on the dense system.
        double[][] a = new double[m][m + 1];
        for (int i = 0; i < m; i++) {
            a[i][i] = 0.25;
        }
        for (GpUcbObservation o : data) {
            double[] phi = plain.features(o.point());
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    a[i][j] += phi[i] * phi[j];
                }
                a[i][m] += o.reward() * phi[i];
            }
        }
        double[] theta = solve(a);
        assertThat(state.snapshot().theta()).containsExactly(theta, within(1e-9));
        assertThat(state.psdRepairs()).isZero();
    }

    /**
     * FLOOR: V_t = Q max(D, Λ) Qᵀ + λI for the release Σ̃_t = QDQᵀ, computed from the release alone: the
     * tree (what is released, hence privacy) is bit for bit the SHIFT policy's for the same draws, only
     * the post-processing differs; V_t ⪰ (Λ + λ)I without repairs, and the radius' bounds are λ_min = Λ,
     * λ_max = 2Λ.
     */
    @Test
    void floorRaisesTheReleasesEigenvaluesToTheNoiseLevelAndReleasesTheSame() throws Exception {
        GpUcbConfig shiftConfig = jdp(16);
        GpUcbConfig floorConfig = shiftConfig.withTuning(shiftConfig.tuning()
                .withRegulariser(GpUcbConfig.Regulariser.FLOOR));
        GpUcb shift = new GpUcb(shiftConfig);
        GpUcb floor = new GpUcb(floorConfig);
        GpUcbState a = run(shift, 5, 21);
        GpUcbState b = run(floor, 5, 21);
        assertThat(JSON.writeValueAsString(b.tree())).isEqualTo(JSON.writeValueAsString(a.tree()));
        assertThat(floor.noiseCalibration()).isEqualTo(shift.noiseCalibration());
        assertThat(floor.privacyCost()).isEqualTo(shift.privacyCost());

        double level = floor.noiseNormBound();
        assertThat(floor.shift()).isZero();
        assertThat(floor.eigenvalueFloor()).isEqualTo(level).isEqualTo(shift.noiseNormBound());
        assertThat(shift.eigenvalueFloor()).isZero();
        assertThat(floor.spectralBounds().lambdaMin()).isEqualTo(level);
        assertThat(floor.spectralBounds().lambdaMax()).isEqualTo(2 * level);

        int m = floorConfig.featureDimension();
        SymmetricMatrix release = floor.tree().release(b.tree());
        org.ejml.data.DMatrixRMaj expected = io.dpbandit.kernel.SymmetricEigenFunctions.clampEigenvalues(
                release.leadingBlock(m).toDense(), level);
        double[] l = b.snapshot().cholesky();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= i; j++) {
                double v = 0;
                for (int k = 0; k <= j; k++) {
                    v += l[i * m + k] * l[j * m + k];
                }
                assertThat(v).as("V[%d][%d]", i, j).isCloseTo(expected.get(i, j) + (i == j ? 0.25 : 0), within(1e-6));
            }
        }
        double[] eigen = io.dpbandit.kernel.SymmetricEigenFunctions.eigenvaluesAscending(expected);
        assertThat(eigen[0]).isGreaterThanOrEqualTo(level * (1 - 1e-9));
        assertThat(eigen[m - 1]).as("a direction the data fills is kept").isGreaterThan(level);
        assertThat(b.psdRepairs()).isZero();
    }

    /** The map the policy applies is the configured QFF map, within Thm 2's error of the SE kernel. */
    @Test
    void featuresAreTheConfiguredQuadratureMapWithinItsErrorBound() {
        GpUcb policy = new GpUcb(GpUcbConfig.engineered(10, 0.5, UNIT, 8, GpUcbConfig.Privacy.none(), 0.25, 0.5,
                1.0, 0.1, 1.0, 1.0, 0.1));
        QuadratureFourierFeatures map = policy.featureMap();
        assertThat(map.featureDimension()).isEqualTo(200);
        double bound = map.errorBound(UNIT);
        var kernel = KernelSpec.rbf(0.5).toKernel();
        SplittableRandom rng = new SplittableRandom(17);
        for (int n = 0; n < 100; n++) {
            double[] x = {rng.nextDouble(), rng.nextDouble()};
            double[] y = {rng.nextDouble(), rng.nextDouble()};
            double[] px = policy.features(x);
            double[] py = policy.features(y);
            double dot = 0;
            for (int i = 0; i < px.length; i++) {
                dot += px[i] * py[i];
            }
            assertThat(dot).isCloseTo(kernel.value(x, y), within(bound + 1e-5)); // 1e-5: the 1 − 2^-20 clip
        }
    }

    private static double[] solve(double[][] a) {
        int m = a.length;
        for (int c = 0; c < m; c++) {
            for (int r = c + 1; r < m; r++) {
                double f = a[r][c] / a[c][c];
                for (int k = c; k <= m; k++) {
                    a[r][k] -= f * a[c][k];
                }
            }
        }
        double[] x = new double[m];
        for (int r = m - 1; r >= 0; r--) {
            double s = a[r][m];
            for (int k = r + 1; k < m; k++) {
                s -= a[r][k] * x[k];
            }
            x[r] = s / a[r][r];
        }
        return x;
    }
}
