package io.robber.emulation.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The scenario library shipped in this module's resources ({@code scenarios/NAME.json}). */
public final class Scenarios {
    private static final String DIR = "/scenarios/";

    private Scenarios() {
    }

    /** Names of all shipped scenarios, in library order. */
    public static List<String> names() {
        try (InputStream in = Scenarios.class.getResourceAsStream(DIR + "index.txt")) {
            if (in == null) {
                throw new IllegalStateException("scenario index missing from the class path");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()
                    .map(String::strip).filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A shipped scenario by name, a scenario file when {@code nameOrPath} is an existing path, or a
     * {@link GeneratedScenario} when it starts with {@code generated}.
     */
    public static NetworkModel load(String nameOrPath) {
        if (GeneratedScenario.isSpec(nameOrPath)) {
            return GeneratedScenario.of(nameOrPath);
        }
        try {
            Path file = Path.of(nameOrPath);
            if (nameOrPath.endsWith(".json") && Files.isRegularFile(file)) {
                return NetworkModel.read(file);
            }
            try (InputStream in = Scenarios.class.getResourceAsStream(DIR + nameOrPath + ".json")) {
                if (in == null) {
                    throw new IllegalArgumentException("unknown scenario '" + nameOrPath + "'; known: "
                            + String.join(", ", names()) + " (or give a path to a .json file, or generated:...)");
                }
                return NetworkModel.read(in);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read scenario " + nameOrPath + ": " + e.getMessage(), e);
        }
    }
}
