package io.dpbandit.bandit;

import java.util.List;

/**
 * One page of a list read by keyset (the rows after a key, in key order, at most a limit of them):
 * the items, and whether more follow the last one. Keyset rather than OFFSET, so a row inserted
 * while a caller pages through neither shifts a row into the next page twice nor out of it.
 *
 * @param <T> the item type
 */
public record Slice<T>(List<T> items, boolean more) {

    /** The first {@code limit} of {@code fetched} (read with {@code limit + 1} to tell whether more follow). */
    public static <T> Slice<T> of(List<T> fetched, int limit) {
        return fetched.size() > limit ? new Slice<>(List.copyOf(fetched.subList(0, limit)), true)
                : new Slice<>(List.copyOf(fetched), false);
    }

    /** The same page with each item mapped. */
    public <R> Slice<R> map(java.util.function.Function<? super T, ? extends R> f) {
        return new Slice<>(items.stream().<R>map(f).toList(), more);
    }
}
