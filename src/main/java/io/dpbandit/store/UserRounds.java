package io.dpbandit.store;

import io.dpbandit.bandit.UserDigests;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * privacy.unit USER: each user's learning rounds, counted under keyed digests of the user's id, and
 * the advisory locks that keep two writers from granting one user a round twice (the decisions'
 * write path, {@link DecisionStore}, runs these in its transactions).
 */
final class UserRounds {

    private final JdbcTemplate jdbc;

    UserRounds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Class key of the users' advisory locks ('dpbu'; the lifecycle's are 'dpbl', 'dpbb' and 'dpbs'). */
    static final int USER_LOCKS = 0x64706275;

    /**
     * Locks, until the transaction ends, every user whose rounds may be counted under more than one
     * digest (after a rotation of the digest secret, or an id sent in a non-NFC spelling): one
     * transaction-level advisory lock per digest, all of them in ascending order, so that two
     * batches never wait for each other in a cycle (one global order of acquisition rules out
     * circular wait, one of the four necessary conditions of a deadlock: Coffman, Elphick and
     * Shoshani 1971, "System Deadlocks", ACM Computing Surveys 3(2)). {@link #takeUserRound} then reads the user's
     * other rows and its current one as one count. The lock is needed because a user may have no row
     * yet under any digest: two instances whose current secrets differ (during a rolling rotation,
     * docs/operations.md) would each insert a first row under their own digest and so each grant a
     * round; both lock the digests under every secret they know, which the two configurations
     * share, so one waits for the other. A user with one digest needs none: the upsert on its one
     * row is atomic. Lock keys are the digests' {@link String#hashCode} (specified by its javadoc, so
     * the same on every instance); two users sharing one only wait for each other.
     */
    public void lockUsers(java.util.Collection<UserDigests> users) {
        int[] keys = users.stream().filter(u -> !u.others().isEmpty()).flatMap(u -> u.all().stream())
                .mapToInt(String::hashCode).distinct().sorted().toArray();
        if (keys.length == 0) {
            return;
        }
        Integer[] boxed = java.util.Arrays.stream(keys).boxed().toArray(Integer[]::new);
        // unnest yields the keys in array order and the function scan locks them row by row in that order.
        jdbc.query(con -> {
            var ps = con.prepareStatement("SELECT pg_advisory_xact_lock(?, k) FROM unnest(?::int4[]) AS t(k)");
            ps.setInt(1, USER_LOCKS);
            ps.setArray(2, con.createArrayOf("int4", boxed));
            return ps;
        }, (org.springframework.jdbc.core.RowCallbackHandler) rs -> { });
    }

    /**
     * Takes one of a user's {@code maxRounds} learning rounds (privacy.unit USER) if any is left, and
     * counts it under the user's current digest, labelled with the current secret's key id. The
     * user's rounds are the sum over its rows: the current one and those under its other digests
     * (rounds taken before a rotation of the digest secret, or under a non-NFC spelling before V15),
     * which are locked and read first (after {@link #lockUsers}); then one atomic upsert on the
     * current row, which it keeps locked until the transaction ends. Rows under other digests are
     * summed, never moved: a move would rewrite a counter each time an instance with another current
     * secret saw the user (during a rolling rotation, back and forth), and a user who never comes back
     * keeps a row under the old secret anyway, so the old secret could not be dropped any sooner.
     */
    public boolean takeUserRound(String banditId, UserDigests user, int maxRounds) {
        int earlier = 0;
        if (!user.others().isEmpty()) {
            earlier = jdbc.query(con -> {
                var ps = con.prepareStatement("SELECT rounds FROM user_contribution WHERE bandit_id = ? "
                        + "AND user_digest = ANY(?) FOR UPDATE");
                ps.setString(1, banditId);
                ps.setArray(2, con.createArrayOf("varchar", user.others().toArray()));
                return ps;
            }, (rs, i) -> rs.getInt(1)).stream().mapToInt(Integer::intValue).sum();
        }
        if (earlier >= maxRounds) {
            return false;
        }
        return !jdbc.queryForList("INSERT INTO user_contribution (bandit_id, user_digest, key_id, rounds) "
                + "VALUES (?, ?, ?, 1) ON CONFLICT (bandit_id, user_digest) DO UPDATE SET "
                + "rounds = user_contribution.rounds + 1, key_id = EXCLUDED.key_id "
                + "WHERE user_contribution.rounds < ? RETURNING rounds", Integer.class, banditId, user.digest(),
                user.keyId(), maxRounds - earlier).isEmpty();
    }

    /** Gives back a round {@link #takeUserRound} took when the decision got no learning slot after all. */
    public void returnUserRound(String banditId, UserDigests user) {
        jdbc.update("UPDATE user_contribution SET rounds = rounds - 1 WHERE bandit_id = ? AND user_digest = ? "
                + "AND rounds > 0", banditId, user.digest());
    }
}
