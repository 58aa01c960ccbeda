package io.dpbandit.sdk.local;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import java.util.Arrays;

/**
 * An ONLINEUCB learning decision's randomiser inputs, for
 * {@code OnlineUcbRandomiser.randomise(features, ticket, reward, noise)}.
 *
 * @param features   x: the played action's joint feature vector under the bandit's feature map
 * @param ticket     the learner's public point θ and the counters the report echoes
 * @param parameters the randomiser's public parameters; the device derives its noise from them and
 *                   checks them against its own privacy floor
 */
@JsonDeserialize(using = JsonDeserializer.None.class) // read as a record, not through RandomiserInput's reader
public record OnlineUcbInput(double[] features, OnlineUcbTicket ticket, OnlineUcbParameters parameters)
        implements RandomiserInput {

    public OnlineUcbInput {
        features = features == null ? null : features.clone();
    }

    @Override
    public double[] features() {
        return features == null ? null : features.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnlineUcbInput i && Arrays.equals(i.features, features)
                && java.util.Objects.equals(i.ticket, ticket) && java.util.Objects.equals(i.parameters, parameters);
    }

    @Override
    public int hashCode() {
        return (31 * Arrays.hashCode(features) + java.util.Objects.hashCode(ticket)) * 31
                + java.util.Objects.hashCode(parameters);
    }

    @Override
    public String toString() {
        return "OnlineUcbInput[d=" + (features == null ? 0 : features.length) + ", " + ticket + ", " + parameters
                + "]";
    }
}
