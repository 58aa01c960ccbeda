package io.dpbandit.sdk.local;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.Arrays;

/**
 * A CAPRI-LDP learning decision's randomiser inputs. The device randomises with the epoch's public
 * plan ({@code GET plan}, the same for every round of the epoch, so fetched once and cached),
 * its own context and reward, and these action features.
 *
 * @param epoch          the decision's epoch; the report carries it
 * @param plan           where the epoch's randomiser plan is (a path on the service)
 * @param actionFeatures the played action's features (w = context ++ these)
 */
@JsonDeserialize(using = JsonDeserializer.None.class) // read as a record, not through RandomiserInput's reader
public record CapriLocalInput(int epoch, String plan, double[] actionFeatures) implements RandomiserInput {

    public CapriLocalInput {
        actionFeatures = actionFeatures == null ? null : actionFeatures.clone();
    }

    /**
     * The epoch's public randomiser plan from {@code source} (a {@code DpbanditClient}: fetched once
     * per epoch and cached, retried while the epoch is still being planned).
     */
    public io.dpbandit.client.capri.CapriRandomiserPlan fetchPlan(DeviceRandomiser.PlanSource source) {
        return source.fetch(plan, io.dpbandit.client.capri.CapriRandomiserPlan.class);
    }

    @Override
    public double[] actionFeatures() {
        return actionFeatures == null ? null : actionFeatures.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapriLocalInput c && c.epoch == epoch && java.util.Objects.equals(c.plan, plan)
                && Arrays.equals(c.actionFeatures, actionFeatures);
    }

    @Override
    public int hashCode() {
        return (31 * epoch + java.util.Objects.hashCode(plan)) * 31 + Arrays.hashCode(actionFeatures);
    }

    @Override
    public String toString() {
        return "CapriLocalInput[epoch=" + epoch + ", plan=" + plan + "]";
    }
}
