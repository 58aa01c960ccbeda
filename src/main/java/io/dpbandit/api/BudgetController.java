package io.dpbandit.api;

import io.dpbandit.privacy.BudgetFilter;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.swagger.v3.oas.annotations.media.Schema;
import io.dpbandit.spec.SpecLimits;
import jakarta.validation.constraints.DecimalMin;
import io.dpbandit.bandit.BanditIds;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.ledger.SharedBudgets;
import io.dpbandit.validation.Finite;
import io.dpbandit.problem.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.net.URI;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** User-level privacy budgets that several bandits share (a bandit names one in privacy.budget). */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "Shared budgets",
        description = "Privacy budgets several bandits draw on")
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public class BudgetController {

    private final SharedBudgets budgets;

    public BudgetController(SharedBudgets budgets) {
        this.budgets = budgets;
    }

    /**
     * @param id      the budget's id, named by bandits in privacy.budget
     * @param epsilon the total ε every bandit on it may spend together, for any one user
     * @param delta   the total δ
     * @param accountant how the bandits on it compose: GDP (default; Gaussian DP, exact for Gaussian
     *                releases) or ZCDP (zCDP with Canonne, Kamath &amp; Steinke's conversion; the better
     *                choice for a budget of mostly exponential mechanisms)
     */
    public record BudgetRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String id,
            @NotNull @DecimalMin(value = "" + SpecLimits.MIN_EPSILON, message = EPSILON_RANGE)
            @DecimalMax(value = "" + SpecLimits.MAX_EPSILON, message = EPSILON_RANGE) Double epsilon,
            @NotNull @DecimalMin(value = "" + SpecLimits.MIN_DELTA, message = DELTA_RANGE)
            @DecimalMax(value = "" + SpecLimits.MAX_DELTA, message = DELTA_RANGE) Double delta,
            @Schema(description = "GDP (default): the bandits' worst cases add up as Gaussian DP (mu^2), exact for "
                    + "Gaussian releases, so a bandit at (epsilon, delta) fits a budget of (epsilon, delta); ZCDP: "
                    + "as zCDP (rho), converted by Canonne, Kamath & Steinke 2020; better for mostly exponential "
                    + "mechanisms ({{charged-releases}})")
            @JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_VALUES) BudgetFilter accountant) {

        static final String EPSILON_RANGE = "must lie between " + SpecLimits.MIN_EPSILON + " and " + SpecLimits.MAX_EPSILON;
        static final String DELTA_RANGE = "must lie between " + SpecLimits.MIN_DELTA + " and " + SpecLimits.MAX_DELTA;
    }

    @Operation(operationId = "createBudget",
            summary = "Create a budget several bandits share", description = "Admin. The bandits that name it "
            + "(privacy.budget) compose their worst cases against it as a fully adaptive filter: under GDP (the "
            + "default) mu^2 adds up within mu(epsilon, delta)^2 (Gaussian DP, exact: a bandit at (epsilon, delta) "
            + "fits a budget of (epsilon, delta)), under ZCDP rho within what (epsilon, delta) is worth by "
            + "Canonne, Kamath & Steinke 2020. A bandit whose worst case would take it past its total is refused "
            + "at creation (409 with the numbers). 201 when created, 200 when the same figures "
            + "are sent again, 409 for other figures under an existing id.", responses = {
                @ApiResponse(responseCode = "201", description = "Created: the new budget; Location names it",
                        content = @Content(mediaType = "application/json",
                                schema = @Schema(implementation = Ledger.SharedBudget.class))),
                @ApiResponse(responseCode = "200", description = "OK: the same figures were sent before; the budget",
                        content = @Content(mediaType = "application/json",
                                schema = @Schema(implementation = Ledger.SharedBudget.class)))})
    @ProblemResponse(type = ProblemType.CONFLICT, when = "a budget with this id exists with other figures")
    @PostMapping("/budgets")
    public ResponseEntity<Ledger.SharedBudget> create(@Valid @RequestBody BudgetRequest request) {
        SharedBudgets.Created created = budgets.create(request.id(), request.epsilon(), request.delta(),
                request.accountant() == null ? BudgetFilter.GDP : request.accountant());
        return created.created()
                ? ResponseEntity.created(URI.create("/budgets/" + created.budget().id())).body(created.budget())
                : ResponseEntity.ok(created.budget());
    }

    @Operation(operationId = "listBudgets",
            summary = "Shared budgets", description = "Each with its total, what its bandits have spent and "
            + "committed at worst (rho), and how many bandits are on it. In id order, a page at a time (`limit`, and a "
            + "Link header with rel=\"next\" while more follow).")
    @GetMapping("/budgets")
    public ResponseEntity<List<Ledger.SharedBudget>> list(
            @Parameter(description = Pages.LIMIT_DESCRIPTION) @RequestParam(defaultValue = "100")
            @Min(1) @Max(Pages.MAX_LIMIT) int limit,
            @Parameter(description = Pages.CURSOR_DESCRIPTION) @RequestParam(required = false) String cursor,
            HttpServletRequest request) {
        return Pages.answer(request, "budgets", limit, budgets.list(Pages.after("budgets", cursor, ""), limit),
                Ledger.SharedBudget::id);
    }

    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no budget has this id")
    @Operation(operationId = "getBudget", summary = "A shared budget")
    @GetMapping("/budgets/{id}")
    public Ledger.SharedBudget get(@PathVariable String id) {
        return budgets.get(id);
    }
}
