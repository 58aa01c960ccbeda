package io.dpbandit.lifecycle;

import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.store.DecisionStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link LifecycleStorage} in memory: a faithful model of {@link JdbcLifecycleStorage} over the
 * stores' statements, for the engine's unit tests. Every write is the same compare-and-set as in
 * SQL and every transaction is atomic (one lock around the whole storage): a plan is stored only
 * while there is none, a fold commits only at the expected folded count and policy version and for
 * rounds not folded yet, an
 * epoch seals only while OPEN with every slot handed out and no round pending, and closes only while
 * SEALED with every round folded. The clock is the test's ({@link #advanceClock}), as the database's
 * is for the SQL.
 *
 * <p>It also plays the request path the engine never sees (decisions taking slots, feedback) and
 * records what the engine wrote (progress, ledger charges, released models), so tests can check it.
 */
public final class InMemoryLifecycleStorage implements LifecycleStorage {

    /** An epoch's row and its slot counter. */
    static final class Epoch {
        final String bandit;
        final int number;
        final int length;
        EpochStatus status = EpochStatus.OPEN;
        int assigned;
        int folded;
        byte[] plan;
        byte[] accumulator;
        /** The fold shards' partial sums (table fold_shard), by shard. */
        final java.util.TreeMap<Integer, Accumulator> shards = new java.util.TreeMap<>();
        String model;
        String workStage;
        Double workProgress;

        Epoch(String bandit, int number, int length) {
            this.bandit = bandit;
            this.number = number;
            this.length = length;
        }

        /** Slots a retirement closed (quota = used). */
        int quota = -1;

        OpenEpoch view(boolean retired) {
            return new OpenEpoch(bandit, number, length, status, assigned, folded, plan != null, retired);
        }
    }

    /** A decision's row. */
    static final class Decision {
        final UUID id;
        final String bandit;
        final int epoch;
        final Integer slot;
        final long seq;
        final double[] context;
        final int action;
        final long waitUntil;
        FeedbackState feedback;
        Double reward;
        String report;
        boolean feedbackSent;
        boolean folded;

        Decision(UUID id, String bandit, int epoch, Integer slot, long seq, double[] context, int action,
                long waitUntil) {
            this.id = id;
            this.bandit = bandit;
            this.epoch = epoch;
            this.slot = slot;
            this.seq = seq;
            this.context = context;
            this.action = action;
            this.waitUntil = waitUntil;
            this.feedback = slot == null ? FeedbackState.NOT_USED : FeedbackState.PENDING;
        }

        Round round() {
            return new Round(id, slot, context == null ? null : context.clone(), action, reward,
                    feedback, report);
        }
    }

    /** A bandit's state row. */
    static final class State {
        int epoch = 1;
        Phase phase = Phase.EXPLORE;
        long rounds;
        long version;
        byte[] policyState;
        PrivacyCost budget;
        boolean retired;

        BanditVersion view() {
            return new BanditVersion(epoch, phase, version);
        }
    }

    /** A ledger charge as committed. */
    public record Charged(String bandit, PrivacyCost cost, String reason, Integer epoch, String composition,
            Double rho, io.dpbandit.privacy.Accountant accountant) {
    }

    /** A progress write the engine made (including those refused on a closed epoch: applied false). */
    public record Progress(String bandit, int epoch, String stage, Double progress, boolean applied) {
    }

    private final Map<String, State> states = new LinkedHashMap<>();
    private final Map<String, Map<Integer, Epoch>> epochs = new LinkedHashMap<>();
    private final Map<UUID, Decision> decisions = new LinkedHashMap<>();
    private final List<Charged> ledger = new ArrayList<>();
    private final List<Progress> progress = new ArrayList<>();
    private long seq;
    private long nowMillis = 1_000_000;

    // ---- set-up and the request path (what BanditService and DecisionService do) ----

    /** A new bandit: state at epoch 1 (EXPLORE), epoch 1 open with {@code firstEpochLength} slots. */
    public synchronized void createBandit(String bandit, int firstEpochLength, PrivacyCost budget,
            byte[] initialState) {
        State s = new State();
        s.budget = budget;
        s.policyState = initialState;
        states.put(bandit, s);
        epochs.put(bandit, new LinkedHashMap<>());
        insertEpoch(bandit, 1, firstEpochLength);
    }

    /** A creation charge (the sequential algorithms' whole horizon), committed with the bandit. */
    public synchronized void chargeAtCreation(String bandit, EpochProcess.Charge charge) {
        charge(bandit, charge);
    }

    private void insertEpoch(String bandit, int number, int length) {
        if (epochs.get(bandit).putIfAbsent(number, new Epoch(bandit, number, length)) != null) {
            throw new IllegalStateException("epoch " + number + " of '" + bandit + "' exists (primary key)");
        }
    }

    /**
     * A decision in the bandit's current epoch: it takes a learning slot if one is left (PENDING, its
     * wait running from now) and is NOT_USED otherwise, as DecisionStore#insert does.
     */
    public synchronized UUID decide(String bandit, double[] context, int action, int waitSeconds) {
        State s = states.get(bandit);
        Epoch e = epochs.get(bandit).get(s.epoch);
        Integer slot = null;
        if (s.phase == Phase.EXPLORE && e.status == EpochStatus.OPEN && e.assigned < e.length && !s.retired) {
            slot = ++e.assigned;
        }
        UUID id = UUID.randomUUID();
        decisions.put(id, new Decision(id, bandit, e.number, slot, ++seq, slot == null ? null : context.clone(),
                action, nowMillis + waitSeconds * 1000L));
        return id;
    }

    /** A reward, as DecisionStore#feedback takes it: ACCEPTED before the wait, LATE after, once only. */
    public synchronized FeedbackState feedback(UUID id, Double reward, String report) {
        Decision d = decisions.get(id);
        if (d.feedbackSent) {
            return d.feedback;
        }
        d.feedbackSent = true;
        if (d.feedback == FeedbackState.PENDING && nowMillis < d.waitUntil) {
            d.feedback = FeedbackState.ACCEPTED;
            d.reward = reward;
            d.report = report;
        } else if (d.feedback == FeedbackState.PENDING || d.feedback == FeedbackState.DEFAULTED) {
            d.feedback = FeedbackState.LATE;
        }
        return d.feedback;
    }

    public synchronized void advanceClock(long millis) {
        nowMillis += millis;
    }

    // ---- what tests read ----

    /** The budget the bandit was created with. */
    public synchronized PrivacyCost budget(String bandit) {
        return states.get(bandit).budget;
    }

    public synchronized BanditVersion version(String bandit) {
        return states.get(bandit).view();
    }

    public synchronized long rounds(String bandit) {
        return states.get(bandit).rounds;
    }

    public synchronized Optional<byte[]> policyState(String bandit) {
        return Optional.ofNullable(states.get(bandit).policyState);
    }

    public synchronized List<String> releasedModels(String bandit) {
        return epochs.get(bandit).values().stream().filter(e -> e.status == EpochStatus.CLOSED && e.model != null)
                .sorted(Comparator.comparingInt(e -> e.number)).map(e -> e.model).toList();
    }

    public synchronized List<Charged> ledger(String bandit) {
        return ledger.stream().filter(c -> c.bandit().equals(bandit)).toList();
    }

    public synchronized List<Progress> progressWrites() {
        return List.copyOf(progress);
    }

    /** The progress the epoch shows now: its stage and fraction. */
    public synchronized String shownProgress(String bandit, int epoch) {
        Epoch e = epochs.get(bandit).get(epoch);
        return e.workStage == null ? null : e.workStage + (e.workProgress == null ? "" : "@" + e.workProgress);
    }

    public synchronized byte[] accumulatorBytes(String bandit, int epoch) {
        return epochs.get(bandit).get(epoch).accumulator;
    }

    public synchronized long foldedRounds(String bandit, int epoch) {
        return decisions.values().stream().filter(d -> d.bandit.equals(bandit) && d.epoch == epoch && d.folded)
                .count();
    }

    public synchronized FeedbackState feedbackOf(UUID id) {
        return decisions.get(id).feedback;
    }

    public synchronized Optional<Double> storedReward(UUID id) {
        return Optional.ofNullable(decisions.get(id).reward);
    }

    // ---- LifecycleStorage ----

    @Override
    public synchronized java.time.Instant clock() {
        return java.time.Instant.ofEpochMilli(nowMillis);
    }

    @Override
    public synchronized int defaultWaitedOut(String bandit, int epoch, double defaultReward, java.time.Instant cutoff) {
        int n = 0;
        for (Decision d : decisions.values()) {
            if (d.bandit.equals(bandit) && d.epoch == epoch && d.feedback == FeedbackState.PENDING
                    && d.waitUntil <= cutoff.toEpochMilli()) {
                d.feedback = FeedbackState.DEFAULTED;
                d.reward = defaultReward;
                n++;
            }
        }
        return n;
    }

    @Override
    public synchronized Optional<byte[]> plan(String bandit, int epoch) {
        Epoch e = epoch(bandit, epoch, false);
        return Optional.ofNullable(e == null ? null : e.plan);
    }

    @Override
    public synchronized boolean storePlan(String bandit, int epoch, byte[] plan, java.time.Instant at) {
        Epoch e = epoch(bandit, epoch, false);
        if (e == null || e.plan != null || e.status == EpochStatus.CLOSED) {
            return false;
        }
        e.plan = plan.clone();
        e.workStage = null;
        e.workProgress = null;
        return true;
    }

    @Override
    public synchronized void progress(String bandit, int epoch, String stage, Double fraction) {
        Epoch e = epoch(bandit, epoch, false);
        boolean applied = e != null && e.status != EpochStatus.CLOSED;
        progress.add(new Progress(bandit, epoch, stage, fraction, applied));
        if (applied) {
            e.workStage = stage;
            e.workProgress = fraction;
        }
    }

    @Override
    public synchronized Accumulator accumulator(String bandit, int epoch) {
        Epoch e = epoch(bandit, epoch, true);
        return new Accumulator(e.accumulator == null ? null : e.accumulator.clone(), e.folded);
    }

    /**
     * Run once, after the next roundsToFold has read its rounds and before its caller goes on (another
     * instance acting in that window); null for none.
     */
    private Runnable afterRoundsToFold;

    public synchronized void afterNextRoundsToFold(Runnable action) {
        afterRoundsToFold = action;
    }

    @Override
    public List<Round> roundsToFold(String bandit, int epoch, EpochProcess.FoldOrder order,
            int limit, java.time.Instant cutoff) {
        List<Round> rounds = readRoundsToFold(bandit, epoch, order, limit, cutoff.toEpochMilli());
        Runnable action;
        synchronized (this) {
            action = afterRoundsToFold;
            afterRoundsToFold = null;
        }
        if (action != null) {
            action.run();
        }
        return rounds;
    }

    /**
     * A round folds once its window has passed at the cutoff (whatever its feedback: a round whose
     * reward came early waits like the others) and it is no longer PENDING (defaultWaitedOut at the
     * same cutoff defaults the silent ones first), as LifecycleRounds#unfolded and
     * #settledInDecisionOrder select.
     */
    private synchronized List<Round> readRoundsToFold(String bandit, int epoch,
            EpochProcess.FoldOrder order, int limit, long cutoff) {
        List<Decision> unfolded = decisions.values().stream().filter(d -> d.bandit.equals(bandit)
                && d.epoch == epoch && d.slot != null && !d.folded).toList();
        if (order == EpochProcess.FoldOrder.SETTLED) {
            return unfolded.stream().filter(d -> d.feedback != FeedbackState.PENDING && d.waitUntil <= cutoff)
                    .sorted(Comparator.comparingInt(d -> d.slot)).limit(limit).map(Decision::round).toList();
        }
        long firstPending = unfolded.stream().filter(d -> d.feedback == FeedbackState.PENDING || d.waitUntil > cutoff)
                .mapToLong(d -> d.seq).min().orElse(Long.MAX_VALUE);
        return unfolded.stream().filter(d -> d.seq < firstPending).sorted(Comparator.comparingLong(d -> d.seq))
                .limit(limit).map(Decision::round).toList();
    }

    @Override
    public synchronized boolean commitFold(String bandit, int epoch, int expectedFolded, List<UUID> rounds,
            EpochProcess.Folded folded) {
        Epoch e = epoch(bandit, epoch, true);
        if (e.folded != expectedFolded || e.status == EpochStatus.CLOSED || e.status == EpochStatus.ABANDONED) {
            return false;
        }
        State s = states.get(bandit);
        if (folded.policyState() != null && s.version != folded.expectedVersion()) {
            return false;
        }
        if (rounds.stream().anyMatch(id -> decisions.get(id).folded)) {
            return false; // folded by another writer since they were read
        }
        e.accumulator = folded.accumulator() == null ? null : folded.accumulator().clone();
        e.folded += rounds.size();
        if (folded.policyState() != null) {
            s.policyState = folded.policyState().clone();
            s.version++;
        }
        for (UUID id : rounds) {
            decisions.get(id).folded = true;
        }
        return true;
    }

    /** Run once, after the next shard's rounds are read (another instance acting in that window); null for none. */
    private Runnable afterShardRoundsToFold;

    public synchronized void afterNextShardRoundsToFold(Runnable action) {
        afterShardRoundsToFold = action;
    }

    @Override
    public List<Round> roundsToFold(String bandit, int epoch, FoldShard shard, int limit,
            java.time.Instant cutoff) {
        List<Round> rounds;
        Runnable action;
        synchronized (this) {
            rounds = readRoundsToFold(bandit, epoch, EpochProcess.FoldOrder.SETTLED, Integer.MAX_VALUE,
                    cutoff.toEpochMilli()).stream().filter(r -> (r.slot() - 1) % shard.count() == shard.index())
                    .limit(limit).toList();
            action = afterShardRoundsToFold;
            afterShardRoundsToFold = null;
        }
        if (action != null) {
            action.run();
        }
        return rounds;
    }

    public synchronized Map<Integer, Integer> shardCounts(String bandit, int epoch) {
        Map<Integer, Integer> counts = new java.util.TreeMap<>();
        epoch(bandit, epoch, true).shards.forEach((k, a) -> counts.put(k, a.folded()));
        return counts;
    }

    @Override
    public synchronized Accumulator shardAccumulator(String bandit, int epoch, int shard) {
        Accumulator a = epoch(bandit, epoch, true).shards.get(shard);
        return a == null ? new Accumulator(null, 0) : new Accumulator(a.bytes().clone(), a.folded());
    }

    @Override
    public synchronized int commitShardFold(String bandit, int epoch, int shard, int expectedFolded, List<UUID> rounds,
            byte[] accumulator) {
        Epoch e = epoch(bandit, epoch, true);
        Accumulator a = e.shards.get(shard);
        if (e.status == EpochStatus.CLOSED || e.status == EpochStatus.ABANDONED
                || (a == null ? 0 : a.folded()) != expectedFolded
                || rounds.stream().anyMatch(id -> decisions.get(id).folded)) {
            return -1;
        }
        e.shards.put(shard, new Accumulator(accumulator.clone(), expectedFolded + rounds.size()));
        e.folded += rounds.size();
        for (UUID id : rounds) {
            decisions.get(id).folded = true;
        }
        return e.folded;
    }

    @Override
    public synchronized Accumulator sealedAccumulator(String bandit, int epoch) {
        Epoch e = epoch(bandit, epoch, true);
        double[] sums = e.accumulator == null ? null : io.dpbandit.codec.BinaryCodec.doubles(e.accumulator);
        for (Accumulator a : e.shards.values()) {
            sums = Accumulator.add(sums, io.dpbandit.codec.BinaryCodec.doubles(a.bytes()));
        }
        return new Accumulator(sums == null ? null : io.dpbandit.codec.BinaryCodec.doubles(sums), e.folded);
    }

    /** Learning rounds not folded whose window is still open at the cutoff or that are PENDING (LifecycleRounds#waiting). */
    synchronized long waiting(String bandit, int epoch, long cutoff) {
        return decisions.values().stream().filter(d -> d.bandit.equals(bandit) && d.epoch == epoch && d.slot != null
                && !d.folded && (d.waitUntil > cutoff || d.feedback == FeedbackState.PENDING)).count();
    }

    @Override
    public synchronized boolean seal(String bandit, int epoch, java.time.Instant cutoff) {
        Epoch e = epoch(bandit, epoch, false);
        if (e == null || e.status != EpochStatus.OPEN || waiting(bandit, epoch, cutoff.toEpochMilli()) > 0
                || e.assigned < e.length) {
            return false;
        }
        e.status = EpochStatus.SEALED;
        return true;
    }

    @Override
    public synchronized boolean commitClose(String bandit, int epoch, int folded, EpochProcess.EpochRelease release,
            java.time.Instant at) {
        // The checks in the transaction's order; all of them pass before anything is applied, as a
        // rollback would leave it.
        Epoch e = epoch(bandit, epoch, false);
        if (e == null || e.status != EpochStatus.SEALED) {
            return false;
        }
        if (release.charge() != null && !affordable(bandit, release.charge())) {
            throw new ServiceErrors.BudgetExhausted("bandit '" + bandit + "' has spent its privacy budget");
        }
        if (e.folded != e.assigned) {
            return false;
        }
        State s = states.get(bandit);
        if (s.epoch != epoch || s.phase != Phase.EXPLORE) {
            throw new IllegalStateException("bandit '" + bandit + "' moved away from epoch " + epoch
                    + " during its close");
        }
        if (release.charge() != null) {
            charge(bandit, release.charge());
        }
        e.status = EpochStatus.CLOSED;
        e.model = release.model();
        e.accumulator = null;
        e.shards.clear();
        e.workStage = null;
        e.workProgress = null;
        boolean next = release.nextEpochLength() != null;
        if (next) {
            insertEpoch(bandit, epoch + 1, release.nextEpochLength());
        }
        s.epoch = next ? epoch + 1 : epoch;
        s.phase = release.phase();
        s.rounds += folded;
        s.version++;
        if (release.estimator() != null) {
            s.policyState = release.estimator().clone();
        }
        return true;
    }

    /**
     * Whether the bandit's ledger, replayed, can afford the charge (Ledger#charge's check): its ρ's
     * within the ρ of its budget under ZCDP, its (ε, δ) within the budget under BASIC.
     */
    private boolean affordable(String bandit, EpochProcess.Charge charge) {
        if (charge.accountant() == io.dpbandit.privacy.Accountant.ZCDP) {
            java.math.BigDecimal rho = PrivacyAmounts.of(charge.rho());
            for (Charged c : ledger(bandit)) {
                rho = rho.add(PrivacyAmounts.of(c.rho()));
            }
            return rho.compareTo(PrivacyAmounts.of(io.dpbandit.privacy.ZcdpAccounting.budgetRho(charge.budget()))) <= 0;
        }
        PrivacyBudget total = PrivacyBudget.of(charge.budget());
        java.math.BigDecimal eps = java.math.BigDecimal.ZERO;
        java.math.BigDecimal delta = java.math.BigDecimal.ZERO;
        for (Charged c : ledger(bandit)) {
            eps = eps.add(PrivacyAmounts.of(c.cost().epsilon()));
            delta = delta.add(PrivacyAmounts.of(c.cost().delta()));
        }
        return new PrivacyBudget(total.epsilonTotal(), total.deltaTotal(), eps, delta).canAfford(charge.cost());
    }

    private void charge(String bandit, EpochProcess.Charge charge) {
        if (!affordable(bandit, charge)) {
            throw new ServiceErrors.BudgetExhausted("bandit '" + bandit + "' has spent its privacy budget");
        }
        ledger.add(new Charged(bandit, charge.cost(), charge.reason(), charge.epoch(), charge.composition(),
                charge.rho(), charge.accountant()));
    }

    @Override
    public synchronized int forgetRawData(int retentionSeconds, int limit) {
        return 0; // raw data is not modelled: the engine never reads it back after a fold
    }

    @Override
    public synchronized int forgetReplayData(long windowSeconds, int limit) {
        return 0; // replay digests are not modelled: the engine never reads them
    }

    @Override
    public synchronized List<OpenEpoch> openEpochs() {
        List<OpenEpoch> open = new ArrayList<>();
        states.forEach((bandit, s) -> {
            Epoch e = epochs.get(bandit).get(s.epoch);
            if (s.phase == Phase.EXPLORE && e != null
                    && (e.status == EpochStatus.OPEN || e.status == EpochStatus.SEALED)) {
                open.add(e.view(s.retired));
            }
        });
        return open;
    }

    @Override
    public synchronized Optional<OpenEpoch> epoch(String bandit, int number) {
        Epoch e = epoch(bandit, number, false);
        return Optional.ofNullable(e == null ? null : e.view(states.get(bandit).retired));
    }

    /** POST /bandits/{id}/retire: no decision from now on (the lifecycle abandons an epoch that cannot fill). */
    public synchronized void retire(String bandit) {
        states.get(bandit).retired = true;
    }

    @Override
    public synchronized boolean abandon(String bandit, int epoch, java.time.Instant at,
            EpochProcess.Folded policyState) {
        Epoch e = epoch(bandit, epoch, false);
        State s = states.get(bandit);
        if (e == null || e.status != EpochStatus.OPEN || e.assigned >= e.length) {
            return false;
        }
        if (policyState != null && policyState.policyState() != null && s.version != policyState.expectedVersion()) {
            return false;
        }
        e.status = EpochStatus.ABANDONED;
        e.quota = e.assigned;
        e.accumulator = null;
        e.shards.clear();
        e.workStage = null;
        e.workProgress = null;
        decisions.values().stream().filter(d -> d.bandit.equals(bandit) && d.epoch == epoch && d.slot != null)
                .forEach(d -> d.folded = true);
        if (policyState != null && policyState.policyState() != null) {
            s.policyState = policyState.policyState().clone();
            s.version++;
        }
        return true;
    }

    private Epoch epoch(String bandit, int number, boolean required) {
        Map<Integer, Epoch> of = epochs.get(bandit);
        Epoch e = of == null ? null : of.get(number);
        if (e == null && required) {
            throw new org.springframework.dao.EmptyResultDataAccessException(1);
        }
        return e;
    }
}
