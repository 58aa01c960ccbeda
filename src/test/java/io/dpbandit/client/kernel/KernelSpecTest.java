package io.dpbandit.client.kernel;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.kernel.KernelType;
import io.dpbandit.client.kernel.Normalisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KernelSpecTest {

    private final ObjectMapper mapper = new ObjectMapper();

    static Stream<KernelSpec> everyKind() {
        return Stream.of(
                KernelSpec.rbf(0.5), KernelSpec.matern12(0.25), KernelSpec.matern32(1.0), KernelSpec.matern52(2.0),
                KernelSpec.linear(), KernelSpec.linearMaxNorm(4.0),
                KernelSpec.polynomial(2, 1.0), KernelSpec.polynomial(3, 0.0), KernelSpec.polynomialMaxNorm(2, 1.0, 4.0));
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void roundTripsThroughJackson(KernelSpec spec) throws Exception {
        String json = mapper.writeValueAsString(spec);
        assertThat(json).contains("\"type\":\"" + spec.type().name() + "\"");
        assertThat(mapper.readValue(json, KernelSpec.class)).isEqualTo(spec);
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void roundTripsThroughJavaSerialisation(KernelSpec spec) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(spec);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isEqualTo(spec);
        }
    }

    @ParameterizedTest
    @MethodSource("everyKind")
    void buildsTheKernelItDescribes(KernelSpec spec) {
        assertThat(spec.toKernel().spec()).isEqualTo(spec);
    }

    @Test
    void readsHandWrittenJsonAndDefaultsToCosineNormalisation() throws Exception {
        KernelSpec spec = mapper.readValue("{\"type\":\"POLYNOMIAL\",\"degree\":2,\"offset\":1.0}", KernelSpec.class);
        assertThat(spec).isEqualTo(KernelSpec.polynomial(2, 1.0));
        assertThat(spec.normalisation()).isEqualTo(Normalisation.COSINE);
        assertThat(mapper.readValue("{\"type\":\"RBF\",\"lengthScale\":0.5}", KernelSpec.class)).isEqualTo(KernelSpec.rbf(0.5));
    }

    @Test
    void invalidJsonFailsWithTheValidationMessage() {
        assertThatThrownBy(() -> mapper.readValue("{\"type\":\"RBF\",\"lengthScale\":-1}", KernelSpec.class))
                .isInstanceOf(ValueInstantiationException.class)
                .hasRootCauseInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthScale > 0");
    }

    static Stream<Arguments> invalidSpecs() {
        return Stream.of(
                invalid("missing type", () -> new KernelSpec(null, 1.0, null, null, null, null), "type is required"),
                invalid("zero length scale", () -> KernelSpec.rbf(0.0), "lengthScale > 0"),
                invalid("negative length scale", () -> KernelSpec.matern12(-0.5), "lengthScale > 0"),
                invalid("NaN length scale", () -> KernelSpec.matern32(Double.NaN), "lengthScale > 0"),
                invalid("infinite length scale", () -> KernelSpec.matern52(Double.POSITIVE_INFINITY), "lengthScale > 0"),
                invalid("missing length scale", () -> new KernelSpec(KernelType.RBF, null, null, null, null, null), "lengthScale > 0"),
                invalid("degree on RBF", () -> new KernelSpec(KernelType.RBF, 1.0, 2, null, null, null), "does not take degree"),
                invalid("normalisation on Matern", () -> new KernelSpec(KernelType.MATERN12, 1.0, null, null, Normalisation.COSINE, null), "does not take normalisation"),
                invalid("length scale on linear", () -> new KernelSpec(KernelType.LINEAR, 1.0, null, null, null, null), "does not take lengthScale"),
                invalid("offset on linear", () -> new KernelSpec(KernelType.LINEAR, null, null, 1.0, null, null), "does not take offset"),
                invalid("degree zero", () -> KernelSpec.polynomial(0, 1.0), "degree >= 1"),
                invalid("missing degree", () -> new KernelSpec(KernelType.POLYNOMIAL, null, null, 1.0, null, null), "degree >= 1"),
                invalid("negative offset", () -> KernelSpec.polynomial(2, -0.1), "offset c >= 0"),
                invalid("missing offset", () -> new KernelSpec(KernelType.POLYNOMIAL, null, 2, null, null, null), "offset c >= 0"),
                invalid("max-norm without N", () -> new KernelSpec(KernelType.LINEAR, null, null, null, Normalisation.MAX_NORM, null), "maxSquaredNorm N > 0"),
                invalid("non-positive N", () -> KernelSpec.linearMaxNorm(0.0), "maxSquaredNorm N > 0"),
                invalid("infinite N", () -> KernelSpec.polynomialMaxNorm(2, 1.0, Double.POSITIVE_INFINITY), "maxSquaredNorm N > 0"),
                invalid("N with cosine", () -> new KernelSpec(KernelType.LINEAR, null, null, null, Normalisation.COSINE, 4.0), "maxSquaredNorm"));
    }

    private static Arguments invalid(String description, Supplier<KernelSpec> spec, String message) {
        return Arguments.of(description, spec, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSpecs")
    void rejectsInvalidParametersWithAClearMessage(String description, Supplier<KernelSpec> spec, String message) {
        assertThatThrownBy(spec::get).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }
}
