/**
 * The jar's {@code plan} command: reads a bandit spec (the JSON of POST /bandits) and prints the
 * utility planner's forecast, as a table or as JSON.
 * <p>Runs without a Spring context or a database; may use the spec classes of {@code bandit} and
 * the planner of {@code policy.planning}.
 */
package io.dpbandit.plan;
