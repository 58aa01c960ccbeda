package io.dpbandit.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.autoconfigure.jdbc.AutoConfigureTestDatabase;
import org.springframework.boot.test.autoconfigure.orm.jpa.DataJpaTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * A JPA slice (the entities and Spring Data repositories) on the embedded PostgreSQL with the
 * schema Flyway builds; Hibernate validates the entities against it. It also holds what is built on
 * both kinds of store, the ledger and the lifecycle's storage (JdbcLifecycleStorage). All classes
 * with this annotation share one context and one cluster. Every test runs in a transaction that is
 * rolled back unless the class says otherwise.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@DataJpaTest
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
@ActiveProfiles("test")
@Import({EmbeddedPostgresTestConfiguration.class, LifecycleStorageTestConfiguration.class})
public @interface PostgresJpaTest {
}
