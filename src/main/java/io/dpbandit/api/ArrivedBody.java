package io.dpbandit.api;

import jakarta.servlet.ServletInputStream;
import java.io.IOException;

/**
 * The part of a declared body that the container holds already, read without waiting.
 *
 * @param bytes  a buffer of the declared length
 * @param length how much of it arrived
 */
record ArrivedBody(byte[] bytes, int length) {

    static final ArrivedBody NOTHING = new ArrivedBody(new byte[0], 0);

    boolean complete() {
        return length > 0 && length == bytes.length;
    }

    /**
     * Reads while the container has bytes of this request buffered ({@code available() > 0},
     * which with no read listener set only looks at the buffer and never reads the socket), up
     * to {@code declared}: a blocking read then returns what is buffered without waiting.
     */
    static ArrivedBody read(ServletInputStream in, int declared) throws IOException {
        byte[] bytes = new byte[declared];
        int at = 0;
        while (at < declared && in.available() > 0) {
            int n = in.read(bytes, at, declared - at);
            if (n < 0) {
                break;
            }
            at += n;
        }
        return new ArrivedBody(bytes, at);
    }
}
