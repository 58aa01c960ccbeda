package io.dpbandit.codec;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.springframework.stereotype.Component;

/**
 * Binary encodings of what the lifecycle stores: plans and policy states as CBOR (the same
 * records as JSON, 8 bytes a number instead of about 20, so a 1000 × 1000 plan is 8 MB and
 * encodes in tens of milliseconds), and accumulators as raw big-endian doubles.
 */
@Component
public class BinaryCodec {

    private final ObjectMapper cbor;

    public BinaryCodec() {
        CBORFactory factory = new CBORFactory();
        factory.setStreamReadConstraints(StreamReadConstraints.builder().maxDocumentLength(-1)
                .maxStringLength(Integer.MAX_VALUE).build());
        this.cbor = new ObjectMapper(factory).configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }

    public byte[] encode(Object value) {
        try {
            return cbor.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    public <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return cbor.readValue(bytes, type);
        } catch (IOException e) {
            throw new UncheckedIOException("stored " + type.getSimpleName() + " cannot be read", e);
        }
    }

    public static byte[] doubles(double[] values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length);
        b.asDoubleBuffer().put(values);
        return b.array();
    }

    public static double[] doubles(byte[] bytes) {
        double[] out = new double[bytes.length / 8];
        ByteBuffer.wrap(bytes).asDoubleBuffer().get(out);
        return out;
    }
}
