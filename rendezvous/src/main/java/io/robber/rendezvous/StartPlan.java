package io.robber.rendezvous;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.data.DataLayout;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * What a start frame tells a receiver: the group (which must hold it), the manifest (whose piece
 * digests came in the parts ahead of the frame and must match its root digest), the whole data set's
 * SHA-256 and the data set's layout.
 */
record StartPlan(Group group, Manifest manifest, String sha256, DataLayout layout) {
    /**
     * Reads {@code start} for member {@code self}, with the manifest's piece digests {@code digests}.
     *
     * @throws RuntimeException (an {@link IllegalArgumentException} or the like) when the frame is unusable
     */
    static StartPlan of(ControlMessage.Start start, String self, byte[] digests) {
        List<Member> members = new ArrayList<>();
        for (ControlMessage.MemberSpec m : start.members()) {
            members.add(Member.of(m.id(), m.cluster(), m.host(), m.port()));
        }
        Group group = new Group(members);
        group.indexOf(self);
        ControlMessage.ManifestSpec spec = start.manifest();
        Manifest manifest = Manifest.of(spec.size(), spec.pieceSize(), digests);
        if (!manifest.rootDigestHex().equals(spec.root())) {
            throw new IllegalArgumentException("its manifest does not match its root digest");
        }
        byte[] tree = start.tree() == null ? null : Base64.getDecoder().decode(start.tree());
        return new StartPlan(group, manifest, spec.sha256(), DataLayout.decode(start.offer().kind(), spec.size(), tree));
    }
}
