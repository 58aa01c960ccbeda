package io.dpbandit.sdk.local;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.client.gpucb.GpUcbParameters;
import java.util.Arrays;

/**
 * A GPUCB-LDP learning decision's randomiser inputs, for
 * {@code GpUcbRandomiser.randomise(features, reward, noise)}.
 *
 * @param features   Φ(w): the played joint point's M quadrature Fourier features
 * @param parameters M, ε, δ, the reward bound and the calibration: the device derives its noise from them
 */
@JsonDeserialize(using = JsonDeserializer.None.class) // read as a record, not through RandomiserInput's reader
public record GpUcbInput(double[] features, GpUcbParameters parameters) implements RandomiserInput {

    public GpUcbInput {
        features = features == null ? null : features.clone();
    }

    @Override
    public double[] features() {
        return features == null ? null : features.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GpUcbInput i && Arrays.equals(i.features, features)
                && java.util.Objects.equals(i.parameters, parameters);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(features) + java.util.Objects.hashCode(parameters);
    }

    @Override
    public String toString() {
        return "GpUcbInput[M=" + (features == null ? 0 : features.length) + ", " + parameters + "]";
    }
}
