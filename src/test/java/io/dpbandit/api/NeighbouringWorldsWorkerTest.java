package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.lifecycle.LifecycleGrid;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The neighbouring worlds ({@link NeighbouringWorlds}) on the real worker loop: the service's own
 * lifecycle worker, on a one-second grid, does every default, fold, seal, close, plan and
 * abandonment; the test only makes time pass (it moves the feedback windows to a common instant, as
 * the decisions' times are public facts the worlds share, and waits). At every moment the analyst
 * views are equal across the worlds, the times included: a plan's, a seal's, a close's, the next
 * epoch's opening and the ledger's dates are instants of the public grid, the seal and close the
 * first one at or after the last window's end; only a bandit's creation and an admin's retirement are
 * dated by their requests. The metrics that BanditMetrics calls data-independent read the same in
 * the three worlds too, and the retired family's abandoned epoch keeps no partial sum. One fold shard:
 * with more, how many fold steps an epoch takes also follows which slot counter each decision drew
 * (the service's own random spread, independent of the data but not the same in the three worlds);
 * {@link NeighbouringWorldsTest} runs with the default eight.
 */
// Its grid assertions (a plan lands at the first or second grid instant after the bandit is created)
// hold when the worker's rounds keep to the grid, which another test's CPU beside it can break.
@Tag("alone")
@Import(NeighbouringWorlds.AlikePublicDraws.class)
@TestPropertySource(properties = {"dpbandit.lifecycle.worker=true", "dpbandit.lifecycle.check-interval-ms=1000",
        "dpbandit.lifecycle.fold-shards=1"})
class NeighbouringWorldsWorkerTest extends NeighbouringWorlds {

    static final long GRID_MS = 1000;
    final LifecycleGrid grid = new LifecycleGrid(GRID_MS);

    @Test
    void oneUsersFeedbackChangesNothingAnAnalystReadsOnTheWorkersGridTimesAndMetricsIncluded() {
        List<Family> families = families();
        createBudgets();
        for (Family f : families) {
            startOfPeriod(); // a family's worlds are created within one period: their plans are due together
            create(f);
        }
        awaitStable(dbNow());
        for (Family f : families) {
            for (String w : WORLDS) {
                JsonNode epoch = read("/bandits/" + id(f, w) + "/epochs").get(0);
                if (!epoch.path("plannedAt").isNull()) {
                    Instant created = Instant.parse(epoch.path("openedAt").asText());
                    Instant planned = Instant.parse(epoch.path("plannedAt").asText());
                    assertThat(grid.onGrid(planned)).as("%s planned at %s", id(f, w), planned).isTrue();
                    assertThat(planned).as("%s: planned at the grid instant of the round that first saw it", id(f, w))
                            .isBetween(grid.tick(created), grid.next(created).plusMillis(GRID_MS));
                }
            }
        }
        decideAndAnswer(families);
        awaitStable(dbNow());
        compareOnTheGrid(families, "all feedback but the late answer in, every window still open");

        Instant first = windowsPassAt(families, true);
        awaitStable(grid.next(first));
        compareOnTheGrid(families, "the windows of the target's rounds and those before them passed");

        startOfPeriod();
        retire(families);
        awaitStable(grid.next(dbNow()));
        abandonedEpochsKeepNoPartialSum(families);

        Instant all = windowsPassAt(families, false);
        Instant due = grid.next(all);
        awaitStable(due);
        Map<String, Map<String, JsonNode>> views = compareOnTheGrid(families, "every window passed");
        for (Family f : families) {
            if (f.retired() || f.rollout()) {
                // A rollout's epoch takes only the bandit's decisions (the coin gave it about half of the
                // rounds), so it stays open; its evaluation's releases were compared on the grid above.
                continue;
            }
            for (String w : WORLDS) {
                JsonNode epoch = views.get(id(f, w)).get("epochs").get(0);
                assertThat(Instant.parse(epoch.path("sealedAt").asText())).as("%s sealed at the first grid instant "
                        + "after its last window", id(f, w)).isEqualTo(due);
                assertThat(Instant.parse(epoch.path("closedAt").asText())).as("%s closed", id(f, w)).isEqualTo(due);
                for (JsonNode charge : views.get(id(f, w)).get("ledger")) {
                    if (charge.path("epoch").asInt() == 1) {
                        assertThat(Instant.parse(charge.path("createdAt").asText())).as("%s charged", id(f, w))
                                .isEqualTo(due);
                    }
                }
            }
        }

        answerLate(families);
        awaitStable(grid.next(dbNow()));
        compareOnTheGrid(families, "the late answer in");
        dataIndependentMetricsAreEqualAcrossTheWorlds(families);
    }

    /** The worlds compared with their lifecycle times, each of which must be an instant of the grid. */
    Map<String, Map<String, JsonNode>> compareOnTheGrid(List<Family> families, String moment) {
        Map<String, Map<String, JsonNode>> views = compare(families, moment, true);
        views.forEach((bandit, view) -> view.forEach((endpoint, value) -> times(value).forEach(t -> assertThat(
                grid.onGrid(Instant.parse(t))).as("%s: %s of %s dated %s, not a grid instant", moment, endpoint, bandit,
                        t).isTrue())));
        return views;
    }

    /** Every time left in a normalised view (those a request dates are placeholders). */
    static List<String> times(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(e -> out.addAll(times(e)));
        } else if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if ((e.getKey().endsWith("At") || e.getKey().endsWith("Since")) && e.getValue().isTextual()
                        && !e.getValue().asText().startsWith("<")) {
                    out.add(e.getValue().asText());
                } else {
                    out.addAll(times(e.getValue()));
                }
            });
        }
        return out;
    }

    /**
     * The feedback windows of the target's rounds and those before them ({@code first}), or of every
     * round, end at one instant in the middle of the next grid period: the worlds' decisions were made
     * milliseconds apart, which the public schedule may tell apart; the test gives them the same times.
     */
    Instant windowsPassAt(List<Family> families, boolean first) {
        Instant at = grid.next(dbNow()).plusMillis(GRID_MS / 2);
        List<String> ids = first ? new ArrayList<>(rounds(families.stream().filter(f -> !f.perUser()).toList(),
                t -> t <= 1)) : rounds(families, t -> true);
        if (first) {
            ids.addAll(rounds(families.stream().filter(Family::perUser).toList(), t -> t <= 3));
        }
        for (String id : ids) {
            jdbc.update("UPDATE decision SET wait_until = ? WHERE id = ?::uuid AND wait_until > ?", Timestamp.from(at),
                    id, Timestamp.from(at));
        }
        return at;
    }

    /**
     * Waits until the database's clock is past {@code after} and then until nothing the lifecycle
     * writes changes over a whole grid interval: the worker's round at the due instant is done, and
     * the public work after it (the next epochs' plans).
     */
    void awaitStable(Instant after) {
        while (dbNow().isBefore(after.plusMillis(100))) {
            pause(50);
        }
        String before = snapshot();
        for (int i = 0; i < 60; i++) {
            pause(grid.millisToNext(dbNow()) + 300); // past the next instant's round
            String now = snapshot();
            if (now.equals(before)) {
                return;
            }
            before = now;
        }
        throw new AssertionError("the lifecycle did not settle: " + before);
    }

    String snapshot() {
        return jdbc.queryForList("SELECT e.bandit_id, e.number, e.status, e.folded, e.planned_at, e.sealed_at, "
                + "e.closed_at, e.work_stage, e.work_progress, s.epoch, s.phase, s.state_version, s.rounds FROM epoch e "
                + "JOIN bandit_state s ON s.bandit_id = e.bandit_id ORDER BY e.bandit_id, e.number").toString();
    }

    Instant dbNow() {
        return jdbc.queryForObject("SELECT clock_timestamp()", Timestamp.class).toInstant();
    }

    /** Sleeps to just after a grid instant unless this period has most of it left. */
    void startOfPeriod() {
        Instant now = dbNow();
        if (now.toEpochMilli() - grid.tick(now).toEpochMilli() > 300) {
            pause(grid.millisToNext(now) + 30);
        }
    }

    static final Pattern SAMPLE = Pattern.compile("^([a-z_]+)\\{(.*)} (\\S+)$");

    /**
     * The series BanditMetrics calls data-independent read the same for the three worlds' bandits
     * (an operator's view; the analyst's dashboard shows only these).
     */
    void dataIndependentMetricsAreEqualAcrossTheWorlds(List<Family> families) {
        String exposition = read("/actuator/prometheus", OPS).asText();
        if (exposition.isEmpty()) {
            exposition = read("/actuator/prometheus", OPS).toString();
        }
        for (Family f : families) {
            Map<String, String> reference = null;
            for (String w : WORLDS) {
                Map<String, String> series = new TreeMap<>();
                String label = "bandit=\"" + id(f, w) + "\"";
                for (String line : exposition.split("\n")) {
                    Matcher m = SAMPLE.matcher(line);
                    if (m.find() && BanditMetrics.DATA_INDEPENDENT.contains(m.group(1)) && m.group(2).contains(label)) {
                        series.put(m.group(1) + "{" + m.group(2).replace(label, "bandit=\"<bandit>\"") + "}",
                                m.group(3));
                    }
                }
                assertThat(series).as("%s's data-independent series", id(f, w)).isNotEmpty();
                if (reference == null) {
                    reference = series;
                } else {
                    assertThat(series).as("data-independent metrics of world %s against world early (%s)", w,
                            f.name()).isEqualTo(reference);
                }
            }
        }
    }
}
