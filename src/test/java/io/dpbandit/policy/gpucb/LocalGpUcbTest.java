package io.dpbandit.policy.gpucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The local-JDP server: it folds only its own clients' reports, sums them, and shifts at use time. */
class LocalGpUcbTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static GpUcbConfig local(GpUcbConfig.ShiftRule rule) {
        return new GpUcbConfig(new io.dpbandit.kernel.QuadratureFeatureSpec(3, 0.5, 2), BoxDomain.unitCube(2), 50,
                GpUcbConfig.Privacy.localJdp(1.0, 0.1), GpUcbConfig.Calibration.ANALYTIC, 0.25, 0.5, 1.0, 0.1, 1.0,
                new GpUcbConfig.Tuning(rule, 1.0, 0.1));
    }

    static List<GpUcbReport> reports(LocalGpUcb policy, int count, long seed) {
        GpUcbRandomiser client = new GpUcbRandomiser(policy.clientParameters(), PrivacyFloor.NONE);
        SplittableRandom rng = new SplittableRandom(seed);
        NoiseSource device = new SeededNoiseSource(seed);
        List<GpUcbReport> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double[] phi = policy.features(new double[] {rng.nextDouble(), rng.nextDouble()});
            out.add(client.randomise(phi, rng.nextInt(2), device));
        }
        return out;
    }

    /** The server's σ_X, σ_u (LocalJdpCalibration, used for the shift) are the client's, to the bit. */
    @Test
    void serverAndClientDeriveTheSameNoiseFromThePublicParameters() {
        for (GpUcbConfig.Calibration c : GpUcbConfig.Calibration.values()) {
            GpUcbConfig config = new GpUcbConfig(local(GpUcbConfig.ShiftRule.PAPER).features(),
                    BoxDomain.unitCube(2), 50, GpUcbConfig.Privacy.localJdp(0.5, 0.01), c, 0.25, 0.5, 1.0, 0.1, 2.0,
                    GpUcbConfig.Tuning.paper());
            LocalGpUcb policy = new LocalGpUcb(config);
            GpUcbParameters client = policy.clientParameters();
            assertThat(client.featureDimension()).isEqualTo(18);
            assertThat(client.rewardBound()).isEqualTo(2.0);
            assertThat(client.gramCalibration().sigma()).isEqualTo(policy.clientNoise().sigmaX());
            assertThat(client.rewardFeaturesCalibration().sigma()).isEqualTo(policy.clientNoise().sigmaU());
            assertThat(client.calibration()).isEqualTo(c == GpUcbConfig.Calibration.ANALYTIC
                    ? CalibrationMethod.ANALYTIC : CalibrationMethod.CLASSICAL);
        }
    }

    @Test
    void sumsAreTheSumsOfTheReportsAndFoldLeavesItsInputAlone() throws Exception {
        LocalGpUcb policy = new LocalGpUcb(local(GpUcbConfig.ShiftRule.SHARP));
        List<GpUcbReport> batch = reports(policy, 4, 1);
        LocalGpUcbState start = policy.start();
        String before = JSON.writeValueAsString(start);
        LocalGpUcbState state = policy.fold(policy.fold(start, batch.subList(0, 1), null), batch.subList(1, 4), null);
        assertThat(JSON.writeValueAsString(start)).isEqualTo(before);
        assertThat(state.reports()).isEqualTo(4);
        double[] gram = new double[batch.get(0).noisyGram().length];
        double[] u = new double[18];
        for (GpUcbReport r : batch) {
            for (int k = 0; k < gram.length; k++) {
                gram[k] += r.noisyGram()[k];
            }
            for (int i = 0; i < u.length; i++) {
                u[i] += r.noisyRewardFeatures()[i];
            }
        }
        assertThat(state.noisyGram().upper()).containsExactly(gram, within(1e-12));
        assertThat(state.noisyRewardFeatures()).containsExactly(u, within(1e-12));
    }

    @Test
    void refusesReportsMadeWithOtherParametersOrLessNoiseAndFoldsNothing() {
        LocalGpUcb policy = new LocalGpUcb(local(GpUcbConfig.ShiftRule.SHARP));
        LocalGpUcbState state = policy.start();
        GpUcbReport good = reports(policy, 1, 2).get(0);
        GpUcbParameters p = policy.clientParameters();
        double[] phi = policy.features(new double[] {0.2, 0.3});
        List<GpUcbParameters> others = List.of(
                new GpUcbParameters(p.featureDimension(), 2.0, p.delta(), p.rewardBound(), p.calibration()),
                new GpUcbParameters(p.featureDimension(), p.epsilon(), 0.2, p.rewardBound(), p.calibration()),
                new GpUcbParameters(p.featureDimension(), p.epsilon(), p.delta(), 0.5, p.calibration()),
                new GpUcbParameters(p.featureDimension(), p.epsilon(), p.delta(), p.rewardBound(),
                        CalibrationMethod.CLASSICAL));
        for (GpUcbParameters other : others) {
            GpUcbReport bad = new GpUcbRandomiser(other, PrivacyFloor.NONE).randomise(phi, 1, new SeededNoiseSource(3));
            assertThatThrownBy(() -> policy.fold(state, List.of(good, bad), null))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("report 1");
        }
        GpUcbReport quiet = new GpUcbReport(good.featureDimension(), good.noisyGram(), good.noisyRewardFeatures(),
                good.epsilon(), good.delta(), good.rewardBound(), good.gramSigma() / 2, good.rewardFeaturesSigma(),
                good.calibration());
        assertThatThrownBy(() -> policy.fold(state, List.of(quiet), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gramSigma");
        // Values no randomiser with this bandit's σ can produce: refused, whatever the report declares.
        double[] hugeGram = good.noisyGram().clone();
        hugeGram[0] = 1e6;
        GpUcbReport forgedGram = new GpUcbReport(good.featureDimension(), hugeGram, good.noisyRewardFeatures(),
                good.epsilon(), good.delta(), good.rewardBound(), good.gramSigma(), good.rewardFeaturesSigma(),
                good.calibration());
        assertThatThrownBy(() -> policy.validate(forgedGram)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("noisyGram");
        double[] hugeReward = good.noisyRewardFeatures().clone();
        hugeReward[0] = -1e6;
        GpUcbReport forgedReward = new GpUcbReport(good.featureDimension(), good.noisyGram(), hugeReward,
                good.epsilon(), good.delta(), good.rewardBound(), good.gramSigma(), good.rewardFeaturesSigma(),
                good.calibration());
        assertThatThrownBy(() -> policy.validate(forgedReward)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("noisyRewardFeatures");
        GpUcbReport small = new GpUcbRandomiser(GpUcbParameters.of(8, 1.0, 0.1, 1.0), PrivacyFloor.NONE)
                .randomise(new double[8], 0, new SeededNoiseSource(4));
        assertThatThrownBy(() -> policy.fold(state, List.of(small), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("featureDimension");
        assertThat(policy.fold(state, List.of(good), null).reports()).isEqualTo(1);
    }

    /**
     * The shift s·2σ_XΛ is added at use time: PAPER uses Λ at the horizon from the first round, SHARP
     * Λ_r = √r (4√M + 2 ln(2T/ζ)) for the r reports summed (none before the first report).
     */
    @Test
    void shiftIsAddedAtUseTimeAndFollowsTheRule() {
        LocalGpUcb paper = new LocalGpUcb(local(GpUcbConfig.ShiftRule.PAPER));
        LocalGpUcb sharp = new LocalGpUcb(local(GpUcbConfig.ShiftRule.SHARP));
        double sigmaX = paper.clientNoise().sigmaX();
        assertThat(paper.shift(0)).isCloseTo(LocalJdpCalibration.shift(sigmaX, 18, 50, 0.1), within(1e-9));
        assertThat(paper.shift(7)).isEqualTo(paper.shift(0));
        assertThat(sharp.shift(0)).isZero();
        assertThat(sharp.spectralBounds(0)).isEqualTo(SpectralBounds.NONE);
        assertThat(sharp.shift(50)).isCloseTo(paper.shift(0), within(1e-9));
        assertThat(sharp.shift(8)).isCloseTo(paper.shift(0) * Math.sqrt(8.0 / 50.0), within(1e-9));
        assertThat(sharp.spectralBounds(50)).isEqualTo(LocalJdpCalibration.lemma6Bounds(sigmaX,
                paper.clientNoise().sigmaU(), 18, 50, 0.1));

        LocalGpUcbState state = sharp.fold(sharp.start(), reports(sharp, 3, 5), null);
        double diagonal = state.noisyGram().get(0, 0) + sharp.shift(3) + 0.25;
        assertThat(state.snapshot().cholesky()[0]).isCloseTo(Math.sqrt(diagonal), within(1e-9));
    }

    /**
     * FLOOR under local JDP: the sum's eigenvalues are raised to s·σ_XΛ_r at use time (half the SHARP
     * shift at s = 1), nothing before the first report; the reports and their sums are the SHIFT
     * policy's.
     */
    @Test
    void floorIsAppliedAtUseTimeToTheSumOfTheReports() {
        GpUcbConfig sharpConfig = local(GpUcbConfig.ShiftRule.SHARP);
        LocalGpUcb shift = new LocalGpUcb(sharpConfig);
        LocalGpUcb floor = new LocalGpUcb(sharpConfig.withTuning(sharpConfig.tuning()
                .withRegulariser(GpUcbConfig.Regulariser.FLOOR)));
        assertThat(floor.clientParameters()).isEqualTo(shift.clientParameters());
        assertThat(floor.eigenvalueFloor(0)).isZero();
        assertThat(floor.spectralBounds(0)).isEqualTo(SpectralBounds.NONE);
        assertThat(floor.shift(8)).isZero();
        assertThat(floor.eigenvalueFloor(8)).isCloseTo(shift.shift(8) / 2, within(1e-9));
        assertThat(floor.spectralBounds(8).lambdaMin()).isCloseTo(floor.eigenvalueFloor(8), within(1e-9));
        assertThat(floor.spectralBounds(8).lambdaMax()).isCloseTo(2 * floor.eigenvalueFloor(8), within(1e-9));

        List<GpUcbReport> batch = reports(shift, 3, 5);
        LocalGpUcbState a = shift.fold(shift.start(), batch, null);
        LocalGpUcbState b = floor.fold(floor.start(), batch, null);
        assertThat(b.noisyGram().upper()).containsExactly(a.noisyGram().upper());
        assertThat(b.noisyRewardFeatures()).containsExactly(a.noisyRewardFeatures());
        int m = sharpConfig.featureDimension();
        double[] l = b.snapshot().cholesky();
        double smallest = Double.POSITIVE_INFINITY;
        org.ejml.data.DMatrixRMaj v = new org.ejml.data.DMatrixRMaj(m, m);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double s = 0;
                for (int k = 0; k <= Math.min(i, j); k++) {
                    s += l[i * m + k] * l[j * m + k];
                }
                v.set(i, j, s);
            }
        }
        smallest = io.dpbandit.kernel.SymmetricEigenFunctions.eigenvaluesAscending(v)[0];
        assertThat(smallest).isGreaterThanOrEqualTo((floor.eigenvalueFloor(3) + 0.25) * (1 - 1e-9));
        assertThat(b.psdRepairs()).isZero();
    }

    @Test
    void stateRoundTripsThroughJsonAndRefusesReportsPastTheHorizon() throws Exception {
        LocalGpUcb policy = new LocalGpUcb(local(GpUcbConfig.ShiftRule.SHARP));
        LocalGpUcbState state = policy.fold(policy.start(), reports(policy, 5, 6), null);
        String json = JSON.writeValueAsString(state);
        LocalGpUcbState back = JSON.readValue(json, LocalGpUcbState.class);
        assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
        double[][] candidates = {{0.1, 0.1}, {0.8, 0.3}, {0.4, 0.9}};
        assertThat(policy.decide(back, candidates, new SplittableRandom(7)))
                .isEqualTo(policy.decide(state, candidates, new SplittableRandom(7)));

        LocalGpUcbState full = policy.fold(policy.start(), reports(policy, 50, 8), null);
        assertThat(policy.horizonReached(full)).isTrue();
        assertThatThrownBy(() -> policy.fold(full, reports(policy, 1, 9), null))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new LocalGpUcb(GpUcbTest.jdp(8))).isInstanceOf(IllegalArgumentException.class);
    }

    /** The report's JSON is the documented wire format, field for field, and reads back equal. */
    @Test
    void reportJsonIsTheDocumentedWireFormat() throws Exception {
        LocalGpUcb policy = new LocalGpUcb(local(GpUcbConfig.ShiftRule.SHARP));
        GpUcbReport report = reports(policy, 1, 10).get(0);
        var tree = JSON.readTree(JSON.writeValueAsString(report));
        assertThat(tree.fieldNames()).toIterable().containsExactlyInAnyOrder("featureDimension", "noisyGram",
                "noisyRewardFeatures", "epsilon", "delta", "rewardBound", "gramSigma", "rewardFeaturesSigma",
                "calibration");
        assertThat(tree.get("noisyGram").size()).isEqualTo(18 * 19 / 2);
        assertThat(tree.get("calibration").asText()).isEqualTo("ANALYTIC");
        assertThat(JSON.readValue(JSON.writeValueAsString(report), GpUcbReport.class)).isEqualTo(report);
    }
}
