package io.robber.cli.control;

/** What a coordinator tells its operator; lines go to stderr unless {@code --quiet}. */
public interface CoordinatorEvents {
    void info(String line);

    void warn(String line);

    CoordinatorEvents SILENT = new CoordinatorEvents() {
        @Override
        public void info(String line) {
        }

        @Override
        public void warn(String line) {
        }
    };
}
