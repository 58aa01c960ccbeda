package io.dpbandit.policy.onlineucb;

import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.policy.planning.Forecast;
import io.dpbandit.policy.planning.PlanReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a locally private OnlineUCB bandit's model will look like, from its spec alone: every report
 * is randomised on a device with noise the spec fixes (σ_x on the features, σ_y on the reward, Δ of
 * the conditioning perturbation; ε, δ, the bounds and, under {@code privacy.unit USER}, a user's k
 * reports through the per-report budget), so how much n reports can tell the server is known before
 * the first one arrives.
 *
 * <p>The model (stated, so that it can be checked against the simulator). Features have norm L = B_x
 * and the played ones spread evenly over the d dimensions (E[xxᵀ] = (L²/d)I); θ* has norm S = D (the
 * learner's ball); the reward's own noise has variance ν² = B_y²/4 (Bernoulli rewards in [0, 1] with
 * B_y = 1 have at most that).
 * <ul>
 *   <li><b>Gradient noise.</b> The device's gradient g = 2x̃(⟨x̃, θ⟩ − ỹ) − 2σ_x²θ of the bias-corrected
 *       loss (the OnlineUCB paper, Algorithm 1, line 14), at θ = θ*, with x̃ = x + η + ζ (total noise
 *       τ² = σ_x² + Δ² per coordinate) and ỹ = y + η_y, has zero mean and covariance, by the Gaussian
 *       fourth moments E[ηηᵀ⟨η, θ⟩²] = τ⁴(‖θ‖²I + 2θθᵀ) (Isserlis 1918):
 *       <pre>Cov(g)/4 = E[xxᵀ](ν² + σ_y² + τ²S²) + τ²(ν² + σ_y²) I + τ⁴(S² I + θ*θ*ᵀ),</pre>
 *       so per coordinate v = 4[(L²/d)(ν² + σ_y² + τ²S²) + τ²(ν² + σ_y²) + τ⁴S²(1 + 1/d)].</li>
 *   <li><b>Score error.</b> The expected loss has Hessian H = 2(E[xxᵀ] + Δ²I), and its minimiser is θ*
 *       shrunk by s = (L²/d)/(L²/d + Δ²) in every direction (a common factor: it changes no ranking).
 *       The best estimate n reports allow through this loss has error covariance H⁻¹ Cov(g) H⁻¹ / n
 *       (the M-estimator's sandwich, Huber 1967; averaged stochastic gradient descent attains it,
 *       Polyak &amp; Juditsky 1992). Relative to the shrunk signal, a score ⟨θ̂, x⟩ of a feature of norm
 *       L is off by {@code scoreError} = L√(v/n)/(h s) = d√(v/n)/(2L), h = 2(L²/d + Δ²). It is the
 *       information the reports carry, not the learner's own rate (OGD or Maler). Measured on the
 *       simulator's linear-gap world (d = 5 and 10, ε = 10, OnlineUcbForecastTest): with the gap between a
 *       round's best action and a typical one, the served policy's regret is 0.94–0.98 of uniform play's
 *       before a tenth of the forecast rounds and 0.29–0.46 of it from the forecast on.</li>
 *   <li><b>The confidence bonus.</b> A decision adds β_n‖x‖_{Ṽ⁻¹}, with Ṽ = I + Σx̃x̃ᵀ ≈ I + nσ̃²I + W,
 *       σ̃² = τ² + L²/d and W the sum's own fluctuation (Var((xᵀx̃)²) = 2σ̃⁴L⁴ for a Gaussian x̃, so xᵀWx
 *       has standard deviation √(2n) σ̃²L²). To first order the bonus of a feature of norm L then varies
 *       across directions by {@code bonusSpread} = β_n L σ̃² √n / (√2 (1 + nσ̃²)^{3/2}) ≈ β_n L/(√2 σ̃ n):
 *       a ranking the model does not make. With the paper's radius (β ≈ 2·10⁵ at ε = 10, 2·10⁷ at
 *       ε = 1, d = 5, δ = 1e-5) this, not the model, keeps the policy near uniform play for a long
 *       time.</li>
 *   <li><b>Resolved.</b> A gap is resolved once {@code decisionError} = √(scoreError² + bonusSpread²)
 *       is below half of it (two actions a gap apart are then misranked about 8 % of the time), at the
 *       first learning round (report) where that holds; null if not within the horizon.</li>
 * </ul>
 * Everything here is arithmetic on the public parameters (the search for the round is O(log T)), so no
 * horizon makes the forecast too long to compute.
 *
 * @param horizon            T
 * @param dimension          d
 * @param reportsPerUser     k: a user sends at most this many reports (1 under round-level privacy)
 * @param reportEpsilon      ε of one report's LDP guarantee (the device's calibration)
 * @param reportDelta        δ of the same
 * @param featureSigma       σ_x, the devices' noise on each feature coordinate
 * @param rewardSigma        σ_y, their noise on the reward
 * @param conditioningStd    Δ, the conditioning perturbation (0 in the engineered configuration)
 * @param learner            OGD or MALER
 * @param gradientNoise      √v, the standard deviation of one report's gradient per coordinate
 * @param gap                the gap asked about
 * @param roundsToResolve    learning rounds (reports) after which the gap is resolved (null: not within T)
 * @param usersToResolve     the fewest users that many reports can come from, ⌈rounds/k⌉ (null: not within T)
 * @param points             the errors at a few horizons
 */
public record OnlineUcbForecast(long horizon, int dimension, int reportsPerUser, double reportEpsilon,
        double reportDelta, double featureSigma, double rewardSigma, double conditioningStd, String learner,
        double gradientNoise, double gap, Long roundsToResolve, Long usersToResolve, List<NoiseLevel> points)
        implements Forecast {

    /** The plan report's field for it. */
    public static final String KEY = "onlineucb";

    @Override
    public String key() {
        return KEY;
    }

    /** The reports' noise, then the errors after a few numbers of reports. */
    @Override
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "ONLINEUCB, T = %d, d = %d, %s learner, each report (%s, %.3g)-LDP "
                + "(at most %d per user), sigma_x = %.4g, sigma_y = %.4g, Delta = %.4g, gradient noise sd = %.4g%n",
                horizon, dimension, learner, new java.math.BigDecimal(Double.toString(reportEpsilon))
                        .stripTrailingZeros().toPlainString(), reportDelta, reportsPerUser, featureSigma, rewardSigma,
                conditioningStd, gradientNoise));
        sb.append(String.format(Locale.ROOT, "%10s %12s %12s %14s%n", "rounds", "score error", "bonus spread",
                "decision error"));
        for (NoiseLevel p : points) {
            sb.append(String.format(Locale.ROOT, "%10d %12.4g %12.4g %14.4g%n", p.rounds(), p.scoreError(),
                    p.bonusSpread(), p.decisionError()));
        }
        return sb.toString();
    }

    public OnlineUcbForecast {
        points = List.copyOf(points);
    }

    /**
     * @param rounds        learning rounds (reports) so far
     * @param scoreError    the model's score error, in reward units
     * @param bonusSpread   the confidence bonus's spread across features, in reward units
     * @param decisionError √(scoreError² + bonusSpread²)
     */
    public record NoiseLevel(long rounds, double scoreError, double bonusSpread, double decisionError) {
    }

    /** The forecast of an OnlineUCB policy whose users send at most {@code reportsPerUser} reports, for a gap. */
    public static PlanReport plan(OnlineUcb policy, int reportsPerUser, double gap) {
        if (!(gap > 0) || !Double.isFinite(gap)) {
            throw new IllegalArgumentException("gap must be a positive number, was " + gap);
        }
        if (reportsPerUser < 1) {
            throw new IllegalArgumentException("reportsPerUser must be >= 1, was " + reportsPerUser);
        }
        Model m = new Model(policy);
        long horizon = policy.config().horizon();
        List<NoiseLevel> points = new ArrayList<>();
        for (double f : new double[] {0.01, 0.1, 0.5, 1.0}) {
            long n = Math.max(1, (long) Math.floor(f * horizon));
            if (points.isEmpty() || points.get(points.size() - 1).rounds() != n) {
                points.add(m.at(n));
            }
        }
        Long rounds = m.roundsToResolve(gap, horizon);
        Long users = rounds == null ? null : (rounds + reportsPerUser - 1) / reportsPerUser;
        OnlineUcbConfig c = policy.config();
        OnlineUcbParameters p = c.randomiser();
        OnlineUcbForecast forecast = new OnlineUcbForecast(horizon, c.dimension(), reportsPerUser,
                p.privacyCost().epsilon(), p.privacyCost().delta(), p.featureSigma(), p.rewardSigma(),
                Math.sqrt(m.delta2), c.learner().name(), Math.sqrt(m.v), gap, rounds, users, points);
        return new PlanReport("ONLINEUCB", gap, forecast, notes(forecast, m, c));
    }

    private static List<String> notes(OnlineUcbForecast f, Model m, OnlineUcbConfig c) {
        List<String> notes = new ArrayList<>();
        notes.add("Assumes features of norm B_x spread evenly over the d dimensions, |theta*| = D and reward noise "
                + "of variance B_y^2/4; scoreError is the error of the private model's score <theta, x> that n "
                + "reports allow (the devices' noise, not the learner's rate), bonusSpread how much the confidence "
                + "bonus varies across features, both in reward units.");
        NoiseLevel last = f.points().get(f.points().size() - 1);
        if (last.bonusSpread() > last.scoreError()) {
            notes.add(String.format(Locale.ROOT, "The confidence radius (beta = %.3g at the horizon) outweighs the "
                    + "model: the policy explores more than the model needs, as with the paper's theory radius.",
                    m.policy.confidenceRadius(f.horizon())));
        }
        if (c.learner() == OnlineUcbConfig.Learner.MALER && c.randomiser().gradientBound() > 10 * m.engineeredG) {
            notes.add(String.format(Locale.ROOT, "Maler's steps scale with 1/G and G = %.3g here (the theory bound, "
                    + "%.0fx the engineered one): its model moves more slowly than this forecast says.",
                    c.randomiser().gradientBound(), c.randomiser().gradientBound() / m.engineeredG));
        }
        if (f.reportsPerUser() > 1) {
            notes.add(String.format(Locale.ROOT, "Each user sends at most %d reports, each (epsilon, delta) = "
                    + "(%.3g, %.3g)-LDP so that together they stay within the spec's: usersToResolve is the fewest "
                    + "users the reports can come from.", f.reportsPerUser(), f.reportEpsilon(), f.reportDelta()));
        }
        notes.add(f.roundsToResolve() == null
                ? String.format(Locale.ROOT, "Within the horizon of %d rounds the private model is not expected to "
                        + "resolve a gap of %.3g: it will play about as well as uniform on such gaps.", f.horizon(),
                        f.gap())
                : String.format(Locale.ROOT, "Expected to resolve a gap of %.3g after about %d learning rounds "
                        + "(reports; at least %d users).", f.gap(), f.roundsToResolve(), f.usersToResolve()));
        return notes;
    }

    /** The forecast's arithmetic for one configuration. */
    static final class Model {
        final OnlineUcb policy;
        final int d;
        final double l;
        final double delta2;
        /** v: the gradient's variance per coordinate at θ*. */
        final double v;
        /** σ̃² = τ² + L²/d: the noisy Gram matrix's growth per report and direction. */
        final double gramRate;
        /** The engineered G for these σ_x and bounds (to tell a theory-scale G). */
        final double engineeredG;

        Model(OnlineUcb policy) {
            this.policy = policy;
            OnlineUcbConfig c = policy.config();
            OnlineUcbParameters p = c.randomiser();
            d = c.dimension();
            l = p.featureBound();
            delta2 = c.conditioningVariance();
            double sx2 = p.featureSigma() * p.featureSigma();
            double sy2 = p.rewardSigma() * p.rewardSigma();
            double tau2 = sx2 + delta2;
            double s2 = c.radius() * c.radius();
            double nu2 = p.rewardBound() * p.rewardBound() / 4;
            double spread = l * l / d;
            v = 4 * (spread * (nu2 + sy2 + tau2 * s2) + tau2 * (nu2 + sy2) + tau2 * tau2 * s2 * (1.0 + 1.0 / d));
            gramRate = tau2 + spread;
            engineeredG = OnlineUcbTheory.engineeredGradientBound(d, p.featureSigma(),
                    c.radius(), p.featureBound(), p.rewardBound());
        }

        double scoreError(long n) {
            return d * Math.sqrt(v / n) / (2 * l);
        }

        double bonusSpread(long n) {
            double beta = policy.confidenceRadius(n);
            double grown = 1 + n * gramRate;
            return beta * l * gramRate * Math.sqrt(n) / (Math.sqrt(2) * grown * Math.sqrt(grown));
        }

        NoiseLevel at(long n) {
            double e = scoreError(n);
            double b = bonusSpread(n);
            return new NoiseLevel(n, e, b, Math.hypot(e, b));
        }

        double decisionError(long n) {
            return Math.hypot(scoreError(n), bonusSpread(n));
        }

        /**
         * The first n ≤ T with decisionError(n) ≤ gap/2: doubling until it holds, then bisection in the
         * last doubling (the error falls with n once nσ̃² ≥ 1/2, where the bonus spread peaks).
         */
        Long roundsToResolve(double gap, long horizon) {
            double target = gap / 2;
            long lo = 0;
            long hi = 1;
            while (decisionError(hi) > target) {
                if (hi >= horizon) {
                    return null;
                }
                lo = hi;
                hi = Math.min(horizon, 2 * hi);
            }
            while (hi - lo > 1) {
                long mid = lo + (hi - lo) / 2;
                if (decisionError(mid) <= target) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return hi;
        }
    }
}
