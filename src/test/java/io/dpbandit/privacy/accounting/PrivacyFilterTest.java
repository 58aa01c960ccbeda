package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.EPS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CKS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Fully adaptive filters (Smith &amp; Thakurta 2022 for GDP; Feldman &amp; Zrnic 2021 and Whitehouse
 * et al. 2023 for zCDP) on accounting.json's admission sequences, both refusal semantics.
 */
class PrivacyFilterTest {

    private static final JsonNode FILTERS = section("filters");
    private static final double EPSILON = FILTERS.path("budget_eps").asDouble();
    private static final double DELTA = FILTERS.path("budget_delta").asDouble();

    @Test
    void theBudgetsAreTheLargestMuAndRhoForOneAndTenToMinusFive() {
        GaussianDpFilter gdp = GaussianDpFilter.forBudget(EPSILON, DELTA, RefusalSemantics.HALTING);
        assertRelative(gdp.muBudget(), FILTERS.path("mu_budget_gdp").asDouble(), EPS_REL, "mu_B");
        assertRelative(gdp.muBudget() * gdp.muBudget(), FILTERS.path("mu_budget_squared").asDouble(), EPS_REL, "mu_B^2");
        assertRelative(ZcdpFilter.forBudget(EPSILON, DELTA, ZcdpConversion.CANONNE_KAMATH_STEINKE, RefusalSemantics.SKIP)
                .rhoBudget(), FILTERS.path("rho_budget_cks").asDouble(), ZCDP_CKS_REL, "rho_B CKS");
    }

    @Test
    void everySequenceAdmitsExactlyTheFilesCountsAndIndices() {
        for (JsonNode sequence : FILTERS.path("sequences")) {
            JsonNode muNode = sequence.path("mu");
            double[] mus = new double[muNode.size()];
            for (int i = 0; i < mus.length; i++) {
                mus[i] = muNode.get(i).asDouble();
            }
            String name = sequence.path("name").asText();
            check(name + " gdp", sequence.path("gdp"), mus, s -> {
                GaussianDpFilter f = GaussianDpFilter.forBudget(EPSILON, DELTA, s);
                return new Filter(f::admit, f::spentSquared);
            });
            for (ZcdpConversion conversion : ZcdpConversion.values()) {
                String key = conversion == ZcdpConversion.CANONNE_KAMATH_STEINKE ? "zcdp_cks" : "zcdp_bun_steinke";
                check(name + " " + key, sequence.path(key), mus, s -> {
                    ZcdpFilter f = ZcdpFilter.forBudget(EPSILON, DELTA, conversion, s);
                    return new Filter(f::admitGaussian, f::spentRho);
                });
            }
        }
    }

    @Test
    void exponentialMechanismsChargeEpsilonSquaredOverEightAsBoundedRangeAndOverTwoAsPureDp() {
        JsonNode mixed = FILTERS.path("mixed_release_sequence");
        List<Mechanism> releases = new ArrayList<>();
        for (JsonNode r : mixed.path("releases")) {
            double value = r.get(1).asDouble();
            releases.add(r.get(0).asText().equals("gaussian") ? new Mechanism.Gaussian(value) : new Mechanism.BoundedRange(value));
        }
        for (boolean asBoundedRange : new boolean[] {true, false}) {
            JsonNode expected = mixed.path(asBoundedRange ? "zcdp_cks_exponential_as_bounded_range" : "zcdp_cks_exponential_as_pure_dp");
            for (RefusalSemantics semantics : RefusalSemantics.values()) {
                ZcdpFilter filter = ZcdpFilter.forBudget(EPSILON, DELTA, ZcdpConversion.CANONNE_KAMATH_STEINKE, semantics);
                List<Integer> admitted = new ArrayList<>();
                for (int i = 0; i < releases.size(); i++) {
                    Mechanism m = releases.get(i);
                    boolean ok = m instanceof Mechanism.BoundedRange b && !asBoundedRange
                            ? filter.admitPureDp(b.epsilon()) : filter.admit(m);
                    if (ok) {
                        admitted.add(i);
                    }
                }
                if (semantics == RefusalSemantics.HALTING) {
                    assertThat(admitted).hasSize(expected.path("halting_admitted_prefix").asInt());
                } else {
                    assertThat(admitted).containsExactlyElementsOf(indices(expected.path("skip_admitted_indices")));
                    assertRelative(filter.spentRho(), expected.path("skip_final_spent").asDouble(), 1e-14, "spent");
                }
            }
        }
    }

    @Test
    void theLedgerViewIsTheRunningSpendOfTheHaltingPrefix() {
        JsonNode view = FILTERS.path("ledger_view");
        JsonNode varied = FILTERS.path("sequences").get(1);
        assertThat(varied.path("name").asText()).isEqualTo("varied");
        GaussianDpFilter gdp = GaussianDpFilter.forBudget(EPSILON, DELTA, RefusalSemantics.HALTING);
        ZcdpFilter zcdp = ZcdpFilter.forBudget(EPSILON, DELTA, ZcdpConversion.CANONNE_KAMATH_STEINKE, RefusalSemantics.HALTING);
        for (int i = 0; i < view.path("running_mu").size(); i++) {
            double mu = varied.path("mu").get(i).asDouble();
            assertThat(gdp.admit(mu)).isTrue();
            assertRelative(gdp.spentMu(), view.path("running_mu").get(i).asDouble(), 1e-14, "running mu " + i);
            assertRelative(GaussianDp.epsilon(gdp.spentMu(), DELTA), view.path("running_eps_exact_at_1e-5").get(i).asDouble(),
                    EPS_REL, "running eps " + i);
        }
        for (int i = 0; i < view.path("running_rho").size(); i++) {
            assertThat(zcdp.admitGaussian(varied.path("mu").get(i).asDouble())).isTrue();
            assertRelative(zcdp.spentRho(), view.path("running_rho").get(i).asDouble(), 1e-14, "running rho " + i);
            assertRelative(ZcdpConversion.CANONNE_KAMATH_STEINKE.epsilon(zcdp.spentRho(), DELTA),
                    view.path("running_eps_cks_at_1e-5").get(i).asDouble(), ZCDP_CKS_REL, "running CKS eps " + i);
        }
    }

    @Test
    void aBanditCalibratedToOneAndTenToMinusFiveFitsThatBudgetOnceAndABudgetOfOneAndAHalfTwice() {
        double mu = GaussianDp.mu(1.0, 1e-5);
        for (RefusalSemantics semantics : RefusalSemantics.values()) {
            GaussianDpFilter tight = GaussianDpFilter.forBudget(1.0, 1e-5, semantics);
            assertThat(tight.admit(mu)).as("the first release fits with nothing to spare").isTrue();
            assertThat(tight.admit(mu)).as("a second one does not").isFalse();
            assertThat(tight.admittedCount()).isEqualTo(1);
            GaussianDpFilter wider = GaussianDpFilter.forBudget(1.5, 1e-5, semantics);
            assertThat(wider.admit(mu)).isTrue();
            assertThat(wider.admit(mu)).isTrue();
            assertThat(wider.admit(mu)).isFalse();
        }
        // Neither zCDP conversion admits even the first.
        for (ZcdpConversion conversion : ZcdpConversion.values()) {
            assertThat(ZcdpFilter.forBudget(1.0, 1e-5, conversion, RefusalSemantics.SKIP).admitGaussian(mu)).isFalse();
        }
    }

    @Test
    void aHaltedFilterRefusesEvenWhatWouldFit() {
        GaussianDpFilter f = new GaussianDpFilter(0.3, RefusalSemantics.HALTING);
        assertThat(f.admit(0.31)).isFalse();
        assertThat(f.halted()).isTrue();
        assertThat(f.admit(0.01)).isFalse();
        GaussianDpFilter skip = new GaussianDpFilter(0.3, RefusalSemantics.SKIP);
        assertThat(skip.admit(0.31)).isFalse();
        assertThat(skip.admit(0.01)).isTrue();
        assertThat(skip.halted()).isFalse();
    }

    /** A filter as seen by a test: admit(x) and the spend after. */
    private record Filter(Predicate<Double> admit, java.util.function.DoubleSupplier spent) {
    }

    private static void check(String what, JsonNode expected, double[] mus, Function<RefusalSemantics, Filter> factory) {
        Filter halting = factory.apply(RefusalSemantics.HALTING);
        List<Integer> haltingAdmitted = new ArrayList<>();
        Filter skip = factory.apply(RefusalSemantics.SKIP);
        List<Integer> skipAdmitted = new ArrayList<>();
        for (int i = 0; i < mus.length; i++) {
            if (halting.admit().test(mus[i])) {
                haltingAdmitted.add(i);
            }
            if (skip.admit().test(mus[i])) {
                skipAdmitted.add(i);
            }
        }
        int prefix = expected.path("halting_admitted_prefix").asInt();
        assertThat(haltingAdmitted).as(what + " halting").containsExactlyElementsOf(range(prefix));
        assertThat(skipAdmitted).as(what + " skip").containsExactlyElementsOf(indices(expected.path("skip_admitted_indices")));
        assertThat(skipAdmitted).hasSize(expected.path("skip_admitted_count").asInt());
        assertRelative(skip.spent().getAsDouble(), expected.path("skip_final_spent").asDouble(), 1e-14, what + " spent");
    }

    private static List<Integer> indices(JsonNode array) {
        List<Integer> list = new ArrayList<>();
        array.forEach(n -> list.add(n.asInt()));
        return list;
    }

    private static List<Integer> range(int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        return list;
    }
}
