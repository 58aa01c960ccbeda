package io.dpbandit.sdk;

import java.time.Instant;

/**
 * A bandit's state (GET /bandits/{id}): every figure follows the decisions' times and the feedback
 * windows, never anyone's feedback.
 *
 * @param serving      ACTIVE, PAUSED or RETIRED
 * @param servingSince when serving last changed (null: as created)
 * @param epochLength  the current epoch's learning rounds, if it has a fixed number
 * @param current      the current epoch's progress
 * @param rounds       learning rounds used
 * @param modelRounds  learning rounds the model an analyst reads holds (CAPRI and USCA: the closed
 *                     epochs'; LINUCB, ONLINEUCB and GPUCB: every round folded so far)
 * @param decisions    decisions made
 * @param profile      what the spec's unset options defaulted to (null: created before profiles)
 * @param choices      the options the service chose for the spec under its profile, and why
 * @param rollout      a bandit launched next to a baseline only: the coin's share, the trial's state and
 *                     its history (null otherwise)
 * @param learningDecisions decisions that took a learning slot; the others are served, not learned from
 * @param notes        what this bandit's counts mean, in sentences (decisions against learning decisions,
 *                     rounds against modelRounds)
 */
public record BanditStatus(String id, Algorithm algorithm, Serving serving, Instant servingSince, Phase phase,
        int epoch, Integer epochLength, EpochProgress current, long rounds, long modelRounds, long decisions, Budget budget,
        Profile profile, java.util.List<DefaultChoice> choices, Evaluation.Rollout rollout, long learningDecisions,
        java.util.List<String> notes) {

    /** A status as read before learning counts and notes. */
    public BanditStatus(String id, Algorithm algorithm, Serving serving, Instant servingSince, Phase phase, int epoch,
            Integer epochLength, EpochProgress current, long rounds, long modelRounds, long decisions, Budget budget,
            Profile profile, java.util.List<DefaultChoice> choices, Evaluation.Rollout rollout) {
        this(id, algorithm, serving, servingSince, phase, epoch, epochLength, current, rounds, modelRounds, decisions,
                budget, profile, choices, rollout, decisions, java.util.List.of());
    }

    /** A status without a rollout. */
    public BanditStatus(String id, Algorithm algorithm, Serving serving, Instant servingSince, Phase phase, int epoch,
            Integer epochLength, EpochProgress current, long rounds, long modelRounds, long decisions, Budget budget,
            Profile profile, java.util.List<DefaultChoice> choices) {
        this(id, algorithm, serving, servingSince, phase, epoch, epochLength, current, rounds, modelRounds, decisions,
                budget, profile, choices, null);
    }
}
