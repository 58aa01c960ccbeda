package io.dpbandit.sdk.local;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SecureNoiseSource;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user's side of a locally private round: turns a decision's {@link RandomiserInput}, the
 * user's own data (the reward; for CAPRI also the context) and the device's noise into the
 * {@link LocalReport} that is the only thing about the round that leaves the device. It runs
 * io.dpbandit.client's randomisers, each of which derives its noise from the public (ε, δ) itself
 * and refuses parameters weaker than this device's {@link PrivacyFloor} with
 * {@link PrivacyFloor.PrivacyFloorException} before anything is randomised: under local DP the
 * device trusts nothing the server says beyond public inputs. Thread-safe if the noise source is
 * (the default {@link SecureNoiseSource} is).
 */
public final class DeviceRandomiser {

    /** Where a CAPRI epoch's public randomiser plan comes from (the SDK client fetches and caches it). */
    @FunctionalInterface
    public interface PlanSource {
        CapriRandomiserPlan plan(CapriLocalInput input);
    }

    private final PrivacyFloor floor;
    private final NoiseSource noise;
    private final Map<CapriRandomiserPlan, CapriRandomiser> capri = new ConcurrentHashMap<>();

    /**
     * @param floor the weakest per-report guarantee this device accepts: its own, never the server's
     * @param noise where the noise comes from ({@link SecureNoiseSource} on a real device)
     */
    public DeviceRandomiser(PrivacyFloor floor, NoiseSource noise) {
        this.floor = Objects.requireNonNull(floor, "the device's privacy floor is required");
        this.noise = Objects.requireNonNull(noise, "noise source is required");
    }

    /** A device with secure noise. */
    public static DeviceRandomiser of(PrivacyFloor floor) {
        return new DeviceRandomiser(floor, new SecureNoiseSource());
    }

    public PrivacyFloor floor() {
        return floor;
    }

    /**
     * The report for a locally private round, whatever its algorithm.
     *
     * @param input   the decision's randomiser inputs
     * @param context the user's context (CAPRI only: the other algorithms' inputs carry the features)
     * @param reward  the user's reward
     * @param plans   where CAPRI's epoch plan comes from (unused for the others)
     * @throws PrivacyFloor.PrivacyFloorException if the inputs ask for more than the floor allows
     */
    public LocalReport randomise(RandomiserInput input, double[] context, double reward, PlanSource plans) {
        Objects.requireNonNull(input, "randomiser inputs are required: a decision without them is not a "
                + "locally private learning round");
        if (input instanceof CapriLocalInput c) {
            return LocalReport.of(randomise(c, plans.plan(c), context, reward));
        } else if (input instanceof OnlineUcbInput o) {
            return LocalReport.of(randomise(o, reward));
        } else {
            return LocalReport.of(randomise((GpUcbInput) input, reward));
        }
    }

    /** A CAPRI-LDP report: clip_{C_r}(clip_B(y) · A k_S(w)) + N(0, σ²I) with w = context ++ action features. */
    public CapriReport randomise(CapriLocalInput input, CapriRandomiserPlan plan, double[] context, double reward) {
        if (plan.epoch() != input.epoch()) {
            throw new IllegalArgumentException("the plan is epoch " + plan.epoch() + "'s, the decision is epoch "
                    + input.epoch() + "'s");
        }
        CapriRandomiser randomiser = capri.computeIfAbsent(plan, p -> new CapriRandomiser(p, floor));
        if (capri.size() > 64) {
            capri.keySet().removeIf(p -> p.epoch() < plan.epoch());
        }
        return randomiser.randomise(context, input.actionFeatures(), reward, noise);
    }

    /** An ONLINEUCB report: the clipped (x, y) through the Gaussian mechanism, and the gradient at θ. */
    public OnlineUcbReport randomise(OnlineUcbInput input, double reward) {
        return new OnlineUcbRandomiser(input.parameters(), floor).randomise(input.features(), input.ticket(), reward,
                noise);
    }

    /** A GPUCB-LDP report: the noisy upper triangle of ΦΦᵀ and the noisy yΦ. */
    public GpUcbReport randomise(GpUcbInput input, double reward) {
        return new GpUcbRandomiser(input.parameters(), floor).randomise(input.features(), reward, noise);
    }
}
