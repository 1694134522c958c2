package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the inputs a Jazzer fuzz target runs, and checks at the end of its class that a fuzzing run
 * ran as many as it was asked for: the {@code maxExecutions} of the class's one {@link FuzzTest}, or
 * the {@code jazzer.max_executions} system property when set (0: unbounded, as for a long run bounded
 * by {@code jazzer.max_duration}). A run that stopped short (its safety-net duration ran out first) or
 * never started (Jazzer fuzzes one fuzz test per JVM and skips the others) fails the build. The
 * count is printed, so the build log shows it.
 */
public final class FuzzInputs {
    private final Class<?> target;
    private final AtomicLong inputs = new AtomicLong();

    public FuzzInputs(Class<?> target) {
        this.target = target;
    }

    /** One more input ran. */
    public void count() {
        inputs.incrementAndGet();
    }

    /** Prints the count and, in a fuzzing run, fails when fewer inputs ran than were asked for. */
    public void check() {
        long asked = asked();
        boolean fuzzing = fuzzing();
        System.out.printf("%s: %,d inputs run (%s, %s)%n", target.getSimpleName(), inputs.get(),
                fuzzing ? "fuzzing" : "regression: seeds only", asked > 0 ? "asked for " + asked : "unbounded");
        if (fuzzing && asked > 0) {
            assertThat(inputs.get()).as("inputs %s ran; did the fuzzing stop short of the %d asked for?",
                    target.getSimpleName(), asked).isGreaterThanOrEqualTo(asked);
        }
    }

    private long asked() {
        String property = System.getProperty("jazzer.max_executions");
        if (property != null) {
            return Long.parseLong(property);
        }
        List<Method> fuzzTests = Arrays.stream(target.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(FuzzTest.class)).toList();
        assertThat(fuzzTests).as("fuzz tests of %s: Jazzer fuzzes one per JVM", target.getSimpleName()).hasSize(1);
        return fuzzTests.get(0).getAnnotation(FuzzTest.class).maxExecutions();
    }

    /** Whether Jazzer fuzzes (JAZZER_FUZZ set to 1, true or yes) rather than only replaying seeds. */
    private static boolean fuzzing() {
        String flag = System.getProperty("JAZZER_FUZZ", System.getenv("JAZZER_FUZZ"));
        return flag != null && (flag.equals("1") || flag.equalsIgnoreCase("true") || flag.equalsIgnoreCase("yes"));
    }
}
