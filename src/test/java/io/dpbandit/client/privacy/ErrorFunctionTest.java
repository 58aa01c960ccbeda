package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.ErrorFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ErrorFunctionTest {

    // References: mpmath at 40 digits, rounded to float64.
    @ParameterizedTest
    @CsvSource({
        "0.3, 0.3286267594591274, 0.6713732405408726",
        "-0.3, -0.3286267594591274, 1.3286267594591274",
        "1e-10, 1.1283791670955126e-10, 0.999999999887162",
        "0.46875, 0.49261347321793797, 0.507386526782062",
        "0.5, 0.5204998778130465, 0.4795001221869535",
        "-1.0, -0.8427007929497149, 1.8427007929497148",
        "2.0, 0.9953222650189527, 0.004677734981047266",
        "3.9, 0.9999999652077514, 3.4792248597231765e-08",
        "4.1, 0.9999999932999724, 6.700027654084918e-09",
        "10.0, 1.0, 2.088487583762545e-45",
        "26.0, 1.0, 5.663192408856143e-296",
        "-3.0, -0.9999779095030014, 1.9999779095030015"})
    void erfAndErfcMatchHighPrecisionReferencesToAFewUlps(double x, double erf, double erfc) {
        assertThat(ErrorFunction.erf(x)).isCloseTo(erf, withinPercentage(1e-12));
        assertThat(ErrorFunction.erfc(x)).isCloseTo(erfc, withinPercentage(1e-12));
    }

    @ParameterizedTest
    @CsvSource({
        "0.0, 1.0", "0.2, 0.8090195199015807", "0.46875, 0.6320696892495561", "1.0, 0.427583576155807",
        "3.0, 0.17900115118138996", "4.5, 0.12248480427384142", "30.0, 0.01879588886141675",
        "100000.0, 5.6418958351954685e-06"})
    void scaledErfcStaysAccurateWhereErfcUnderflows(double x, double erfcx) {
        assertThat(ErrorFunction.erfcx(x)).isCloseTo(erfcx, withinPercentage(1e-12));
    }

    @Test
    void erfcOfLargeArgumentsIsTinyNotOneMinusOne() {
        assertThat(ErrorFunction.erfc(8.0)).isPositive().isLessThan(1e-28);
        assertThat(ErrorFunction.erfc(30.0)).isZero();
        assertThat(ErrorFunction.erfc(-30.0)).isEqualTo(2.0);
    }

    @Test
    void erfIsOddAndErfcComplementsIt() {
        for (double x = -6; x <= 6; x += 0.173) {
            assertThat(ErrorFunction.erf(-x)).isEqualTo(-ErrorFunction.erf(x));
            assertThat(ErrorFunction.erf(x) + ErrorFunction.erfc(x)).isCloseTo(1.0, within(1e-15));
        }
    }

    @Test
    void nanPropagatesAndErfcxRejectsNegativeArguments() {
        assertThat(ErrorFunction.erf(Double.NaN)).isNaN();
        assertThat(ErrorFunction.erfc(Double.NaN)).isNaN();
        assertThatThrownBy(() -> ErrorFunction.erfcx(-1.0)).isInstanceOf(IllegalArgumentException.class);
    }
}
