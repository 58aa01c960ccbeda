package io.dpbandit.privacy.accounting;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** What package-info promises: the accountant is pure Java on the JDK and the client's Φ. */
class AccountingIndependenceTest {

    @Test
    void theAccountantDependsOnTheJdkAndTheClientPrivacyPackageOnly() {
        JavaClasses accounting = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dpbandit.privacy.accounting");
        classes().that().resideInAPackage("io.dpbandit.privacy.accounting")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("io.dpbandit.privacy.accounting", "io.dpbandit.client.privacy", "java..")
                .because("the ledger, the simulator and the client can all run the same accountant")
                .check(accounting);
    }
}
