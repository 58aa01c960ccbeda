package io.dpbandit.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every package of the service, shell and core, is a feature with one job, and the dependencies
 * between them form no cycle: {@code api → decision, release, registry → lifecycle → algorithms →
 * runtime → spec → bandit}, with {@code lifecycle, release, registry → ledger → store → runtime}
 * (the stores implement the SPI's reads and map to its records) and the core under all of them,
 * each reading only downwards.
 */
class PackageCyclesTest {

    static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dpbandit");
    }

    @Test
    void packagesHaveNoDependencyCycles() {
        slices().matching("io.dpbandit.(**)").should().beFreeOfCycles().check(production);
    }
}
