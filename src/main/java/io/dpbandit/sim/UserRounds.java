package io.dpbandit.sim;

import java.util.HashMap;
import java.util.Map;

/**
 * One run's count of each user's rounds and learning rounds, and the gate of unit USER: a round may
 * learn only while its user has learned from fewer than k rounds, as the service's
 * {@code DecisionStore.takeUserRound} allows. Holds only the users seen (at most one per round).
 */
public final class UserRounds {

    private final UserPopulation population;
    /** user → {rounds, learning rounds}. */
    private final Map<Integer, int[]> counts = new HashMap<>();
    private long rounds;
    private long learningRounds;

    public UserRounds(UserPopulation population) {
        this.population = population;
    }

    /**
     * Records one round of {@code user}; returns whether it is a learning round: the epoch is
     * learning ({@code learningPhase}) and, under unit USER, the user has a learning round left.
     */
    public boolean visit(int user, boolean learningPhase) {
        int[] c = counts.computeIfAbsent(user, u -> new int[2]);
        c[0]++;
        rounds++;
        boolean learns = learningPhase
                && (population.unit() == UserPopulation.Unit.ROUND || c[1] < population.maxRoundsPerUser());
        if (learns) {
            c[1]++;
            learningRounds++;
        }
        return learns;
    }

    public RunResult.Users stats() {
        int heaviest = 0;
        int heaviestLearning = 0;
        for (int[] c : counts.values()) {
            heaviest = Math.max(heaviest, c[0]);
            heaviestLearning = Math.max(heaviestLearning, c[1]);
        }
        return new RunResult.Users(rounds, learningRounds, counts.size(), heaviest, heaviestLearning);
    }
}
