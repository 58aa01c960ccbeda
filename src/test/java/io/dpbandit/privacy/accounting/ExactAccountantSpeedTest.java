package io.dpbandit.privacy.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How fast the exact accountant answers the compositions a budget holds: a shared budget's
 * admission runs it on the request path, so it must stay well under a request's time. Bounds on the
 * wall clock, so the class runs in the "alone" phase with no other test beside it (pom.xml).
 */
@Tag("alone")
class ExactAccountantSpeedTest {

    @Test
    void twoHundredGaussiansAndTenThousandIdenticalPureReleasesAreAccountedWellUnderFiftyMilliseconds() {
        List<Mechanism> list = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            list.add(new Mechanism.Gaussian(0.01 + 0.0001 * i));
        }
        list.addAll(Collections.nCopies(10_000, new Mechanism.BoundedRange(0.01)));
        ExactAccountant accountant = new ExactAccountant();
        assertThat(accountant.route(list)).isEqualTo(ExactAccountant.Route.GAUSSIAN_AND_PURE_ATOMS);
        Timed t = bestOf(4, accountant, list);
        assertThat(t.epsilon()).isGreaterThan(0).isLessThan(10_000 * 0.01);
        assertThat(t.bestMillis()).as("best of 4 runs, ms").isLessThan(50.0);
    }

    @Test
    void fiftyDistinctPureReleasesAreAccountedWithinASecond() {
        List<Mechanism> list = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            list.add(new Mechanism.Laplace(0.2 + 0.03 * i));
            list.add(new Mechanism.PureDp(0.1 + 0.02 * i));
        }
        ExactAccountant accountant = new ExactAccountant();
        assertThat(accountant.route(list)).isEqualTo(ExactAccountant.Route.DISCRETISED);
        Timed t = bestOf(2, accountant, list);
        double sum = list.stream().mapToDouble(m -> m instanceof Mechanism.Laplace l ? l.epsilon0()
                : ((Mechanism.PureDp) m).epsilon()).sum();
        assertThat(t.epsilon()).isGreaterThan(0).isLessThan(sum);
        assertThat(t.bestMillis()).as("best of 2 runs, ms").isLessThan(1000.0);
    }

    /** The accountant's epsilon at delta 1e-6 and the fastest of {@code runs} computations of it. */
    record Timed(double epsilon, double bestMillis) {
    }

    static Timed bestOf(int runs, ExactAccountant accountant, List<Mechanism> list) {
        long best = Long.MAX_VALUE;
        double eps = 0;
        for (int run = 0; run < runs; run++) {
            long start = System.nanoTime();
            eps = accountant.epsilon(list, 1e-6);
            best = Math.min(best, System.nanoTime() - start);
        }
        return new Timed(eps, best / 1e6);
    }
}
