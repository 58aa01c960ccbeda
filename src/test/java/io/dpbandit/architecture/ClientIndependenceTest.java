package io.dpbandit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The device-side library ({@code io.dpbandit.client..}, packaged as target/dpbandit-client.jar)
 * runs on users' devices and in product backends: it imports nothing but the JDK and itself, so it
 * carries no framework and no service code.
 */
class ClientIndependenceTest {

    static JavaClasses client;

    @BeforeAll
    static void importClientClasses() {
        client = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dpbandit.client");
    }

    @Test
    void theClientLibraryDependsOnTheJdkAndItselfOnly() {
        classes().that().resideInAPackage("io.dpbandit.client..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.dpbandit.client..", "java..")
                .because("the client jar must run on a device with nothing but a JDK").check(client);
    }

    @Test
    void theRuleCatchesAViolation() {
        JavaClasses offending = new ClassFileImporter().importClasses(
                io.dpbandit.architecture.fixture.kernel.OffendingKernel.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> classes().that()
                .resideInAPackage("..fixture.kernel..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("..fixture..", "java..").check(offending))
                .isInstanceOf(AssertionError.class).hasMessageContaining("org.springframework");
    }
}
