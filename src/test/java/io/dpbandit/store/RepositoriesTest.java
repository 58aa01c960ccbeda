package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.PostgresJpaTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.orm.jpa.TestEntityManager;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The JPA side of the store on PostgreSQL: the registry row written once (entities validated by
 * Hibernate against Flyway's schema when the slice starts), the privacy ledger that only grows
 * (its trigger refuses UPDATE and DELETE, from SQL and from JPA alike), and USCA's per-context
 * releases under their keys.
 */
@PostgresJpaTest
class RepositoriesTest {

    @Autowired
    BanditRegistry registry;
    @Autowired
    LedgerRepository ledger;
    @Autowired
    ContextReleaseRepository releases;
    @Autowired
    TestEntityManager entities;
    @Autowired
    JdbcTemplate jdbc;

    @BeforeEach
    void bandits() {
        registry.saveAndFlush(new BanditRecord("zeta", BanditSpec.Algorithm.USCA, "{\"id\": \"zeta\"}", 2.0, 0.0));
        registry.saveAndFlush(new BanditRecord("alpha", BanditSpec.Algorithm.CAPRI, "{\"id\": \"alpha\"}", 1.0, 1e-5));
        entities.clear();
    }

    @Test
    void theRegistryHoldsEachBanditOnceInIdOrder() {
        assertThat(registry.findAllByOrderByIdAsc()).extracting(BanditRecord::getId).containsExactly("alpha",
                "zeta");
        BanditRecord alpha = registry.findById("alpha").orElseThrow();
        assertThat(alpha.getAlgorithm()).isEqualTo(BanditSpec.Algorithm.CAPRI);
        assertThat(alpha.getSpec()).isEqualTo("{\"id\": \"alpha\"}");
        assertThat(alpha.getEpsilonTotal()).isEqualTo(1.0);
        assertThat(alpha.getDeltaTotal()).isEqualTo(1e-5);
        assertThat(alpha.getCreatedAt()).as("set by the database").isNotNull();
        assertThat(jdbc.queryForObject("SELECT algorithm FROM bandit WHERE id = 'alpha'", String.class))
                .isEqualTo("CAPRI");
    }

    @Test
    void aBanditIdMustHaveTheDocumentedForm() {
        assertThatThrownBy(() -> registry.saveAndFlush(new BanditRecord("no spaces", BanditSpec.Algorithm.CAPRI,
                "{}", 1.0, 0.0))).hasStackTraceContaining("bandit_id_format");
    }

    @Test
    void ledgerEntriesAreListedPerBanditInTheOrderTheyWereCharged() {
        LedgerEntry first = ledger.saveAndFlush(new LedgerEntry("alpha", 0.25, 1e-6, "CAPRI epoch release", 1,
                "SEQUENTIAL"));
        ledger.saveAndFlush(new LedgerEntry("zeta", 0.5, 0, "USCA context release", null, "SEQUENTIAL"));
        LedgerEntry second = ledger.saveAndFlush(new LedgerEntry("alpha", 0.25, 1e-6, "CAPRI epoch release", 2,
                "SEQUENTIAL"));
        entities.clear();
        List<LedgerEntry> alpha = ledger.findByBanditIdOrderByIdAsc("alpha");
        assertThat(alpha).extracting(LedgerEntry::getId).containsExactly(first.getId(), second.getId());
        assertThat(alpha).extracting(LedgerEntry::getEpoch).containsExactly(1, 2);
        assertThat(alpha.get(0).getCreatedAt()).isNotNull();
        assertThat(ledger.findByBanditIdOrderByIdAsc("zeta")).singleElement()
                .satisfies(e -> assertThat(e.getEpoch()).isNull());
    }

    @Test
    void aLedgerEntryCannotBeChangedBySql() {
        ledger.saveAndFlush(new LedgerEntry("alpha", 0.25, 0, "test", 1, "SEQUENTIAL"));
        assertThatThrownBy(() -> jdbc.update("UPDATE ledger SET epsilon = 0 WHERE bandit_id = 'alpha'"))
                .hasStackTraceContaining("the privacy ledger is append-only");
    }

    @Test
    void aLedgerEntryCannotBeDeletedBySql() {
        ledger.saveAndFlush(new LedgerEntry("alpha", 0.25, 0, "test", 1, "SEQUENTIAL"));
        assertThatThrownBy(() -> jdbc.update("DELETE FROM ledger WHERE bandit_id = 'alpha'"))
                .hasStackTraceContaining("the privacy ledger is append-only");
    }

    @Test
    void aLedgerEntryCannotBeDeletedThroughTheRepository() {
        LedgerEntry entry = ledger.saveAndFlush(new LedgerEntry("alpha", 0.25, 0, "test", 1, "SEQUENTIAL"));
        assertThatThrownBy(() -> {
            ledger.delete(entry);
            ledger.flush();
        }).hasStackTraceContaining("the privacy ledger is append-only");
    }

    @Test
    void aLedgerChargeIsNeverNegative() {
        assertThatThrownBy(() -> ledger.saveAndFlush(new LedgerEntry("alpha", -0.1, 0, "test", 1, "SEQUENTIAL")))
                .hasStackTraceContaining("ledger_epsilon_check");
    }

    @Test
    void aLedgerCompositionIsSequentialOrParallel() {
        assertThatThrownBy(() -> ledger.saveAndFlush(new LedgerEntry("alpha", 0.1, 0, "test", 1, "ADVANCED")))
                .hasStackTraceContaining("ledger_composition");
    }

    @Test
    void aContextReleaseIsFoundUnderItsKeyAndStoredOncePerKey() {
        long charge = ledger.saveAndFlush(new LedgerEntry("zeta", 0.5, 0, "USCA context release", null,
                "SEQUENTIAL")).getId();
        releases.saveAndFlush(new ContextReleaseEntity("zeta", "key-1", "00000000000000aa", 1, charge));
        entities.clear();
        ContextReleaseEntity found = releases.findByBanditIdAndContextKey("zeta", "key-1").orElseThrow();
        assertThat(found.getActionIndex()).isEqualTo(1);
        assertThat(found.getLedgerId()).isEqualTo(charge);
        assertThat(found.getKeyScheme()).isEqualTo("HMAC_SHA256");
        assertThat(found.getCreatedAt()).isNotNull();
        assertThat(releases.findByBanditIdAndContextKey("zeta", "key-2")).isEmpty();
        assertThat(releases.findByBanditIdOrderByLedgerIdAsc("zeta")).hasSize(1);
        assertThatThrownBy(() -> jdbc.update("INSERT INTO context_release (bandit_id, context_key, action_index, "
                + "ledger_id) VALUES ('zeta', 'key-1', 0, ?)", charge)).hasStackTraceContaining("context_release_pkey");
    }
}
