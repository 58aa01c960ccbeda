package io.dpbandit.store;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Which digest secrets (by key id, V15) the rows that a bandit still needs are keyed under, for the
 * startup check of a rotation (io.dpbandit.config.DigestSecretRotationGuard). A user's counter
 * matters while its bandit can still make a learning round: its phase is EXPLORE (it only ever
 * leaves it: {@link BanditStateStore}'s advance is a compare-and-set from EXPLORE) and it is not
 * RETIRED (final, by V12's trigger); a PAUSED bandit may resume. A USCA release matters while its
 * bandit is not RETIRED (it answers POST /release for the same context free). Retention keeps both
 * for the bandit's life (docs/architecture.md, "What the tables hold"), so rows of a bandit that no
 * longer needs them are still there and are left out here. A key id of {@code null} stands for rows
 * not labelled yet (written before V15, or by an instance of an earlier version).
 */
@Repository
public class DigestKeyUsage {

    /** Bandits whose users' learning rounds still count (see the class comment). */
    private static final String LEARNING = "SELECT s.bandit_id FROM bandit_state s WHERE s.phase = 'EXPLORE' "
            + "AND s.serving <> 'RETIRED' AND EXISTS (SELECT 1 FROM user_contribution c WHERE c.bandit_id = s.bandit_id "
            + "AND c.rounds > 0 AND ";

    private final JdbcTemplate jdbc;

    public DigestKeyUsage(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Labels the rows that carry no key id with {@code keyId}: the caller asserts that the secret of
     * that key id keyed them. USCA releases under the unsalted SHA-256 key of V3 are under no secret
     * and stay unlabelled. How many rows it labelled.
     */
    public int label(String keyId) {
        return jdbc.update("UPDATE user_contribution SET key_id = ? WHERE key_id IS NULL", keyId)
                + jdbc.update("UPDATE context_release SET key_id = ? WHERE key_id IS NULL AND key_scheme = 'HMAC_SHA256'",
                        keyId);
    }

    /**
     * Per key id (null: unlabelled), the bandits that still need users' counters or USCA releases
     * keyed under it, in key id and bandit order.
     */
    public Map<String, Set<String>> neededKeys() {
        Map<String, Set<String>> needed = new LinkedHashMap<>();
        List<String> keyIds = new ArrayList<>(userKeyIds());
        keyIds.add(null);
        for (String keyId : keyIds) {
            List<String> bandits = keyId == null
                    ? jdbc.queryForList(LEARNING + "c.key_id IS NULL) ORDER BY 1", String.class)
                    : jdbc.queryForList(LEARNING + "c.key_id = ?) ORDER BY 1", String.class, keyId);
            bandits.forEach(b -> needed.computeIfAbsent(keyId, k -> new TreeSet<>()).add(b));
        }
        jdbc.query("SELECT DISTINCT r.key_id, r.bandit_id FROM context_release r JOIN bandit_state s "
                + "ON s.bandit_id = r.bandit_id WHERE s.serving <> 'RETIRED' AND r.key_scheme = 'HMAC_SHA256'", rs -> {
                    needed.computeIfAbsent(rs.getString(1), k -> new TreeSet<>()).add(rs.getString(2));
                });
        return needed;
    }

    /**
     * The distinct key ids of user_contribution, by a loose index scan of user_contribution_key: one
     * index probe per key id, never a scan of the counters (PostgreSQL wiki, "Loose indexscan").
     */
    List<String> userKeyIds() {
        return jdbc.queryForList("WITH RECURSIVE k(key_id) AS ("
                + "(SELECT key_id FROM user_contribution WHERE key_id IS NOT NULL ORDER BY key_id LIMIT 1) "
                + "UNION ALL SELECT (SELECT c.key_id FROM user_contribution c WHERE c.key_id > k.key_id "
                + "ORDER BY c.key_id LIMIT 1) FROM k WHERE k.key_id IS NOT NULL) "
                + "SELECT key_id FROM k WHERE key_id IS NOT NULL", String.class);
    }
}
