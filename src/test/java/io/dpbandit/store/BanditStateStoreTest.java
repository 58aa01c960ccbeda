package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.Phase;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.testing.PostgresJdbcTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * BanditStateStore's compare-and-sets on PostgreSQL: a bandit moves on only from the epoch it is at
 * and only while exploring; a policy state is stored only over the version it was computed from;
 * both bump the version every instance checks its cached runtime against.
 */
@PostgresJdbcTest
class BanditStateStoreTest {

    static final String BANDIT = "state";

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EpochStore epochs;
    @Autowired
    BanditStateStore states;

    @BeforeEach
    void bandit() {
        StoreFixture.bandit(jdbc, states, epochs, BANDIT, 10);
    }

    @Test
    void aNewBanditExploresEpochOneAtVersionZero() {
        assertThat(states.version(BANDIT)).contains(new BanditVersion(1, Phase.EXPLORE, 0));
        assertThat(states.state(BANDIT)).contains(new BanditStateStore.State(1, Phase.EXPLORE, 0, 0));
        assertThat(states.policyState(BANDIT)).isEmpty();
        assertThat(states.version("nobody")).isEmpty();
    }

    @Test
    void aBanditMovesOnOnlyFromTheEpochItIsAt() {
        assertThat(states.advance(BANDIT, 2, 3, Phase.EXPLORE, 10)).as("not at epoch 2").isFalse();
        assertThat(states.advance(BANDIT, 1, 2, Phase.EXPLORE, 10)).isTrue();
        assertThat(states.advance(BANDIT, 1, 2, Phase.EXPLORE, 10)).as("a second close of epoch 1").isFalse();
        assertThat(states.state(BANDIT)).contains(new BanditStateStore.State(2, Phase.EXPLORE, 10, 1));
    }

    @Test
    void aBanditMovesOnOnlyWhileExploring() {
        assertThat(states.advance(BANDIT, 1, 1, Phase.RELEASE, 10)).isTrue();
        assertThat(states.advance(BANDIT, 1, 1, Phase.EXPLOIT, 5)).isFalse();
        assertThat(states.state(BANDIT)).contains(new BanditStateStore.State(1, Phase.RELEASE, 10, 1));
    }

    @Test
    void aPolicyStateIsStoredOnlyOverTheVersionItWasComputedFrom() {
        assertThat(states.storePolicyState(BANDIT, 0, new byte[] {1})).isTrue();
        assertThat(states.storePolicyState(BANDIT, 0, new byte[] {2})).as("computed from version 0").isFalse();
        assertThat(states.policyState(BANDIT)).hasValueSatisfying(s -> assertThat(s).containsExactly(1));
        assertThat(states.version(BANDIT).orElseThrow().version()).isEqualTo(1);
        assertThat(states.storePolicyState(BANDIT, 1, new byte[] {3})).isTrue();
        assertThat(states.version(BANDIT).orElseThrow().version()).isEqualTo(2);

        // A close moves the version on too: a fold computed before it cannot land after it.
        assertThat(states.advance(BANDIT, 1, 1, Phase.EXPLOIT, 10)).isTrue();
        assertThat(states.storePolicyState(BANDIT, 2, new byte[] {4})).isFalse();
        assertThat(states.policyState(BANDIT)).hasValueSatisfying(s -> assertThat(s).containsExactly(3));
    }

    @Test
    void theEstimatorIsStoredInTheCloseWithoutItsOwnVersion() {
        states.storeEstimator(BANDIT, new byte[] {7, 7});
        assertThat(states.policyState(BANDIT)).hasValueSatisfying(s -> assertThat(s).containsExactly(7, 7));
        assertThat(states.version(BANDIT).orElseThrow().version()).isZero();
    }
}
