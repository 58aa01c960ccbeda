package io.dpbandit.registry;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.ledger.SharedBudgets;
import io.dpbandit.runtime.MechanismDescription;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.PrivacyUnit;
import io.dpbandit.store.BanditRecord;
import io.dpbandit.store.BanditRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * A bandit's privacy report (GET /bandits/{id}/privacy): what it protects, with which guarantee,
 * through which mechanisms, what it has spent, and what leaves without noise by design, so that an
 * analyst or an auditor can check the claim without reading the code. Every field is a function of
 * the spec and the ledger, so the report itself is public.
 */
@Service
public class PrivacyReports {

    private final BanditService bandits;
    private final BanditRegistry registry;
    private final Ledger ledger;
    private final SharedBudgets budgets;

    public PrivacyReports(BanditService bandits, BanditRegistry registry, Ledger ledger, SharedBudgets budgets) {
        this.bandits = bandits;
        this.registry = registry;
        this.ledger = ledger;
        this.budgets = budgets;
    }

    /**
     * @param epsilon     the bandit's total ε over its life (all releases together)
     * @param delta       its total δ
     * @param accountant  how its releases compose (BASIC, ZCDP or EXACT)
     * @param composition SEQUENTIAL or PARALLEL over epochs (CAPRI), as chosen
     * @param statement   the guarantee in one sentence
     */
    public record Guarantee(double epsilon, double delta, String accountant, String composition, String statement) {
    }

    /**
     * The rewards a model learns from: clipped to [offset − bound, offset + bound] before anything
     * is computed from them (on the server under JDP, on the user's device under LDP), so every
     * reward-scaled figure of a release (a width, a score error, a gap) is measured against this
     * range; the offset shifts rewards, never a difference between two of them.
     *
     * @param low    offset − bound
     * @param high   offset + bound
     * @param bound  B, the spec's rewardBound
     * @param offset b₀, CAPRI's tuning.rewardOffset (0 for the others)
     */
    public record RewardRange(double low, double high, double bound, double offset) {
    }

    /**
     * @param protects       the unit of privacy in words
     * @param rewards        the range rewards are clipped to
     * @param charges        every charge in the ledger, in order (as GET /bandits/{id}/ledger)
     * @param sharedBudget   the budget the bandit shares with others (null if none), with its figures
     * @param publicByDesign what leaves without noise, and why that is not a user's data
     * @param roles          what each API role can read
     */
    public record PrivacyReport(String bandit, BanditSpec.Algorithm algorithm, PrivacyModel model, PrivacyUnit unit,
            int maxRoundsPerUser, String protects,
            @io.swagger.v3.oas.annotations.media.Schema(description = "the range rewards are clipped to before any "
                    + "model sees them, [offset - bound, offset + bound]: what a width, score error or gap is measured "
                    + "against") RewardRange rewards, Guarantee guarantee,
            List<MechanismDescription> mechanisms,
            Ledger.Budget spent, List<Ledger.Entry> charges, 
            @io.swagger.v3.oas.annotations.media.Schema(nullable = true) Ledger.SharedBudget sharedBudget, List<String> publicByDesign,
            Map<String, String> roles,
            @io.swagger.v3.oas.annotations.media.Schema(description = "what the service chose for the options the "
                    + "spec left out (its profile's choices), and why: each is made from public facts only")
            List<io.dpbandit.spec.DefaultChoice> choices) {
    }

    public PrivacyReport report(String id) {
        BanditRecord row = registry.findById(id).orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(id)));
        BanditSpec spec = bandits.spec(id);
        BanditSpec.Privacy p = spec.privacy();
        PrivacyUnit unit = p.unit() == null ? PrivacyUnit.ROUND : p.unit();
        int k = p.groupSize();
        boolean local = p.model() == PrivacyModel.LDP;
        String protects = unit == PrivacyUnit.USER
                ? "each user: up to k = " + k + " learning rounds per user id (the decider names the user in /decide, "
                        + "one stable id per person; ids equal after Unicode NFC normalisation are one id, case and "
                        + "white space count; the user's rounds after the k-th are served but never learned from)"
                : "each learning round: a user who returns is protected per round, and r rounds of one user are "
                        + "protected at about r times the budget (group privacy)";
        String statement = statement(row.getEpsilonTotal(), row.getDeltaTotal(), unit, local, k);
        Guarantee guarantee = new Guarantee(row.getEpsilonTotal(), row.getDeltaTotal(), p.accountantOrBasic().name(),
                p.composition() == null ? null : p.composition().name(), statement);
        List<MechanismDescription> mechanisms = new ArrayList<>(Algorithms.of(spec.algorithm()).mechanisms(spec));
        if (spec.rollout() != null) {
            mechanisms.add(evaluation(spec));
        }
        Ledger.Budget spent = bandits.budget(row);
        Ledger.SharedBudget shared = row.getBudgetId() == null ? null : budgets.get(row.getBudgetId());
        double bound = spec.rewardBound() == null ? 1.0 : spec.rewardBound();
        double offset = spec.tuning() == null || spec.tuning().rewardOffset() == null ? 0.0
                : spec.tuning().rewardOffset();
        RewardRange rewards = new RewardRange(offset - bound, offset + bound, bound, offset);
        return new PrivacyReport(id, spec.algorithm(), p.model(), unit, k, protects, rewards, guarantee, mechanisms,
                spent,
                ledger.entries(id), shared, publicByDesign(unit, local, spec.rollout() != null), roles(local),
                spec.choices() == null ? List.of() : spec.choices());
    }

    /**
     * The guarantee in one sentence. Under local DP the server is not trusted, so the sentence says
     * what it assumes: the user's device refusing reports above its own per-report floor and sending
     * at most k reports to the bandit by its own count (dpbandit-client's DevicePolicy), since the
     * server's count of a user's rounds is nothing a user can rely on. It never claims more.
     */
    static String statement(double epsilon, double delta, PrivacyUnit unit, boolean local, int k) {
        boolean user = unit == PrivacyUnit.USER;
        String notion = local ? "local DP: what leaves the user's device" : "joint DP: what every other user and "
                + "every analyst can see";
        String statement = String.format(java.util.Locale.ROOT, "(%s, %s)-DP for %s, in the %s: any change to %s "
                + "changes the distribution of it by at most a factor exp(ε), plus δ", fmt(epsilon),
                fmt(delta), user ? "each user" : "each round", notion,
                user ? "one user's rounds" : "one round (its context, action and reward)");
        if (!local) {
            return statement;
        }
        return statement + (user
                ? ". Under local DP the server's count of a user's rounds is not trusted: this holds for a user whose "
                        + "device itself refuses reports above its own per-report floor and sends at most k = " + k
                        + " reports to this bandit by its own count (dpbandit-client's DevicePolicy); a device that "
                        + "sends more gets the composition of the reports it sends, never this"
                : ". Under local DP each report is calibrated for this, and holds for a device that refuses reports "
                        + "above its own per-report floor; a returning user's reports to this bandit compose, as many "
                        + "as the user's device sends by its own count (dpbandit-client's DevicePolicy)");
    }

    /** A rollout's evaluation release, as the privacy report lists it beside the learning's mechanisms. */
    static MechanismDescription evaluation(BanditSpec spec) {
        var schedule = io.dpbandit.evaluation.Evaluations.schedule(spec);
        return MechanismDescription.server("Gaussian mechanism (the rollout's evaluation)", String.format(
                java.util.Locale.ROOT, "per window of %d decisions that named a baseline (at most %d windows), each arm's "
                        + "sum of rewards clipped to [%s, %s], a reward not sent within the wait counting %s",
                schedule.window(), schedule.looks(), fmt(schedule.rewardLow()), fmt(schedule.rewardHigh()),
                fmt(schedule.defaultReward())),
                String.format(java.util.Locale.ROOT, "R = %s: one decision's reward (and whether and when its feedback "
                        + "came) moves one arm's sum of one window by at most the clipped range; the decision, its arm "
                        + "and its time do not depend on it", fmt(schedule.rewardHigh() - schedule.rewardLow())),
                String.format(java.util.Locale.ROOT, "σ = R / μ_eval = %.4g, μ_eval = %.4g: the evaluation's share "
                        + "%s of the budget's μ²; the windows are disjoint, so all releases together are μ_eval-GDP, "
                        + "and the learning is calibrated to the rest (μ_learn² + μ_eval² = μ²)", schedule.sigma(),
                        schedule.mu(), fmt(schedule.evaluationShare())),
                "Dong, Roth & Su 2019, Gaussian Differential Privacy, Thm 2.7 and Cor. 3.3");
    }

    private static List<String> publicByDesign(PrivacyUnit unit, boolean local, boolean rollout) {
        List<String> items = new ArrayList<>();
        items.add("The spec: actions, kernel or feature map, bounds, horizon, budget and tuning (set by the operator).");
        items.add("How many decisions there were and when, and which were learning rounds: the deciders' own requests "
                + "and a public schedule, never a reward.");
        items.add("The schedule: epoch lengths and when each epoch opens, seals and closes; a round folds when its "
                + "feedback window has passed, whether or not feedback came.");
        items.add("Each epoch's public plan (projection points, the contribution bound Cᵣ, the leaf grid) and the "
                + "public draws it is made from.");
        items.add("The ledger: what each release cost. Costs follow the plan, never the data.");
        if (rollout) {
            items.add("A rollout's public coin: which arm (bandit or baseline) served each decision that named a "
                    + "baseline, and so each window's count per arm; the coin reads nothing about the user.");
        }
        if (unit == PrivacyUnit.USER) {
            items.add("To the decider only: whether a named user still has learning rounds left (learning: false "
                    + "after the k-th), which the decider that names the user could count itself.");
        }
        if (local) {
            items.add("The randomiser inputs of a learning decision (features, plan), sent to the user's own device.");
        }
        return items;
    }

    private static Map<String, String> roles(boolean local) {
        Map<String, String> roles = new LinkedHashMap<>();
        roles.put("decider", "POST /decide and /feedback for its bandits: its own decisions, never another key's "
                + "(a requestId of another key is a 409 that does not depend on the context).");
        roles.put("analyst", "Releases, the ledger, this report, plans and status: private outputs and public facts "
                + "only; never a context, a reward, a feedback time or count.");
        roles.put("ops", "Exact feedback counts per state, metrics and epochs' work: the service's health, which is "
                + "data-dependent and therefore never an analyst's.");
        roles.put("admin", "Creates bandits and shared budgets; reads what the other roles read.");
        if (local) {
            roles.put("device", "Randomises its own round with dpbandit-client before anything leaves it, within its own "
                    + "per-report floor and its own count of reports per bandit (never the server's); the server "
                    + "checks each report against the plan's calibration.");
        }
        return roles;
    }

    private static String fmt(double x) {
        return MechanismDescription.number(x);
    }
}
