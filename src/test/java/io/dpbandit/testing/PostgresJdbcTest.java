package io.dpbandit.testing;

import io.dpbandit.store.BanditStateStore;
import io.dpbandit.store.DecisionLookups;
import io.dpbandit.store.DecisionRetention;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.EpochStore;
import io.dpbandit.store.LifecycleRounds;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.autoconfigure.jdbc.AutoConfigureTestDatabase;
import org.springframework.boot.test.autoconfigure.jdbc.JdbcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * A JDBC slice on the embedded PostgreSQL with the schema Flyway builds, and the JDBC stores
 * (epochs, decisions, bandit state). Every test runs in a transaction that is rolled back. All
 * classes with this annotation share one context and one cluster.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@JdbcTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ActiveProfiles("test")
@Import({EmbeddedPostgresTestConfiguration.class, EpochStore.class, DecisionStore.class,
    LifecycleRounds.class, DecisionRetention.class, DecisionLookups.class, BanditStateStore.class})
public @interface PostgresJdbcTest {
}
