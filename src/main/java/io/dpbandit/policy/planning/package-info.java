/**
 * What every algorithm's forecast shares: the report ({@link io.dpbandit.policy.planning.PlanReport}),
 * the options a forecast is asked with, the {@link io.dpbandit.policy.planning.Forecast} contract
 * (a key and a table) and the time limit. Each algorithm's forecast itself lives in its policy
 * package, computed from its configuration and the public context pool alone (never from rewards or
 * user contexts).
 * <p>Pure Java; never Spring, JPA, servlets or the database, and never an algorithm's package.
 */
package io.dpbandit.policy.planning;
