package io.dpbandit.registry;

import io.dpbandit.spec.BanditSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentences GET /bandits/{id} shows next to its counts, so that a reader who sees 40 of 60
 * decisions learning, or rounds 0 beside modelRounds 360, reads why where they look. Functions of
 * the spec and of public counts only.
 */
final class StatusNotes {

    private StatusNotes() {
    }

    static List<String> of(BanditSpec spec, boolean epochs, long decisions, long learning, long rounds,
            long modelRounds) {
        List<String> notes = new ArrayList<>();
        long other = decisions - learning;
        if (other > 0) {
            String why = epochs
                    ? "an epoch whose learning rounds were all assigned waits for their feedback windows before the "
                            + "next one opens, and decisions meanwhile (or past the horizon of " + spec.horizon()
                            + " learning rounds) are served from the current model"
                    : "the horizon of " + spec.horizon() + " learning rounds was reached; later decisions are served "
                            + "from the last model";
            if (spec.rollout() != null) {
                why += ", or the rollout's baseline served them (those still enter its evaluation)";
            }
            notes.add(learning + " of " + decisions + " decisions took a learning slot (answered learning: true); the "
                    + "other " + other + " were not learned from: " + why + ". Their answers say feedbackExpected "
                    + "false unless they are in a rollout's evaluation.");
        } else if (decisions > 0) {
            notes.add((decisions == 1 ? "The one decision" : "All " + decisions + " decisions")
                    + " took a learning slot (answered learning: true).");
        }
        if (epochs) {
            notes.add("rounds (" + rounds + ") counts the learning rounds of the closed epochs, and the model an analyst "
                    + "reads holds them (modelRounds " + modelRounds + "); the open epoch's rounds enter at its close.");
        } else {
            notes.add("rounds (" + rounds + ") counts the learning rounds of closed epochs, and this bandit has one "
                    + "epoch, its horizon, which closes at the end; modelRounds (" + modelRounds + ") counts the "
                    + "rounds its model holds now (a round folds once its feedback window has passed, whether or not "
                    + "feedback came).");
        }
        return List.copyOf(notes);
    }
}
