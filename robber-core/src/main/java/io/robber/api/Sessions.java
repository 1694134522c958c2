package io.robber.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.nio.ByteBuffer;

/** Session ids: a digest of the group and protocol, so that members of different groups never talk. */
public final class Sessions {
    private Sessions() {
    }

    public static long id(Group group, String protocol) {
        MessageDigest sha = Manifest.sha256();
        sha.update(protocol.getBytes(StandardCharsets.UTF_8));
        for (Member m : group.members()) {
            sha.update((byte) 0);
            sha.update(m.id().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(m.cluster().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update((m.address().getHostString() + ":" + m.address().getPort()).getBytes(StandardCharsets.UTF_8));
        }
        return ByteBuffer.wrap(sha.digest()).getLong();
    }
}
