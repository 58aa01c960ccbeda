package io.dpbandit.policy.capri;

import io.dpbandit.privacy.GaussianMechanism;
import io.dpbandit.privacy.NoiseSource;

/**
 * CAPRI-LDP's per-round randomiser (paper Algorithm 1, LDP branch; spec step 6): computes the
 * user's clipped contribution y · A k_S(c, x) (norm ≤ C_r) and adds N(0, σ² I) to it before
 * anything leaves the user. σ is the epoch plan's, calibrated on the L2 sensitivity 2C_r at the
 * per-round (ε, δ), so the message is (ε, δ)-DP with respect to that user's (c, y).
 *
 * <p>Self-contained: it needs only the public epoch plan (S, A, C_r, σ), the kernel and B, so it
 * can run on the client. The server side only ever receives {@link #randomise}'s output.
 */
public final class LocalRandomiser {

    private final ContributionCalculator contributions;
    private final GaussianMechanism mechanism;

    public LocalRandomiser(ContributionCalculator contributions) {
        this.contributions = contributions;
        if (contributions.plan().noise().noiseless()) {
            throw new IllegalArgumentException("a local randomiser needs a positive noise scale");
        }
        this.mechanism = contributions.plan().noise().mechanism();
    }

    /** The noisy contribution to send to the server: one Gaussian mechanism release per user. */
    public double[] randomise(double[] context, int action, double reward, NoiseSource noise) {
        return mechanism.release(contributions.contribution(context, action, reward).vector(), noise);
    }
}
