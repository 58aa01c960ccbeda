package io.dpbandit.api;

import io.dpbandit.registry.BanditPlanner;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.swagger.v3.oas.annotations.Parameter;
import org.springframework.web.bind.annotation.RequestParam;

import io.dpbandit.security.Access;
import io.dpbandit.release.BanditInsights;
import io.dpbandit.registry.BanditService;
import io.dpbandit.registry.PrivacyReports;
import io.swagger.v3.oas.annotations.Operation;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.store.LedgerEntry;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.http.MediaType;

/** Creating bandits and reading their state and ledger. */
@RestController
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public class BanditController {

    private final BanditService bandits;
    private final BanditInsights insights;
    private final BanditPlanner planner;
    private final PrivacyReports privacyReports;

    public BanditController(BanditService bandits, BanditInsights insights, BanditPlanner planner,
            PrivacyReports privacyReports) {
        this.privacyReports = privacyReports;
        this.bandits = bandits;
        this.insights = insights;
        this.planner = planner;
    }

    @Operation(summary = "Forecast what a bandit will learn, before creating it",
            description = "Validates the spec as POST /bandits does and returns, per releasing epoch, T_r, the "
            + "projection-set size, tau_r, C_r, sigma, the privacy charge, the noise of the released mean under full "
            + "active sets and the smallest reward gap it resolves, and the first epoch that eliminates a gap of "
            + "`gap`; for USCA the exponential mechanism's sharpness at the horizon; for LINUCB, ONLINEUCB and GPUCB "
            + "the model's noise, its score error at a few horizons and the learning rounds after which a gap of "
            + "`gap` is resolved. Computed from the spec and its "
            + "public pool only: nothing is stored and no user data is read. Seconds of CPU for a 1 000-point "
            + "support; one plan runs at a time per instance (503 with Retry-After when another is running).")
    @PostMapping("/bandits/plan")
    public PlanReport plan(@RequestBody BanditSpec spec,
            @Parameter(description = "the reward gap to forecast the first elimination of (CAPRI) or the release "
                    + "odds at (USCA)") @RequestParam(defaultValue = "0.1") double gap,
            @Parameter(description = "seed of the planner's public draws (S, R, Z)")
            @RequestParam(defaultValue = "1") long seed) {
        if (spec != null && spec.id() != null) {
            Access.requireBandit(spec.id());
        }
        PlannerOptions options;
        try {
            options = new PlannerOptions(gap, seed, 50);
        } catch (IllegalArgumentException e) {
            throw InvalidRequestException.of("gap", e.getMessage());
        }
        return planner.plan(spec, options);
    }

    /** 201 when created; 200 when the same spec was already created (a safe retry). */
    @PostMapping("/bandits")
    public ResponseEntity<BanditService.BanditStatus> create(@RequestBody BanditSpec spec) {
        if (spec.id() != null) {
            Access.requireBandit(spec.id());
        }
        BanditService.Created created = bandits.create(spec);
        return created.created()
                ? ResponseEntity.created(URI.create("/bandits/" + created.status().id())).body(created.status())
                : ResponseEntity.ok(created.status());
    }

    @GetMapping("/bandits")
    public List<BanditService.BanditStatus> list() {
        var principal = Access.principal();
        return bandits.list().stream().filter(b -> principal.mayActOn(b.id())).toList();
    }

    @GetMapping("/bandits/{id}")
    public BanditService.BanditStatus get(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.status(id);
    }

    @Operation(summary = "A bandit's privacy report", description = "What the bandit protects (a round, or a user's "
            + "k rounds), its (epsilon, delta) and accountant, each mechanism with the sensitivity and calibration it "
            + "runs at and the paper it implements, what it has spent, its shared budget, what leaves without noise "
            + "by design, and what each role reads. A function of the spec and the ledger only. Role analyst.")
    @GetMapping("/bandits/{id}/privacy")
    public PrivacyReports.PrivacyReport privacy(@PathVariable String id) {
        Access.requireBandit(id);
        return privacyReports.report(id);
    }

    @Operation(summary = "A bandit's decisions by feedback state (operators)", description = "Exact counts of "
            + "decisions PENDING, ACCEPTED, LATE, DEFAULTED and NOT_USED. Role ops only: whether and when a user's "
            + "feedback came is that user's data, so analysts never see it (GET /bandits/{id} shows only figures "
            + "that follow the decisions' times and the feedback windows).")
    @GetMapping("/bandits/{id}/feedback")
    public BanditService.FeedbackCounts feedback(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.feedback(id);
    }

    @GetMapping("/bandits/{id}/ledger")
    public List<LedgerEntry> ledger(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.ledger(id);
    }

    @Operation(summary = "A bandit's epochs", description = "Timeline, progress of background work, and per "
            + "released epoch its confidence width, projection-set size, the mean active-set size over the pool "
            + "after it, and the privacy charged for it. Public (post-processing of releases).")
    @GetMapping("/bandits/{id}/epochs")
    public List<BanditInsights.EpochSummary> epochs(@PathVariable String id) {
        Access.requireBandit(id);
        return insights.epochs(id);
    }

    @Operation(summary = "The planner's forecast for an existing bandit", description = "The forecast of "
            + "POST /bandits/plan for this bandit's spec (gap 0.1), to set next to what happened (GET "
            + "/bandits/{id}/epochs). Computed once per bandit in the background: status COMPUTING until it is "
            + "ready, then READY with the report; NONE for an algorithm the planner does not forecast. Public: it "
            + "reads the spec "
            + "and pool only.")
    @GetMapping("/bandits/{id}/plan")
    public BanditPlanner.BanditForecast forecast(@PathVariable String id) {
        Access.requireBandit(id);
        return planner.forBandit(id);
    }

    @Operation(summary = "The public model's recommendation per pool context", description = "For an evenly "
            + "spaced sample of at most 400 contexts of the public pool: the released model's best action and the "
            + "size of the active set it was chosen from. Free post-processing; empty for USCA, whose per-context "
            + "releases are charged (use POST /release).")
    @GetMapping("/bandits/{id}/recommendations")
    public BanditInsights.Recommendations recommendations(@PathVariable String id) {
        Access.requireBandit(id);
        return insights.recommendations(id);
    }
}
