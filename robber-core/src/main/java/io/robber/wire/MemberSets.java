package io.robber.wire;

import io.netty.buffer.ByteBuf;
import io.robber.api.Group;
import java.util.BitSet;

/**
 * A set of member indices on the wire, in the shorter of two forms: {@link #BITMAP}, a bitmap as
 * {@link WireCodec#writeBits} writes it, or {@link #GAPS}, a count and then the members as
 * {@link IndexGaps}. A few members among thousands, a done delta, cost a few bytes.
 */
final class MemberSets {
    private static final int BITMAP = 0;
    private static final int GAPS = 1;

    private MemberSets() {
    }

    /** What {@link #write} writes: a form byte, then the shorter of the two forms. */
    static int length(BitSet members) {
        return 1 + (bitmapShorter(members) ? WireCodec.bitsLength(members) : gapsLength(members));
    }

    static void write(ByteBuf out, BitSet members) {
        if (bitmapShorter(members)) {
            out.writeByte(BITMAP);
            WireCodec.writeBits(out, members);
            return;
        }
        out.writeByte(GAPS).writeInt(members.cardinality());
        IndexGaps.write(out, members);
    }

    /** A member set as {@link #write} writes it; every member below {@link Group#MAX_MEMBERS}. */
    static BitSet read(ByteBuf frame) {
        WireCodec.need(frame, 1, "member set form");
        int form = frame.readUnsignedByte();
        if (form == BITMAP) {
            BitSet members = WireCodec.readBits(frame);
            if (members.length() > Group.MAX_MEMBERS) {
                throw beyondTheGroup(members.length() - 1);
            }
            return members;
        }
        if (form != GAPS) {
            throw new MalformedFrameException("unknown member set form " + form);
        }
        WireCodec.need(frame, 4, "member count");
        int count = frame.readInt();
        if (count < 0 || count > frame.readableBytes()) {
            throw new MalformedFrameException("member count " + count + " exceeds the frame ("
                    + frame.readableBytes() + " bytes left)");
        }
        BitSet members = new BitSet();
        long member = -1;
        for (int i = 0; i < count; i++) {
            member = IndexGaps.next(frame, member, "member gap");
            if (member >= Group.MAX_MEMBERS) {
                throw beyondTheGroup(member);
            }
            members.set((int) member);
        }
        return members;
    }

    private static MalformedFrameException beyondTheGroup(long member) {
        return new MalformedFrameException("member set names member " + member + ", beyond the "
                + Group.MAX_MEMBERS + " a group has at most");
    }

    /** Whether the bitmap form is no longer than the gap form; a gap takes a byte at least. */
    private static boolean bitmapShorter(BitSet members) {
        int bitmap = WireCodec.bitsLength(members);
        return bitmap <= 4 + members.cardinality() || bitmap <= gapsLength(members);
    }

    private static int gapsLength(BitSet members) {
        return 4 + IndexGaps.length(members);
    }
}
