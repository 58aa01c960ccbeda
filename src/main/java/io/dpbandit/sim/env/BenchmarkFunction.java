package io.dpbandit.sim.env;

/**
 * The 2-d test functions of Dubey 2021's Table 1 (from Mutny &amp; Krause 2018), all to be
 * minimised on their usual domains. Inputs here are in [0,1]^2 and mapped affinely to the domain.
 */
public enum BenchmarkFunction {

    /** Six-hump camelback on [-3,3] × [-2,2]. */
    CAMELBACK(-3, 3, -2, 2) {
        @Override
        double evaluate(double x, double y) {
            return (4 - 2.1 * x * x + x * x * x * x / 3) * x * x + x * y + (-4 + 4 * y * y) * y * y;
        }
    },
    /** Styblinski–Tang, ½ Σ (x_i⁴ − 16 x_i² + 5 x_i), on [-5,5]². */
    STYBLINSKI_TANG(-5, 5, -5, 5) {
        @Override
        double evaluate(double x, double y) {
            return 0.5 * (term(x) + term(y));
        }

        private double term(double v) {
            return v * v * v * v - 16 * v * v + 5 * v;
        }
    },
    /** Michalewicz with steepness m = 10, −Σ sin(x_i) sin^{2m}(i x_i² / π), on [0,π]². */
    MICHALEWICZ(0, Math.PI, 0, Math.PI) {
        @Override
        double evaluate(double x, double y) {
            return -(Math.sin(x) * Math.pow(Math.sin(x * x / Math.PI), 20)
                    + Math.sin(y) * Math.pow(Math.sin(2 * y * y / Math.PI), 20));
        }
    };

    private final double xLo;
    private final double xHi;
    private final double yLo;
    private final double yHi;

    BenchmarkFunction(double xLo, double xHi, double yLo, double yHi) {
        this.xLo = xLo;
        this.xHi = xHi;
        this.yLo = yLo;
        this.yHi = yHi;
    }

    abstract double evaluate(double x, double y);

    /** The function at (u, v) ∈ [0,1]² mapped onto its domain. */
    public double atUnitSquare(double u, double v) {
        return evaluate(xLo + u * (xHi - xLo), yLo + v * (yHi - yLo));
    }
}
