package io.dpbandit.testing;

import io.dpbandit.ledger.Ledger;
import io.dpbandit.ledger.LedgerCharges;
import io.dpbandit.lifecycle.JdbcLifecycleStorage;
import io.dpbandit.lifecycle.LifecycleProperties;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.store.DecisionLookups;
import io.dpbandit.store.DecisionRetention;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.EpochStore;
import io.dpbandit.store.LifecycleRounds;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The JDBC stores, the ledger and the lifecycle's storage on top of them, for the JPA slice. A
 * configuration class of its own (rather than imports on the annotation) keeps the slice's context
 * key the same for every test class, whatever else it is annotated with, so they share one context.
 */
@TestConfiguration(proxyBeanMethods = false)
@Import({EpochStore.class, DecisionStore.class, LifecycleRounds.class, DecisionRetention.class,
    DecisionLookups.class, BanditStateStore.class, Ledger.class, LedgerCharges.class,
    JdbcLifecycleStorage.class})
@EnableConfigurationProperties(LifecycleProperties.class)
public class LifecycleStorageTestConfiguration {
}
