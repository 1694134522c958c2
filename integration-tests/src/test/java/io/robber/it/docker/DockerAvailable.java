package io.robber.it.docker;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * Runs a test class only where Docker and docker-compose answer; otherwise skips it and says so on
 * stderr, so that a run without Docker shows what it did not test.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(DockerAvailable.Condition.class)
@interface DockerAvailable {

    /** The check behind {@link DockerAvailable}, made once per JVM. */
    final class Condition implements ExecutionCondition {
        private static String missing;
        private static boolean checked;

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            String why = missing();
            if (why == null) {
                return ConditionEvaluationResult.enabled("Docker and docker-compose are available");
            }
            String message = "SKIPPED " + context.getDisplayName() + ": " + why
                    + " (.ci/run installs docker.io and docker-compose and starts dockerd)";
            System.err.println(message);
            return ConditionEvaluationResult.disabled(message);
        }

        private static synchronized String missing() {
            if (!checked) {
                checked = true;
                if (!DockerClientFactory.instance().isDockerAvailable()) {
                    missing = "Docker is not available";
                } else if (!composeAnswers()) {
                    missing = "docker-compose is not installed";
                }
            }
            return missing;
        }

        private static boolean composeAnswers() {
            try {
                Process p = new ProcessBuilder("docker-compose", "version").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (java.io.IOException | InterruptedException e) {
                return false;
            }
        }
    }
}
