package io.dpbandit.algorithms.capri;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.MedianLengthScale;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriDefaults;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.Profile;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.TuningMode;
import java.util.List;
import java.util.Locale;

/**
 * What a CAPRI spec's unset options default to under the LEARN profile (the PAPER profile keeps the
 * paper's Algorithm 1: the kernel given, the (ε/L, δ/L) split, uniform decisions). Each choice
 * reads public inputs only (the spec and its public pool), so it costs no privacy, and each is
 * listed in the spec's choices with its reason. Measured on two real data sets
 * (docs/benchmarks-real.md, "Learn by default"): the three together take CAPRI at ε = 1, T = 20 000
 * from uniform play to about a third of the non-private gain.
 *
 * <ul>
 *   <li>τ ({@code regularization}, JDP): 0.1 when the spec gives none (ENGINEERED tuning); the PAPER
 *       profile and CAPRI-LDP keep 1.</li>
 *   <li>The kernel: RBF with the median rule's length scale over the pool's joint points
 *       ({@link MedianLengthScale}), when the spec gives none.</li>
 *   <li>The composition (JDP): PARALLEL. Each round's data enters one epoch, so at round level every
 *       epoch may use the whole (ε, δ) (parallel composition); at user level a user's k rounds may sit
 *       in up to k epochs, and the Gaussian accountants charge that as the Gaussian-DP sum
 *       √(Σ_r (j_r/k)²) μ ≤ μ (Dong, Roth &amp; Su 2019, Cor. 3.3), which needs an EXACT or ZCDP
 *       accountant: with BASIC (pinned, or the PAPER tuning's) and k &gt; 1 it stays SEQUENTIAL.</li>
 *   <li>The decisions (JDP, ENGINEERED tuning): {@code exploit ARGMAX} with the share s the planner
 *       forecasts to learn most over the horizon ({@link CapriDefaults#chooseExploitShare}); the
 *       horizon then counts decisions and CAPRI learns over ⌊(1 − s)·T⌋ of them
 *       ({@link CapriAlgorithm#learningHorizon}). Post-processing of the releases: no privacy cost;
 *       not in the paper.</li>
 * </ul>
 * CAPRI-LDP keeps the paper's composition and decisions (only the kernel rule applies): its
 * randomiser plans are per epoch and were not measured with them.
 */
final class CapriLearnDefaults {

    /** τ under LEARN when the spec gives none (the simulator's default, measured against 1). */
    static final double REGULARIZATION = 0.1;

    /**
     * The planner's share rule runs while normalising a spec (at creation and for a plan), so only where
     * it is quick: its four plans take about 4 s of CPU for 400 joint points at T = 20 000 (the digits'
     * spec) and grow with the support (68 s for 2 000 points at T = 400 000) and the horizon. The limits
     * are public facts of the spec, so the same spec always gets the same choice, whatever the machine.
     */
    static final long RULE_MAX_POINTS = 500;
    static final int RULE_MAX_HORIZON = 400_000;

    private CapriLearnDefaults() {
    }

    /**
     * Beyond the rule's limits: the share the rule chose for the digits' spec at such horizons (0.25 at
     * T = 20 000, 0.5 at 100 000, 0.75 at 400 000 and above), by horizon.
     */
    static CapriDefaults.Choice tableChoice(long horizon, long points) {
        double share = horizon < 50_000 ? 0.25 : horizon < 200_000 ? 0.5 : 0.75;
        return new CapriDefaults.Choice(share, Double.NaN, new double[0], String.format(Locale.ROOT,
                "exploit ARGMAX with share %.2f by horizon (the planner's rule is run only for at most %d joint points "
                + "and %d decisions, this spec has %d and %d; the rule chose 0.25 at 20 000 decisions, 0.5 at "
                + "100 000 and 0.75 from 400 000 on the digits' spec)", share, RULE_MAX_POINTS, RULE_MAX_HORIZON,
                points, horizon));
    }

    static boolean choosesKernel(BanditSpec s) {
        return s.profileOrLearn() == Profile.LEARN && s.contextPool() != null && !s.contextPool().isEmpty();
    }

    /** The spec with LEARN's choices made for what it leaves out (the spec as given under PAPER). */
    static BanditSpec apply(BanditSpec s, List<InvalidRequestException.FieldProblem> problems) {
        if (s.profileOrLearn() != Profile.LEARN || s.privacy() == null || s.horizon() == null
                || s.actions() == null || s.contextPool() == null) {
            return s;
        }
        BanditSpec out = s;
        if (out.regularization() == null && out.tuning().mode() != TuningMode.PAPER
                && out.privacy().model() != PrivacyModel.LDP) {
            out = out.withRegularization(REGULARIZATION).withChoice("regularization", REGULARIZATION, "tau = 0.1 "
                    + "learned more than 1 on the digits with the other LEARN choices (0.65 against 0.42 of the "
                    + "non-private gain at epsilon 4, T = 20000; on the wine 0.69 against 0.77 at epsilon 4, level at "
                    + "epsilon 1); a smaller ridge follows the released sums more closely, and the noise is calibrated "
                    + "to the contribution bound the ridge gives, so privacy is unchanged");
        }
        if (out.kernel() == null) {
            List<double[]> features = s.actions().stream().map(BanditSpec.Action::features).toList();
            double l;
            try {
                l = MedianLengthScale.of(s.contextPool(), features);
            } catch (IllegalArgumentException e) {
                problems.add(new InvalidRequestException.FieldProblem("kernel", "is required here: the median rule "
                        + "cannot set a length scale from this pool (" + e.getMessage() + ")"));
                return s;
            }
            out = out.withKernel(KernelSpec.rbf(l)).withChoice("kernel", String.format(Locale.ROOT,
                    "{\"type\": \"RBF\", \"lengthScale\": %.6g}", l), "the median rule: the median distance between "
                    + "the public pool's joint points (context, action features), read from public inputs only");
        }
        boolean jdp = out.privacy().model() != PrivacyModel.LDP;
        boolean paperTuning = out.tuning().mode() == TuningMode.PAPER;
        // CAPRI's releases are Gaussian: the accountant the spec's normalisation will give it.
        Accountant accountant = out.privacy().accountant() != null ? out.privacy().accountant()
                : Accountant.defaultFor(true, paperTuning);
        if (out.privacy().composition() == null && jdp) {
            boolean gaussian = accountant.composesGaussians();
            var composition = out.privacy().groupSize() > 1 && !gaussian ? CapriConfig.EpochComposition.SEQUENTIAL
                    : CapriConfig.EpochComposition.PARALLEL;
            out = out.withPrivacy(out.privacy().withComposition(composition)).withChoice(
                    "privacy.composition", composition, composition == CapriConfig.EpochComposition.PARALLEL
                            ? (out.privacy().groupSize() > 1
                                    ? "each epoch at the whole budget; a user's rounds in several epochs compose as "
                                            + "Gaussians under the " + accountant + " accountant (sqrt of the sum of "
                                            + "squares, at most the whole mu)"
                                    : "each round's data enters exactly one epoch, so every epoch may use the whole "
                                            + "(epsilon, delta) (parallel composition) instead of the paper's split")
                            : "a user's rounds may fall in several epochs and the BASIC accountant adds them up: "
                                    + "the paper's split");
        }
        // exploit is null here only when the request left it out (SpecValidation fills it after).
        if (jdp && !paperTuning && out.tuning().exploit() == null) {
            BanditSpec planned = out.withPrivacy(out.privacy().withAccountant(accountant));
            CapriDefaults.Choice c;
            long points = (long) s.contextPool().size() * s.actions().size();
            if (points > RULE_MAX_POINTS || s.horizon() > RULE_MAX_HORIZON) {
                c = tableChoice(s.horizon(), points);
            } else {
                try {
                    c = CapriDefaults.chooseExploitShare(s.horizon(), share -> CapriAlgorithm.config(planned.withTuning(
                            planned.tuning().withExploit(CapriConfig.Refinements.Exploit.ARGMAX, share))),
                            CapriAlgorithm.contexts(planned), PlannerOptions.defaults());
                } catch (IllegalArgumentException | IllegalStateException e) {
                    return out; // a spec the planner cannot plan keeps the paper's decisions; creation reports why
                }
            }
            out = out.withTuning(out.tuning().withExploit(CapriConfig.Refinements.Exploit.ARGMAX, c.exploitShare()))
                    .withChoice("tuning.exploit", CapriConfig.Refinements.Exploit.ARGMAX, "decisions that do not learn "
                            + "play the latest release's argmax inside the active set (post-processing, no privacy "
                            + "cost); the paper's uniform decisions learned nothing on real data at T = 20000")
                    .withChoice("tuning.exploitShare", c.exploitShare(), c.reason()
                            + "; CAPRI learns over floor((1 - share) * horizon) of the horizon's decisions");
        }
        return out;
    }
}
