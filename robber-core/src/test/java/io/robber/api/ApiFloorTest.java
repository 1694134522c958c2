package io.robber.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@code io.robber.api} is the ground floor: no source of the package names any other package of the project. */
class ApiFloorTest {
    private static final Path SOURCES = Path.of("src/main/java/io/robber/api");
    private static final Pattern PROJECT_NAME = Pattern.compile("io\\.robber\\.(\\w+)");

    @Test
    void theApiPackageNamesNothingElseOfTheProject() throws IOException {
        List<String> outside = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(SOURCES)) {
            files = list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = PROJECT_NAME.matcher(lines.get(i));
                while (m.find()) {
                    if (!m.group(1).equals("api")) {
                        outside.add(file.getFileName() + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }

        assertThat(files).as("the api sources are where this test looks").isNotEmpty();
        assertThat(outside).as("references from io.robber.api to other packages of the project").isEmpty();
    }

    @Test
    void theApiHasNoSubpackages() throws IOException {
        try (Stream<Path> list = Files.list(SOURCES)) {
            assertThat(list.filter(Files::isDirectory).toList()).isEmpty();
        }
    }
}
