package io.dpbandit.lifecycle;

import io.dpbandit.bandit.BanditMetrics;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The lifecycle engine on PostgreSQL storage, with its fold pool. */
@Configuration(proxyBeanMethods = false)
public class LifecycleConfiguration {

    /**
     * The engine, with the threads a fold that is a sum is split over: the available cores − 1, at
     * least 1 (one: the fold runs on the worker's thread), daemon threads at the lowest priority like
     * the worker's, so the request path always keeps a core. The pool is the engine's own, not a bean: an Executor bean would replace Spring Boot's
     * application task executor.
     */
    @Bean(destroyMethod = "close")
    LifecycleEngine lifecycleEngine(JdbcLifecycleStorage storage, BanditMetrics metrics,
            LifecycleProperties properties, LifecycleLeader leader) {
        int threads = foldThreads(Runtime.getRuntime().availableProcessors());
        ExecutorService pool = null;
        if (threads > 1) {
            AtomicInteger n = new AtomicInteger();
            pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "dpbandit-fold-" + n.incrementAndGet());
                t.setDaemon(true);
                t.setPriority(Thread.MIN_PRIORITY);
                return t;
            });
        }
        return new LifecycleEngine(storage, metrics, properties.stepBudgetMs(), pool, threads,
                properties.foldShards(), leader);
    }

    /** The fold pool's size on a machine of {@code cores} cores: cores − 1, at least 1. */
    static int foldThreads(int cores) {
        return Math.max(1, cores - 1);
    }
}
