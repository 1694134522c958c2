package io.robber.rendezvous.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * A manifest's piece digests as a run of {@link ControlMessage.ManifestPart} frames ahead of the start
 * frame: at most {@link #PIECES_PER_PART} digests (8 MiB, 11.2 MB of base64) each, under both the JSON
 * parser's 20 MB string limit and the 64 MiB frame limit, so a data set of any number of pieces can
 * be handed out (one JSON string used to stop at about 470,000 pieces).
 */
public final class ManifestParts {
    /** Digests per part: 2^18 SHA-256 digests are 8 MiB. */
    public static final int PIECES_PER_PART = 1 << 18;
    private static final int DIGEST_BYTES = 32;

    private ManifestParts() {
    }

    /** The parts that carry {@code digests} (32 bytes per piece), in order; none for an empty manifest. */
    public static List<ControlMessage.ManifestPart> split(byte[] digests) {
        int chunk = PIECES_PER_PART * DIGEST_BYTES;
        int parts = (digests.length + chunk - 1) / chunk;
        List<ControlMessage.ManifestPart> out = new ArrayList<>(parts);
        Base64.Encoder base64 = Base64.getEncoder();
        for (int i = 0; i < parts; i++) {
            int from = i * chunk;
            int to = Math.min(digests.length, from + chunk);
            byte[] slice = Arrays.copyOfRange(digests, from, to);
            out.add(new ControlMessage.ManifestPart(i, base64.encodeToString(slice)));
        }
        return out;
    }

    /** Collects the parts a receiver reads, in order, into the digests they carry. */
    public static final class Assembly {
        private final List<byte[]> parts = new ArrayList<>();
        private long bytes;

        /**
         * Adds the next part.
         *
         * @throws IllegalArgumentException when it is out of order or not base64
         */
        public void add(ControlMessage.ManifestPart part) {
            if (part.index() != parts.size()) {
                throw new IllegalArgumentException("manifest part " + part.index() + " arrived where part "
                        + parts.size() + " was due");
            }
            byte[] digests = Base64.getDecoder().decode(part.digests() == null ? "" : part.digests());
            parts.add(digests);
            bytes += digests.length;
        }

        /** How many parts arrived. */
        public int count() {
            return parts.size();
        }

        /**
         * The digests of every part, in order.
         *
         * @throws IllegalArgumentException when more than 2 GiB of digests arrived
         */
        public byte[] digests() {
            if (bytes > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("the manifest's " + bytes + " bytes of digests exceed 2 GiB");
            }
            byte[] all = new byte[(int) bytes];
            int at = 0;
            for (byte[] p : parts) {
                System.arraycopy(p, 0, all, at, p.length);
                at += p.length;
            }
            return all;
        }
    }
}
