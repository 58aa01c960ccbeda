package io.dpbandit.sdk.local;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.privacy.DevicePolicy;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.ReportLedger;
import io.dpbandit.client.privacy.SecureNoiseSource;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user's side of a locally private round: turns a decision's {@link RandomiserInput}, the
 * user's own data (the reward; for CAPRI also the context) and the device's noise into the
 * {@link LocalReport} that is the only thing about the round that leaves the device.
 *
 * <p>What the device enforces on its own, whatever the server sends ({@link DevicePolicy}):
 * <ul>
 *   <li>its <b>floor</b>: io.dpbandit.client's randomisers derive their noise from the public (ε, δ)
 *       themselves and refuse parameters weaker than the device's {@link PrivacyFloor} with
 *       {@link PrivacyFloor.PrivacyFloorException};</li>
 *   <li>its <b>count</b>: at most k = {@link DevicePolicy#maxReportsPerBandit()} reports per bandit
 *       leave the device, counted in its {@link ReportLedger} before any noise is drawn; the
 *       (k+1)-th is refused with {@link DevicePolicy.ReportLimitException}. A count is never given
 *       back, even when sending the report fails: to send a report again, send the same
 *       {@link LocalReport}, never randomise the round again.</li>
 * </ul>
 * Either refusal comes before anything is randomised. So a user's reports to one bandit are at most
 * the composition of k reports within the floor ({@link DevicePolicy#totalGuarantee(double)}), assuming
 * nothing about the server, but assuming that the app persists the ledger (a {@link
 * io.dpbandit.client.privacy.FileReportLedger} or its own) and that the user keeps this device identity.
 *
 * <p>Every method takes the bandit's id as the app names it (the id it asked POST /decide for, which
 * {@code io.dpbandit.sdk.Decision#bandit()} carries), never an id the server sends: the count is per id
 * as the device sees it. Thread-safe if the noise source and the ledger are (the defaults are).
 */
public final class DeviceRandomiser {

    /**
     * Where an epoch's public randomiser plan comes from, by the path a decision's randomiser inputs
     * give ({@code io.dpbandit.sdk.DpbanditClient} fetches and caches it: a plan never changes).
     */
    public interface PlanSource {
        /** The public document at {@code path} on the service, read as a {@code type}. */
        <T> T fetch(String path, Class<T> type);
    }

    private final DevicePolicy policy;
    private final ReportLedger ledger;
    private final NoiseSource noise;
    private final Map<CapriRandomiserPlan, CapriRandomiser> capri = new ConcurrentHashMap<>();

    /**
     * @param policy the device's floor and k: its own, never the server's
     * @param ledger where the device keeps its count of reports per bandit (the app persists it)
     * @param noise  where the noise comes from ({@link SecureNoiseSource} on a real device)
     */
    public DeviceRandomiser(DevicePolicy policy, ReportLedger ledger, NoiseSource noise) {
        this.policy = Objects.requireNonNull(policy, "the device's policy is required");
        this.ledger = Objects.requireNonNull(ledger, "the device's report ledger is required");
        this.noise = Objects.requireNonNull(noise, "noise source is required");
    }

    /**
     * A device with this floor, the default k ({@link DevicePolicy#DEFAULT_MAX_REPORTS_PER_BANDIT}) and
     * a ledger in memory, which forgets its count when the object goes: for tests, or an app that keeps
     * one object for the user's whole relationship with the bandit.
     *
     * @param floor the weakest per-report guarantee this device accepts: its own, never the server's
     * @param noise where the noise comes from ({@link SecureNoiseSource} on a real device)
     */
    public DeviceRandomiser(PrivacyFloor floor, NoiseSource noise) {
        this(DevicePolicy.of(floor), ReportLedger.inMemory(), noise);
    }

    /** A device with secure noise, its policy and its ledger. */
    public static DeviceRandomiser of(DevicePolicy policy, ReportLedger ledger) {
        return new DeviceRandomiser(policy, ledger, new SecureNoiseSource());
    }

    /**
     * A device with secure noise, this floor, the default k and a ledger in memory (see
     * {@link #DeviceRandomiser(PrivacyFloor, NoiseSource)}).
     */
    public static DeviceRandomiser of(PrivacyFloor floor) {
        return new DeviceRandomiser(floor, new SecureNoiseSource());
    }

    public DevicePolicy policy() {
        return policy;
    }

    public PrivacyFloor floor() {
        return policy.floor();
    }

    public ReportLedger ledger() {
        return ledger;
    }

    /** How many reports this device has sent (or is sending) for {@code bandit}. */
    public int reports(String bandit) {
        return ledger.count(bandit);
    }

    /**
     * The report for a locally private round, whatever its algorithm.
     *
     * @param bandit  the bandit's id as the app names it (the one it asked POST /decide for)
     * @param input   the decision's randomiser inputs
     * @param context the user's context (CAPRI only: the other algorithms' inputs carry the features)
     * @param reward  the user's reward
     * @param plans   where CAPRI's epoch plan comes from (unused for the others)
     * @throws PrivacyFloor.PrivacyFloorException if the inputs ask for more than the floor allows
     * @throws DevicePolicy.ReportLimitException if the device has sent its k reports for this bandit
     */
    public LocalReport randomise(String bandit, RandomiserInput input, double[] context, double reward,
            PlanSource plans) {
        Objects.requireNonNull(input, "randomiser inputs are required: a decision without them is not a "
                + "locally private learning round");
        if (input instanceof CapriLocalInput c) {
            return LocalReport.of(randomise(bandit, c, c.fetchPlan(plans), context, reward));
        } else if (input instanceof OnlineUcbInput o) {
            return LocalReport.of(randomise(bandit, o, reward));
        } else {
            return LocalReport.of(randomise(bandit, (GpUcbInput) input, reward));
        }
    }

    /**
     * A CAPRI-LDP report: clip_{C_r}(clip_B(y) · A k_S(w)) + N(0, σ²I) with w = context ++ action features.
     *
     * @param bandit the bandit's id as the app names it (the one it asked POST /decide for)
     * @throws PrivacyFloor.PrivacyFloorException if the plan asks for more than the floor allows
     * @throws DevicePolicy.ReportLimitException if the device has sent its k reports for this bandit
     */
    public CapriReport randomise(String bandit, CapriLocalInput input, CapriRandomiserPlan plan, double[] context,
            double reward) {
        if (plan.epoch() != input.epoch()) {
            throw new IllegalArgumentException("the plan is epoch " + plan.epoch() + "'s, the decision is epoch "
                    + input.epoch() + "'s");
        }
        CapriRandomiser randomiser = capri.computeIfAbsent(plan, p -> new CapriRandomiser(p, policy, ledger));
        if (capri.size() > 64) {
            capri.keySet().removeIf(p -> p.epoch() < plan.epoch());
        }
        return randomiser.randomise(bandit, context, input.actionFeatures(), reward, noise);
    }

    /**
     * An ONLINEUCB report: the clipped (x, y) through the Gaussian mechanism, and the gradient at θ.
     *
     * @param bandit the bandit's id as the app names it (the one it asked POST /decide for)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters ask for more than the floor allows
     * @throws DevicePolicy.ReportLimitException if the device has sent its k reports for this bandit
     */
    public OnlineUcbReport randomise(String bandit, OnlineUcbInput input, double reward) {
        return new OnlineUcbRandomiser(input.parameters(), policy, ledger).randomise(bandit, input.features(),
                input.ticket(), reward, noise);
    }

    /**
     * A GPUCB-LDP report: the noisy upper triangle of ΦΦᵀ and the noisy yΦ.
     *
     * @param bandit the bandit's id as the app names it (the one it asked POST /decide for)
     * @throws PrivacyFloor.PrivacyFloorException if the parameters ask for more than the floor allows
     * @throws DevicePolicy.ReportLimitException if the device has sent its k reports for this bandit
     */
    public GpUcbReport randomise(String bandit, GpUcbInput input, double reward) {
        return new GpUcbRandomiser(input.parameters(), policy, ledger).randomise(bandit, input.features(), reward,
                noise);
    }
}
