package io.dpbandit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The algorithm core (kernel, privacy, policy, sim) is pure Java: the same code runs in the
 * service and in the simulator, and it can be reasoned about without a framework in the way.
 */
class CoreIndependenceTest {

    static final String[] CORE = {"io.dpbandit.kernel..", "io.dpbandit.privacy..", "io.dpbandit.policy..",
        "io.dpbandit.sim.."};

    static final String[] FRAMEWORK = {"org.springframework..", "jakarta.persistence..", "javax.persistence..",
        "jakarta.servlet..", "javax.servlet..", "org.hibernate..", "jakarta.transaction..",
        "org.flywaydb..", "io.micrometer..", "io.dpbandit.bandit..", "io.dpbandit.api..",
        "io.dpbandit.config..", "io.dpbandit.spec..", "io.dpbandit.store..", "io.dpbandit.ledger..",
        "io.dpbandit.runtime..", "io.dpbandit.algorithms..", "io.dpbandit.lifecycle..", "io.dpbandit.decision..",
        "io.dpbandit.release..", "io.dpbandit.registry.."};

    /** The service shell below the HTTP layer. */
    static final String[] SHELL = {"io.dpbandit.bandit..", "io.dpbandit.spec..", "io.dpbandit.store..",
        "io.dpbandit.ledger..", "io.dpbandit.runtime..", "io.dpbandit.algorithms..", "io.dpbandit.lifecycle..",
        "io.dpbandit.decision..", "io.dpbandit.release..", "io.dpbandit.registry.."};

    static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dpbandit");
    }

    @Test
    void coreDoesNotDependOnSpringJpaServletsOrTheServiceShell() {
        ArchRule rule = noClasses().that().resideInAnyPackage(CORE)
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORK)
                .because("the algorithm core must stay free of framework code (README, docs/architecture.md)");
        rule.check(production);
    }

    @Test
    void serviceLayerDoesNotDependOnTheHttpLayer() {
        noClasses().that().resideInAnyPackage(SHELL)
                .should().dependOnClassesThat().resideInAPackage("io.dpbandit.api..")
                .because("controllers call services, never the other way round").check(production);
    }

    @Test
    void algorithmsReadStoredDataOnlyThroughTheRuntimeSpi() {
        noClasses().that().resideInAnyPackage("io.dpbandit.algorithms..", "io.dpbandit.policy..")
                .should().dependOnClassesThat().resideInAPackage("io.dpbandit.store..")
                .because("an algorithm folds runtime records (Round, OpenEpoch, Accumulator, BanditVersion) "
                        + "and reads through RuntimeServices, never the tables (issue 32)")
                .check(production);
    }

    @Test
    void theApiAnswersRecordsNeverEntities() {
        noClasses().that().resideInAPackage("io.dpbandit.api..").or().areRecords()
                .should().dependOnClassesThat().areAnnotatedWith(jakarta.persistence.Entity.class)
                .because("a response body is a record with the wire's fields; a JPA entity stays in the store "
                        + "(issue 32)")
                .check(production);
    }

    @Test
    void theRuleCatchesAViolation() {
        // Guards the rule itself: a core-package class that uses Spring must be reported.
        JavaClasses offending = new ClassFileImporter().importClasses(
                io.dpbandit.architecture.fixture.kernel.OffendingKernel.class);
        ArchRule rule = noClasses().that().resideInAnyPackage("..fixture.kernel..")
                .should().dependOnClassesThat().resideInAnyPackage(FRAMEWORK);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rule.check(offending))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("org.springframework");
    }
}
