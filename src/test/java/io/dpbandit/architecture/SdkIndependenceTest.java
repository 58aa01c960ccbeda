package io.dpbandit.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java SDK ({@code io.dpbandit.sdk..}, packaged with io.dpbandit.client as
 * target/dpbandit-sdk.jar, io.dpbandit:dpbandit-sdk) runs in product backends whose only other
 * dependency for it is Jackson databind: it imports the JDK, Jackson, the client library and itself,
 * never the service or a framework. The service does not import the SDK either.
 */
class SdkIndependenceTest {

    static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.dpbandit");
    }

    static ArchRule sdkRule(String sdk, String... allowed) {
        return classes().that().resideInAPackage(sdk).should().onlyDependOnClassesThat().resideInAnyPackage(allowed)
                .because("the SDK jar must run with nothing but a JDK and Jackson databind");
    }

    @Test
    void theSdkDependsOnTheJdkJacksonAndTheClientLibraryOnly() {
        sdkRule("io.dpbandit.sdk..", "io.dpbandit.sdk..", "io.dpbandit.client..", "java..",
                "com.fasterxml.jackson.core..", "com.fasterxml.jackson.databind..",
                "com.fasterxml.jackson.annotation..").check(production);
    }

    @Test
    void theServiceDoesNotUseTheSdk() {
        noClasses().that().resideInAPackage("io.dpbandit..").and().resideOutsideOfPackage("io.dpbandit.sdk..")
                .should().dependOnClassesThat().resideInAPackage("io.dpbandit.sdk..")
                .because("the SDK is a client of the service, packaged apart from it").check(production);
    }

    @Test
    void theRuleCatchesAViolation() {
        JavaClasses offending = new ClassFileImporter().importClasses(
                io.dpbandit.architecture.fixture.kernel.OffendingKernel.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sdkRule("..fixture.kernel..", "..fixture..",
                "java..", "com.fasterxml.jackson.databind..").check(offending))
                .isInstanceOf(AssertionError.class).hasMessageContaining("org.springframework");
    }
}
