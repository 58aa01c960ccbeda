package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.PLD_BOUNDS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The accountant's routes, its safety on random mixtures, the calibration helper and its speed. */
class ExactAccountantTest {

    private static final double H = 0x1p-14;

    @Test
    void nothingAndOnlyGaussiansTakeTheClosedForms() {
        ExactAccountant accountant = new ExactAccountant();
        assertThat(accountant.route(List.of())).isEqualTo(ExactAccountant.Route.NONE);
        assertThat(accountant.delta(List.of(), 0.0)).isZero();
        assertThat(accountant.epsilon(List.of(new Mechanism.Gaussian(0.0), new Mechanism.PureDp(0.0)), 1e-9)).isZero();
        List<Mechanism> gaussians = List.of(new Mechanism.Gaussian(0.2), new Mechanism.Gaussian(0.5),
                new Mechanism.Gaussian(1.0));
        assertThat(accountant.route(gaussians)).isEqualTo(ExactAccountant.Route.GAUSSIAN);
        double mu = GaussianDp.compose(0.2, 0.5, 1.0);
        assertThat(accountant.epsilon(gaussians, 1e-5)).isEqualTo(GaussianDp.epsilon(mu, 1e-5));
        assertThat(accountant.gridStep(gaussians)).isNaN();
        assertThat(accountant.route(List.of(Mechanism.Laplace.of(1.0, 2.0)))).isEqualTo(ExactAccountant.Route.LAPLACE);
        assertThat(accountant.epsilon(List.of(Mechanism.Laplace.of(1.0, 2.0)), 1e-5))
                .isEqualTo(LaplacePld.epsilon(0.5, 1e-5));
    }

    @Test
    void identicalPureReleasesTakeTheBinomialClosedForm() {
        ExactAccountant accountant = new ExactAccountant();
        List<Mechanism> releases = Collections.nCopies(50, new Mechanism.PureDp(0.1));
        assertThat(accountant.route(releases)).isEqualTo(ExactAccountant.Route.PURE_ATOMS);
        assertThat(accountant.epsilon(releases, 1e-5)).isEqualTo(PureDpComposition.epsilon(50, 0.1, 1e-5));
        // Binary randomized response and the exponential mechanism (as ε-DP) are the same worst case.
        List<Mechanism> kinds = List.of(new Mechanism.PureDp(0.5), new Mechanism.RandomizedResponse(2, 0.5),
                new Mechanism.BoundedRange(0.5));
        assertThat(accountant.route(kinds)).isEqualTo(ExactAccountant.Route.PURE_ATOMS);
        assertThat(accountant.delta(kinds, 0.5)).isEqualTo(PureDpComposition.delta(3, 0.5, 0.5));
    }

    @Test
    void aLaplaceCompositionOnTheFilesGridGivesTheFilesBounds() {
        JsonNode c = section("laplace").path("compositions").get(1); // 10 x 0.1
        List<Mechanism> releases = Collections.nCopies(10, Mechanism.Laplace.of(1.0, 10.0));
        ExactAccountant accountant = new ExactAccountant(PldGrid.fixed(-14));
        assertThat(accountant.route(releases)).isEqualTo(ExactAccountant.Route.DISCRETISED);
        assertThat(accountant.gridStep(releases)).isEqualTo(H);
        JsonNode bounds = c.path("pld_bounds");
        for (int i = 0; i < c.path("eps").size(); i++) {
            Interval d = accountant.deltaBounds(releases, c.path("eps").get(i).asDouble());
            assertRelative(d.upper(), bounds.path("delta_upper").get(i).asDouble(), PLD_BOUNDS_REL, "upper");
            assertRelative(d.lower(), bounds.path("delta_lower").get(i).asDouble(), PLD_BOUNDS_REL, "lower");
            assertThat(d.contains(c.path("delta").get(i).asDouble())).isTrue();
        }
        // The production grid keeps h = 2^-14 for this list: it is cheap.
        assertThat(new ExactAccountant().gridStep(releases)).isEqualTo(H);
    }

    @Test
    void theGridCoarsensOnlyAsFarAsTheConvolutionBudgetNeeds() {
        List<Mechanism> many = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            many.add(new Mechanism.Laplace(0.5 + 0.01 * i));
        }
        double h = new ExactAccountant().gridStep(many);
        assertThat(h).isGreaterThan(H).isLessThanOrEqualTo(0x1p-8);
        assertThat(new ExactAccountant(new PldGrid(-14, 10L * PldGrid.DEFAULT.convolutionBudget(), 4096))
                .gridStep(many)).isLessThan(h);
    }

    @Test
    void extremeParametersStillGiveAnswersOnTheSafeSide() {
        List<Mechanism> list = new ArrayList<>(Collections.nCopies(3, new Mechanism.PureDp(50.0)));
        list.add(new Mechanism.Laplace(0.001));
        list.add(new Mechanism.RandomizedResponse(1000, 0.01));
        ExactAccountant accountant = new ExactAccountant();
        assertThat(accountant.route(list)).isEqualTo(ExactAccountant.Route.DISCRETISED);
        Interval e = accountant.epsilonBounds(list, 1e-9);
        assertThat(e.upper()).isFinite().isLessThanOrEqualTo(150.02);
        assertThat(e.lower()).isGreaterThan(100.0);
        list.add(new Mechanism.Gaussian(3.0));
        Interval withGaussian = accountant.epsilonBounds(list, 1e-9);
        assertThat(withGaussian.lower()).isGreaterThan(e.lower());
        assertThat(withGaussian.upper()).isFinite();
        // A δ no composition can reach at any finite ε under the pessimistic tail bound.
        assertThat(accountant.delta(list, 0.0)).isLessThanOrEqualTo(1.0);
    }

    @Test
    void weightedGaussianReleasesComposeToExactlyTheTargetBudget() {
        double[] weights = {1.0, 2.0, 0.5, 3.0, 1.0};
        double[] mus = GaussianDp.calibrate(1.0, 1e-5, weights);
        double total = GaussianDp.mu(1.0, 1e-5);
        assertThat(GaussianDp.compose(mus)).isLessThanOrEqualTo(total).isCloseTo(total, within(1e-14));
        for (int i = 1; i < mus.length; i++) {
            assertRelative(mus[i] / mus[0], weights[i] / weights[0], 1e-14, "ratio " + i);
        }
        List<Mechanism> releases = Arrays.stream(mus).mapToObj(m -> (Mechanism) new Mechanism.Gaussian(m)).toList();
        assertThat(new ExactAccountant().epsilon(releases, 1e-5)).isLessThanOrEqualTo(1.0).isCloseTo(1.0, within(1e-12));
        assertThatThrownBy(() -> GaussianDp.calibrate(1.0, 1e-5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GaussianDp.calibrate(1.0, 1e-5, 1.0, -1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Random lists of Gaussians and groups of pure ε-DP releases (fixed seed) against an independent
     * reference: the pure part's exact atoms from binomial probabilities in 40-digit BigDecimal,
     * and the Gaussian closed form (itself checked against 50-digit values in GaussianDpTest) mixed
     * over them. The pessimistic accountant must never report less, the optimistic never more.
     */
    @Test
    void thePessimisticAccountantNeverReportsLessThanTheExactValueOnRandomMixtures() {
        Random random = new Random(20240611L);
        ExactAccountant accountant = new ExactAccountant();
        for (int trial = 0; trial < 6; trial++) {
            List<Mechanism> list = new ArrayList<>();
            int gaussians = random.nextInt(3) + (trial % 2); // trials 1, 3, 5 always have one
            List<Double> mus = new ArrayList<>();
            for (int i = 0; i < gaussians; i++) {
                double mu = 0.05 + 0.55 * random.nextDouble();
                mus.add(mu);
                list.add(new Mechanism.Gaussian(mu));
            }
            int groups = 1 + random.nextInt(3);
            int[] counts = new int[groups];
            double[] eps = new double[groups];
            for (int g = 0; g < groups; g++) {
                counts[g] = 1 + random.nextInt(12);
                eps[g] = 0.05 + 0.95 * random.nextDouble();
                for (int i = 0; i < counts[g]; i++) {
                    list.add(random.nextBoolean() ? new Mechanism.PureDp(eps[g]) : new Mechanism.BoundedRange(eps[g]));
                }
            }
            Collections.shuffle(list, random);
            double mu = mus.isEmpty() ? 0.0 : GaussianDp.compose(mus.stream().mapToDouble(Double::doubleValue).toArray());
            DoubleUnaryOperator reference = referenceDelta(mu, counts, eps);
            String what = "trial " + trial + ": " + accountant.route(list) + " mu=" + mu + " k=" + Arrays.toString(counts)
                    + " eps=" + Arrays.toString(eps);
            for (double target : new double[] {trial % 2 == 0 ? 1e-3 : 1e-6}) {
                double exactEps = referenceEpsilon(reference, target);
                Interval e = accountant.epsilonBounds(list, target);
                assertThat(e.upper()).as(what + " eps upper at " + target).isGreaterThanOrEqualTo(exactEps);
                assertThat(e.lower()).as(what + " eps lower at " + target).isLessThanOrEqualTo(exactEps);
                assertThat(e.upper() - exactEps).as(what).isLessThanOrEqualTo(0.01 * exactEps);
                for (double at : new double[] {0.5 * exactEps, exactEps}) {
                    double exact = reference.applyAsDouble(at);
                    Interval d = accountant.deltaBounds(list, at);
                    // The reference has its own ~1e-14 relative rounding.
                    assertThat(d.upper()).as(what + " delta upper at " + at).isGreaterThanOrEqualTo(exact * (1 - 1e-12));
                    assertThat(d.lower()).as(what + " delta lower at " + at).isLessThanOrEqualTo(exact * (1 + 1e-12));
                    assertThat(d.upper()).isEqualTo(accountant.delta(list, at));
                }
            }
        }
    }

    /** δ(ε) = Σ_atoms P(atom)·δ_μ(ε − loss), atoms of the groups' binomials (BigDecimal probabilities). */
    private static DoubleUnaryOperator referenceDelta(double mu, int[] counts, double[] eps) {
        double[] loss = {0.0};
        double[] prob = {1.0};
        for (int g = 0; g < counts.length; g++) {
            double[] p = binomial(counts[g], eps[g]);
            double[] nextLoss = new double[loss.length * p.length];
            double[] nextProb = new double[nextLoss.length];
            int n = 0;
            for (int i = 0; i < loss.length; i++) {
                for (int l = 0; l < p.length; l++) {
                    nextLoss[n] = loss[i] + (2 * l - counts[g]) * eps[g];
                    nextProb[n] = prob[i] * p[l];
                    n++;
                }
            }
            loss = nextLoss;
            prob = nextProb;
        }
        double[] finalLoss = loss;
        double[] finalProb = prob;
        return e -> {
            double sum = 0;
            for (int i = 0; i < finalLoss.length; i++) {
                double x = e - finalLoss[i];
                sum += finalProb[i] * (mu > 0 ? GaussianDp.delta(mu, x) : Math.max(0.0, -Math.expm1(x)));
            }
            return sum;
        };
    }

    /** Binomial(k, e^ε/(1 + e^ε)) in 40-digit arithmetic. */
    private static double[] binomial(int k, double eps) {
        MathContext mc = new MathContext(40);
        BigDecimal q = BigDecimal.ONE.divide(BigDecimal.ONE.add(new BigDecimal(Math.exp(-eps))), mc);
        BigDecimal r = BigDecimal.ONE.subtract(q, mc);
        double[] p = new double[k + 1];
        BigDecimal choose = BigDecimal.ONE;
        for (int l = 0; l <= k; l++) {
            if (l > 0) {
                choose = choose.multiply(BigDecimal.valueOf(k - l + 1)).divide(BigDecimal.valueOf(l), mc);
            }
            p[l] = choose.multiply(q.pow(l, mc), mc).multiply(r.pow(k - l, mc), mc).doubleValue();
        }
        return p;
    }

    private static double referenceEpsilon(DoubleUnaryOperator delta, double target) {
        double lo = 0.0;
        double hi = 1.0;
        while (delta.applyAsDouble(hi) > target) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 60; i++) {
            double mid = 0.5 * (lo + hi);
            if (delta.applyAsDouble(mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}
