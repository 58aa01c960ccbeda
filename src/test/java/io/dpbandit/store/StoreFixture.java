package io.dpbandit.store;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/** Rows the store tests start from: a bandit in the registry with its state and first epoch. */
final class StoreFixture {

    private StoreFixture() {
    }

    /** A registry row and its state (epoch 1, EXPLORE, version 0), and epoch 1 open with {@code length} slots. */
    static void bandit(JdbcTemplate jdbc, BanditStateStore states, EpochStore epochs, String id, int length) {
        jdbc.update("INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) "
                + "VALUES (?, 'CAPRI', '{}'::jsonb, 1.0, 0.0)", id);
        states.insert(id, null);
        epochs.insertEpoch(id, 1, length);
    }

    /** n learning decisions of an epoch (each taking a slot if one is left), spread over the shards. */
    static List<UUID> decide(DecisionStore decisions, String bandit, int epoch, int n, int waitSeconds) {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            UUID id = UUID.randomUUID();
            decisions.insert(id, bandit, "test", null, epoch, true, new double[] {0.1 * i, 0.5}, "digest-" + i, i % 3, 1.0 / 3,
                    waitSeconds, i * 7);
            ids.add(id);
        }
        return ids;
    }
}
