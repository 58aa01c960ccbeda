package io.dpbandit.sdk;

import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One page of a list (GET /bandits, /bandits/{id}/ledger, /bandits/{id}/epochs): its items, and
 * the next page's address while more follow (the answer's {@code Link: <…>; rel="next"}, whose
 * cursor is opaque). {@link #next()} fetches the next page; {@link #stream()} and {@link #all()}
 * follow the links to the end. Pages are keyset reads, so an item added while a caller pages is
 * neither seen twice nor makes another one skipped.
 */
public final class Page<T> implements Iterable<T> {

    private final List<T> items;
    private final URI next;
    private final Function<URI, Page<T>> fetch;

    Page(List<T> items, URI next, Function<URI, Page<T>> fetch) {
        this.items = List.copyOf(items);
        this.next = next;
        this.fetch = fetch;
    }

    /** This page's items. */
    public List<T> items() {
        return items;
    }

    /** The next page's address, while more items follow. */
    public Optional<URI> nextLink() {
        return Optional.ofNullable(next);
    }

    public boolean hasNext() {
        return next != null;
    }

    /**
     * The next page.
     *
     * @throws NoSuchElementException if this is the last page
     */
    public Page<T> next() {
        if (next == null) {
            throw new NoSuchElementException("this is the last page");
        }
        return fetch.apply(next);
    }

    /** This page's items and every later page's, fetched as the stream is read. */
    public Stream<T> stream() {
        Iterator<Page<T>> pages = new Iterator<>() {
            Page<T> pending = Page.this;
            Page<T> previous;

            @Override
            public boolean hasNext() {
                if (pending == null && previous != null && previous.hasNext()) {
                    pending = previous.next(); // fetched only when the stream asks for more
                    previous = null;
                }
                return pending != null;
            }

            @Override
            public Page<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Page<T> p = pending;
                pending = null;
                previous = p;
                return p;
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(pages, Spliterator.ORDERED), false)
                .flatMap(p -> p.items().stream());
    }

    /** Every item from this page to the end of the list. */
    public List<T> all() {
        List<T> out = new ArrayList<>();
        stream().forEach(out::add);
        return out;
    }

    /** This page's items. */
    @Override
    public Iterator<T> iterator() {
        return items.iterator();
    }

    @Override
    public String toString() {
        return "Page[" + items.size() + " items" + (next == null ? "" : ", next " + next) + "]";
    }
}
