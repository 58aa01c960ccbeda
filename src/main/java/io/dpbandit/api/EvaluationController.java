package io.dpbandit.api;

import io.dpbandit.evaluation.Evaluations;
import io.dpbandit.problem.ProblemType;
import io.dpbandit.security.Access;
import io.swagger.v3.oas.annotations.Operation;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A rollout's private evaluation (analysts) and its promotion or rollback (admins); docs/launch.md. */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "Rollouts",
        description = "A rollout's private evaluation against its baseline, promotion and rollback")
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public class EvaluationController {

    private final Evaluations evaluations;

    public EvaluationController(Evaluations evaluations) {
        this.evaluations = evaluations;
    }

    @Operation(operationId = "getEvaluation",
            summary = "A rollout's private evaluation (analyst)", description = "Each release of the public "
            + "schedule (a window of rollout.window decisions that named a baseline, released once all their waits "
            + "have passed): the window's decisions per arm and noisy reward sums, and the estimates so far: the "
            + "bandit arm's and the baseline arm's mean reward and the lift (bandit - baseline), each with an "
            + "interval that holds simultaneously over all of the schedule's looks at the stated confidence. Also "
            + "the promotion state, share and history. Its privacy cost is in the ledger (reason evaluation).")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id, or it has no rollout")
    @GetMapping("/bandits/{id}/evaluation")
    public Evaluations.View evaluation(@PathVariable String id) {
        Access.requireBandit(id);
        return evaluations.view(id);
    }

    @Operation(operationId = "promoteRollout",
            summary = "Promote a rollout's bandit (admin)", description = "The bandit serves every decision that "
            + "names a baseline from now on (share 1, state PROMOTED), recorded in the rollout's history with the "
            + "latest lift interval. Promoting again changes the history only.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.CONFLICT, when = "the bandit has no rollout")
    @PostMapping("/bandits/{id}/promote")
    public Evaluations.Promotion promote(@PathVariable String id) {
        Access.requireBandit(id);
        return evaluations.decide(id, true);
    }

    @Operation(operationId = "rollBackRollout",
            summary = "Roll a rollout back (admin)", description = "The baseline serves every decision that names "
            + "one from now on (share 0, state ROLLED_BACK), recorded in the rollout's history with the latest lift "
            + "interval. The bandit keeps what it learnt; a promotion later serves it again.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.CONFLICT, when = "the bandit has no rollout")
    @PostMapping("/bandits/{id}/rollback")
    public Evaluations.Promotion rollback(@PathVariable String id) {
        Access.requireBandit(id);
        return evaluations.decide(id, false);
    }
}
