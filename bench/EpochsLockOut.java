import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.policy.linucb.EpochLinUcbState;
import io.dpbandit.policy.linucb.LinUcbObservation;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * How often LINUCB's EPOCHS release locks a topic out in the SDK Quickstart's world (examples/java/Quickstart.java):
 * the served core ({@link EpochLinUcb} as the LEARN profile builds it for that spec: T = 1 000, 3 labels, contexts of
 * dimension 3, (1, 1e-5), leaves of 4 rounds, the first epoch a quarter), each leaf folded as soon as it is full,
 * over RUNS seeds (world, noise and ties seeded). A user's favourite topic k is uniform, their context
 * FAV·e_k + SPREAD·u (u uniform on [0, 1]³), reward 1 for k. Prints the last 250 users' clicks: mean, minimum,
 * and how many runs fell below 200 (a topic served to nobody) and to 125 or below (QuickstartProgramTest's floor).
 * With a fourth argument W every run plays the same users, the world of {@code new Random(W)} (the Quickstart's
 * is W = 1, drawn in the same order), and only the noise and the ties change between runs.
 *
 * <pre>
 * mvn -B -q compile && mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:$(cat target/cp.txt) bench/EpochsLockOut.java 0.8 0.2 20000 [1]   # FAV SPREAD RUNS [W]
 * </pre>
 */
public class EpochsLockOut {

    public static void main(String[] args) {
        double fav = Double.parseDouble(args[0]);
        double spread = Double.parseDouble(args[1]);
        int runs = Integer.parseInt(args[2]);
        Long sameWorld = args.length > 3 ? Long.valueOf(args[3]) : null;
        int below125 = 0;
        int below200 = 0;
        int min = Integer.MAX_VALUE;
        double sum = 0;
        for (int seed = 1; seed <= runs; seed++) {
            EpochLinUcb policy = new EpochLinUcb(1000, 3, 3, 1.0, 1e-5, 1, 4, 0.25);
            SeededNoiseSource noise = new SeededNoiseSource(seed * 7919L);
            Random world = new Random(sameWorld != null ? sameWorld : seed);
            SplittableRandom ties = new SplittableRandom(seed);
            EpochLinUcbState state = policy.start(noise);
            List<LinUcbObservation> leaf = new ArrayList<>();
            int last = 0;
            for (int t = 1; t <= 1000; t++) {
                int favourite = world.nextInt(3);
                double[][] x = new double[3][9];
                for (int k = 0; k < 3; k++) {
                    double reading = spread * world.nextDouble() + (k == favourite ? fav : 0);
                    for (int a = 0; a < 3; a++) {
                        x[a][3 * a + k] = reading; // PER_ACTION: action a's block holds the context
                    }
                }
                int chosen = policy.decide(state, x, ties).index();
                double reward = chosen == favourite ? 1 : 0;
                last += t > 750 ? (int) reward : 0;
                leaf.add(new LinUcbObservation(x[chosen], reward));
                if (leaf.size() == 4) {
                    state = policy.fold(state, leaf, noise);
                    leaf = new ArrayList<>();
                }
            }
            sum += last;
            min = Math.min(min, last);
            below200 += last < 200 ? 1 : 0;
            below125 += last <= 125 ? 1 : 0;
        }
        System.out.printf("favourite %.2f + %.2f u%s: %d runs, last 250 users' clicks: mean %.1f, min %d, below 200 in"
                + " %d runs, at most 125 in %d%n", fav, spread, sameWorld == null ? "" : ", world " + sameWorld, runs,
                sum / runs, min, below200, below125);
    }
}
