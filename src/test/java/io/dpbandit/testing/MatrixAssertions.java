package io.dpbandit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.ejml.data.DMatrixRMaj;

/** Element-wise matrix and vector comparisons with the test-vector tolerances. */
public final class MatrixAssertions {

    private MatrixAssertions() {
    }

    public static void assertMatrixClose(DMatrixRMaj actual, DMatrixRMaj expected, double absTolerance, String what) {
        assertThat(actual.numRows).as(what + " rows").isEqualTo(expected.numRows);
        assertThat(actual.numCols).as(what + " columns").isEqualTo(expected.numCols);
        for (int i = 0; i < expected.numRows; i++) {
            for (int j = 0; j < expected.numCols; j++) {
                assertThat(actual.get(i, j)).as("%s[%d][%d]", what, i, j)
                        .isCloseTo(expected.get(i, j), within(absTolerance));
            }
        }
    }

    public static void assertIdentity(DMatrixRMaj actual, double absTolerance, String what) {
        for (int i = 0; i < actual.numRows; i++) {
            for (int j = 0; j < actual.numCols; j++) {
                assertThat(actual.get(i, j)).as("%s[%d][%d]", what, i, j)
                        .isCloseTo(i == j ? 1.0 : 0.0, within(absTolerance));
            }
        }
    }

    /** |actual - expected| &lt;= rel * |expected| for every entry. */
    public static void assertRelativelyClose(double[] actual, double[] expected, double relTolerance, String what) {
        assertThat(actual).as(what + " length").hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Math.abs(actual[i] - expected[i])).as("%s[%d] = %s vs %s", what, i, actual[i], expected[i])
                    .isLessThanOrEqualTo(relTolerance * Math.abs(expected[i]));
        }
    }

    public static void assertAbsolutelyClose(double[] actual, double[] expected, double absTolerance, String what) {
        assertThat(actual).as(what + " length").hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).as("%s[%d]", what, i).isCloseTo(expected[i], within(absTolerance));
        }
    }

    public static void assertExactlySymmetric(DMatrixRMaj m, String what) {
        for (int i = 0; i < m.numRows; i++) {
            for (int j = i + 1; j < m.numCols; j++) {
                assertThat(m.get(i, j)).as("%s symmetric at (%d, %d)", what, i, j).isEqualTo(m.get(j, i));
            }
        }
    }
}
