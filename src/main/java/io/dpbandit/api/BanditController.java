package io.dpbandit.api;

import io.dpbandit.ledger.Ledger;
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
import io.dpbandit.problem.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.dpbandit.spec.BanditSpec;
import java.net.URI;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
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
@io.swagger.v3.oas.annotations.tags.Tag(name = "Bandits",
        description = "Create, list and operate bandits; their status, privacy report, ledger, epochs and forecasts")
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

    @Operation(operationId = "planBandit", summary = "Forecast what a bandit will learn, before creating it",
            description = "Validates the spec as POST /bandits does and returns, per releasing epoch, T_r, the "
            + "projection-set size, tau_r, C_r, sigma, the privacy charge, the noise of the released mean under full "
            + "active sets and the smallest reward gap it resolves, and the first epoch that eliminates a gap of "
            + "`gap`; for {{charged-releases}} the exponential mechanism's sharpness at the horizon; for {{sequential}} "
            + "the model's noise, its score error at a few horizons and the learning rounds after which a gap of "
            + "`gap` is resolved. Computed from the spec and its "
            + "public pool only: nothing is stored and no user data is read. Seconds of CPU for a 1 000-point "
            + "support; one plan runs at a time per instance (503 with Retry-After when another is running).")
    @ProblemResponse(type = ProblemType.BUSY, when = "another plan is being computed on this instance; retry after "
            + "Retry-After")
    @PostMapping("/bandits/plan")
    public PlanReport plan(@RequestBody BanditSpec spec,
            @Parameter(description = "the reward gap to forecast the first elimination of ({{epoch-models}}) or the "
                    + "release odds at ({{charged-releases}})") @RequestParam(defaultValue = "0.1") double gap,
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
        return UnknownAlgorithm.checked(() -> planner.plan(spec, options));
    }

    /** 201 when created; 200 when the same spec was already created (a safe retry). */
    @Operation(operationId = "createBandit",
            summary = "Create a bandit (admin)", description = "Validates the spec (400 naming every field to "
            + "change), charges what the algorithm charges at creation, and opens its first epoch. 201 with Location "
            + "when created; 200 when the same spec is sent again (a safe retry); 409 for another spec under a taken "
            + "id; 409 retired for any spec under the id of a retired bandit (an id is never re-created once retired: "
            + "choose a new one). Bandits are never deleted: DELETE is a 405; POST /bandits/{id}/retire stops one for "
            + "good.", responses = {
                @ApiResponse(responseCode = "201", description = "Created: the new bandit's status; Location names it",
                        content = @Content(mediaType = "application/json",
                                schema = @Schema(implementation = BanditService.BanditStatus.class))),
                @ApiResponse(responseCode = "200", description = "OK: the same spec was created before; its status",
                        content = @Content(mediaType = "application/json",
                                schema = @Schema(implementation = BanditService.BanditStatus.class)))})
    @ProblemResponse(type = ProblemType.CONFLICT, when = "the id is taken by a bandit with another spec, or the "
            + "shared budget (privacy.budget) cannot admit the bandit's worst case")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the id is a retired bandit's: an id is never re-created "
            + "once retired; choose a new one")
    @PostMapping("/bandits")
    public ResponseEntity<BanditService.BanditStatus> create(@RequestBody BanditSpec spec) {
        if (spec.id() != null) {
            Access.requireBandit(spec.id());
        }
        BanditService.Created created = UnknownAlgorithm.checked(() -> bandits.create(spec));
        return created.created()
                ? ResponseEntity.created(URI.create("/bandits/" + created.status().id())).body(created.status())
                : ResponseEntity.ok(created.status());
    }

    @Operation(operationId = "listBandits",
            summary = "The bandits this key may read", description = "In id order, a page at a time: at most "
            + "`limit`, and while more follow a Link header with rel=\"next\" names the next page (the cursor is "
            + "opaque). A key scoped to some bandits sees only them.")
    @GetMapping("/bandits")
    public ResponseEntity<List<BanditService.BanditStatus>> list(
            @Parameter(description = Pages.LIMIT_DESCRIPTION) @RequestParam(defaultValue = "100")
            @Min(1) @Max(Pages.MAX_LIMIT) int limit,
            @Parameter(description = Pages.CURSOR_DESCRIPTION) @RequestParam(required = false) String cursor,
            HttpServletRequest request) {
        var principal = Access.principal();
        String after = Pages.after("bandits", cursor, "");
        return Pages.answer(request, "bandits", limit, bandits.list(after, limit, principal::mayActOn),
                BanditService.BanditStatus::id);
    }

    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @Operation(operationId = "getBandit", summary = "A bandit's status")
    @GetMapping("/bandits/{id}")
    public BanditService.BanditStatus get(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.status(id);
    }

    @Operation(operationId = "getPrivacyReport",
            summary = "A bandit's privacy report", description = "What the bandit protects (a round, or a user's "
            + "k rounds), its (epsilon, delta) and accountant, each mechanism with the sensitivity and calibration it "
            + "runs at and the paper it implements, what it has spent, its shared budget, what leaves without noise "
            + "by design, and what each role reads. A function of the spec and the ledger only. Role analyst.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/privacy")
    public PrivacyReports.PrivacyReport privacy(@PathVariable String id) {
        Access.requireBandit(id);
        return privacyReports.report(id);
    }

    @Operation(operationId = "getFeedbackCounts",
            summary = "A bandit's decisions by feedback state (operators)", description = "Exact counts of "
            + "decisions PENDING, ACCEPTED, LATE, DEFAULTED and NOT_USED: counts by the state each row holds now "
            + "(FORGOTTEN once retention has forgotten it), totals by the state each had, whatever retention keeps. "
            + "Role ops only: whether and when a user's "
            + "feedback came is that user's data, so analysts never see it (GET /bandits/{id} shows only figures "
            + "that follow the decisions' times and the feedback windows).")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/feedback")
    public BanditService.FeedbackCounts feedback(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.feedback(id);
    }

    @Operation(operationId = "getLedger",
            summary = "A bandit's privacy ledger", description = "Every charge, oldest first, a page at a time "
            + "(`limit`, and a Link header with rel=\"next\" while more follow). Append-only: a new charge always "
            + "comes after the ones already paged.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/ledger")
    public ResponseEntity<List<Ledger.Entry>> ledger(@PathVariable String id,
            @Parameter(description = Pages.LIMIT_DESCRIPTION) @RequestParam(defaultValue = "100")
            @Min(1) @Max(Pages.MAX_LIMIT) int limit,
            @Parameter(description = Pages.CURSOR_DESCRIPTION) @RequestParam(required = false) String cursor,
            HttpServletRequest request) {
        Access.requireBandit(id);
        long after = Pages.number(Pages.after("ledger", cursor, null), 0);
        return Pages.answer(request, "ledger", limit, bandits.ledger(id, after, limit), e -> e.id().toString());
    }

    @Operation(operationId = "listEpochs",
            summary = "A bandit's epochs", description = "Timeline, progress of background work, and per "
            + "released epoch its confidence width, projection-set size, the mean active-set size over the pool "
            + "after it, and the privacy charged for it. Public (post-processing of releases). Oldest first, a page "
            + "at a time (`limit`, and a Link header with rel=\"next\" while more follow).")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/epochs")
    public ResponseEntity<List<BanditInsights.EpochSummary>> epochs(@PathVariable String id,
            @Parameter(description = Pages.LIMIT_DESCRIPTION) @RequestParam(defaultValue = "100")
            @Min(1) @Max(Pages.MAX_LIMIT) int limit,
            @Parameter(description = Pages.CURSOR_DESCRIPTION) @RequestParam(required = false) String cursor,
            HttpServletRequest request) {
        Access.requireBandit(id);
        long after = Pages.number(Pages.after("epochs", cursor, null), 0);
        if (after > Integer.MAX_VALUE) {
            throw InvalidRequestException.of("cursor", "is not a cursor of this list; send the one from the previous "
                    + "page's Link header as it is, or none for the first page");
        }
        return Pages.answer(request, "epochs", limit, insights.epochs(id, (int) after, limit),
                e -> Integer.toString(e.number()));
    }

    @Operation(operationId = "pauseBandit",
            summary = "Pause a bandit (admin)", description = "From now on it makes no new decision: POST /decide "
            + "answers 409 paused. Feedback for the decisions it already made is taken as usual, its releases stay "
            + "available, and its epochs go on settling, folding and closing what is in flight, so nothing accepted "
            + "is lost. A retried requestId of an earlier decision is answered as before. Pausing a paused bandit "
            + "changes nothing; a retired one is 409 retired.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the bandit is retired")
    @PostMapping("/bandits/{id}/pause")
    public BanditService.BanditStatus pause(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.pause(id);
    }

    @Operation(operationId = "resumeBandit",
            summary = "Resume a paused bandit (admin)", description = "It decides again. Resuming an active "
            + "bandit changes nothing; a retired one is 409 retired.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the bandit is retired")
    @PostMapping("/bandits/{id}/resume")
    public BanditService.BanditStatus resume(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.resume(id);
    }

    @Operation(operationId = "retireBandit",
            summary = "Retire a bandit for good (admin)", description = "It serves nothing any more: POST "
            + "/decide, POST /feedback and POST /release answer 409 retired. Its status, ledger, epochs, privacy report "
            + "and GET /release stay readable. The rounds it had in flight count with the default reward once their "
            + "feedback windows pass, as rounds whose feedback never came. Retiring again changes nothing; it cannot "
            + "be resumed.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @PostMapping("/bandits/{id}/retire")
    public BanditService.BanditStatus retire(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.retire(id);
    }

    @Operation(operationId = "getForecast",
            summary = "The planner's forecast for an existing bandit", description = "The forecast of "
            + "POST /bandits/plan for this bandit's spec (gap 0.1), to set next to what happened (GET "
            + "/bandits/{id}/epochs). Computed once per bandit in the background: status COMPUTING until it is "
            + "ready, then READY with the report; NONE for an algorithm the planner does not forecast. Public: it "
            + "reads the spec "
            + "and pool only.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/plan")
    public BanditPlanner.BanditForecast forecast(@PathVariable String id) {
        Access.requireBandit(id);
        return planner.forBandit(id);
    }

    @Operation(operationId = "getRecommendations",
            summary = "The public model's recommendation over a public sample of contexts", description = "For "
            + "the contexts of the public pool (an evenly spaced sample of at most 400 of them): the released model's "
            + "best action, the size of the active set it was chosen from, and whether the release resolves it. Free "
            + "post-processing; empty for a bandit without a pool ({{sequential}} may leave it out: sample NO_SAMPLE, "
            + "nothing public says where its contexts lie), for {{charged-releases}}, whose per-context releases are "
            + "charged (use POST /release), and while a {{sequential:or}} model holds no round yet.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/bandits/{id}/recommendations")
    public BanditInsights.Recommendations recommendations(@PathVariable String id) {
        Access.requireBandit(id);
        return insights.recommendations(id);
    }
}
