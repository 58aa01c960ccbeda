package io.dpbandit.policy.onlineucb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** OnlineUCB's state, config and wire records survive a JSON round trip unchanged (plain ObjectMapper). */
class OnlineUcbSerializationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[][] ARMS = {{0.6, 0.0, 0.8}, {0.0, 1.0, 0.0}, {-0.5, 0.5, 0.5}};

    private static OnlineUcbState played(OnlineUcb policy, int rounds) {
        OnlineUcbRandomiser client = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
        SeededNoiseSource noise = new SeededNoiseSource(1);
        SplittableRandom rng = new SplittableRandom(2);
        OnlineUcbState state = policy.start();
        for (int t = 0; t < rounds; t++) {
            int a = policy.decide(state, ARMS, rng).index();
            state = policy.fold(state, List.of(client.randomise(ARMS[a], policy.ticket(state), 0.5, noise)), noise);
        }
        return state;
    }

    @Test
    void stateRoundTripsForBothLearnersAndKeepsWorking() throws Exception {
        for (OnlineUcbConfig config : List.of(OnlineUcbConfig.engineered(3, 1.0, 0.1, 500),
                OnlineUcbConfig.paper(3, 1.0, 0.1, 500))) {
            OnlineUcb policy = new OnlineUcb(config);
            OnlineUcbState state = played(policy, 20);
            String json = JSON.writeValueAsString(state);
            OnlineUcbState back = JSON.readValue(json, OnlineUcbState.class);

            assertThat(back).isEqualTo(state);
            assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
            assertThat(policy.ticket(back)).isEqualTo(policy.ticket(state));
            assertThat(policy.decide(back, ARMS, new SplittableRandom(5)))
                    .isEqualTo(policy.decide(state, ARMS, new SplittableRandom(5)));
            JsonNode tree = JSON.readTree(json);
            assertThat(tree.has("learnerPoint")).isFalse(); // derived, not a property
        }
    }

    @Test
    void configAndWireRecordsRoundTrip() throws Exception {
        OnlineUcbConfig config = OnlineUcbConfig.paper(3, 0.5, 0.01, 1000);
        String json = JSON.writeValueAsString(config);
        assertThat(JSON.readValue(json, OnlineUcbConfig.class)).isEqualTo(config);

        OnlineUcb policy = new OnlineUcb(config);
        OnlineUcbTicket ticket = policy.ticket(played(policy, 3));
        assertThat(JSON.readValue(JSON.writeValueAsString(ticket), OnlineUcbTicket.class)).isEqualTo(ticket);
        OnlineUcbReport report = new OnlineUcbRandomiser(config.randomiser(), PrivacyFloor.NONE)
                .randomise(ARMS[0], ticket, 1.0, new SeededNoiseSource(3));
        String wire = JSON.writeValueAsString(report);
        assertThat(JSON.readValue(wire, OnlineUcbReport.class)).isEqualTo(report);
        assertThat(JSON.readTree(wire).fieldNames()).toIterable().containsExactlyInAnyOrder("base", "round",
                "noisyFeatures", "noisyReward", "gradient", "epsilon", "delta", "featureSigma", "rewardSigma",
                "conditioningStd", "release", "calibration");
    }
}
