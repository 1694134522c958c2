package io.robber.emulation.demo;

import io.robber.api.RobberException;
import io.robber.api.Storage;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Checks every copy against the root's SHA-256, one copy per core at a time. */
final class DemoVerifier {
    private DemoVerifier() {
    }

    /**
     * Which copies match {@code expected}. Nodes with an error are not checked (and not verified);
     * a copy that cannot be read gets its error recorded in {@code errors}.
     */
    static boolean[] verify(List<Storage> storages, byte[] expected, String[] errors) throws InterruptedException {
        int cores = Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(cores, r -> {
            Thread t = new Thread(r, "robber-demo-verify");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Boolean>> checks = new ArrayList<>(storages.size());
            for (int i = 0; i < storages.size(); i++) {
                Storage storage = storages.get(i);
                Callable<Boolean> check = () -> MessageDigest.isEqual(DemoData.sha256(storage), expected);
                checks.add(errors[i] == null ? pool.submit(check) : null);
            }
            boolean[] verified = new boolean[storages.size()];
            for (int i = 0; i < verified.length; i++) {
                if (checks.get(i) == null) {
                    continue;
                }
                try {
                    verified[i] = checks.get(i).get();
                } catch (ExecutionException e) {
                    errors[i] = "cannot read its copy: " + RobberException.describe(e);
                }
            }
            return verified;
        } finally {
            pool.shutdownNow();
        }
    }
}
