package io.dpbandit.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * κ as a public pool of contexts uploaded by the operator, drawn uniformly with replacement
 * ("Common setting" of CAPRI and USCA, docs/papers.md). Duplicate pool entries are kept: they weight
 * the distribution.
 */
public final class PublicPoolGenerator implements ContextGenerator {

    private final List<double[]> pool;
    private final List<double[]> distinct;
    private final int dimension;

    public PublicPoolGenerator(List<double[]> pool) {
        if (pool == null || pool.isEmpty()) {
            throw new IllegalArgumentException("the public context pool must hold at least one context");
        }
        this.dimension = pool.get(0).length;
        List<double[]> copy = new ArrayList<>(pool.size());
        List<double[]> unique = new ArrayList<>();
        for (double[] c : pool) {
            if (c.length != dimension) {
                throw new IllegalArgumentException("every pool context must have dimension " + dimension);
            }
            for (double v : c) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("pool contexts must be finite numbers");
                }
            }
            double[] own = c.clone();
            copy.add(own);
            if (unique.stream().noneMatch(u -> java.util.Arrays.equals(u, own))) {
                unique.add(own);
            }
        }
        this.pool = List.copyOf(copy);
        this.distinct = List.copyOf(unique);
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public double[] draw(RandomGenerator rng) {
        return pool.get(rng.nextInt(pool.size())).clone();
    }

    /** The distinct pool contexts (the support of κ). */
    @Override
    public Optional<List<double[]>> finiteSupport() {
        return Optional.of(distinct.stream().map(double[]::clone).toList());
    }

    public int size() {
        return pool.size();
    }
}
