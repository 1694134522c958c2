package io.robber.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.robber.api.Group;
import io.robber.api.Manifest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Encodes and decodes frames. A frame is {@code [int length][byte type][payload]}; the length counts
 * the type byte and the payload. Every length and index read from a frame is checked before anything
 * is allocated: a hostile frame yields a {@link MalformedFrameException}, never a large allocation.
 */
public final class WireCodec {
    /** Bytes before a piece's data: length, type, op, piece index. */
    public static final int PIECE_HEADER_LENGTH = 4 + 1 + 4 + 4;
    /** The largest frame accepted: one maximal piece plus its header. */
    public static final int MAX_FRAME_LENGTH = Manifest.MAX_PIECE_SIZE + PIECE_HEADER_LENGTH;
    /** The longest reason a {@link Message.Dead} can carry, in UTF-8. */
    static final int MAX_REASON_BYTES = 4 * Message.Dead.MAX_REASON_CHARS;

    private WireCodec() {
    }

    public static ByteBuf encode(ByteBufAllocator alloc, Handshake h) {
        byte[] name = h.protocol().getBytes(StandardCharsets.US_ASCII);
        if (name.length == 0 || name.length > Handshake.MAX_PROTOCOL_NAME || !isVisibleAscii(h.protocol())) {
            throw new IllegalArgumentException("protocol name must be 1.." + Handshake.MAX_PROTOCOL_NAME
                    + " visible ASCII characters, got '" + h.protocol() + "'");
        }
        if (h.version() < 0 || h.version() > 0xffff) {
            throw new IllegalArgumentException("wire version must fit in 16 bits, got " + h.version());
        }
        ByteBuf out = alloc.buffer(4 + 1 + 4 + 2 + 1 + name.length + 8 + 4 + Handshake.NONCE_LENGTH);
        out.writeInt(0).writeByte(MessageType.HANDSHAKE.code());
        out.writeInt(Handshake.MAGIC).writeShort(h.version()).writeByte(name.length).writeBytes(name);
        out.writeLong(h.session()).writeInt(h.member()).writeBytes(h.nonce());
        return finish(out);
    }

    public static ByteBuf encode(ByteBufAllocator alloc, Auth a) {
        ByteBuf out = alloc.buffer(4 + 1 + Auth.PROOF_LENGTH);
        out.writeInt(0).writeByte(MessageType.AUTH.code()).writeBytes(a.proof());
        return finish(out);
    }

    public static ByteBuf encode(ByteBufAllocator alloc, KeepAlive k) {
        return alloc.buffer(4 + 1).writeInt(1).writeByte(MessageType.KEEP_ALIVE.code());
    }

    public static ByteBuf encode(ByteBufAllocator alloc, Message m) {
        ByteBuf out = alloc.buffer(16);
        out.writeInt(0).writeByte(m.type().code()).writeInt(m.op());
        if (m instanceof Message.Desire d) {
            writeBits(out, d.pieces());
        } else if (m instanceof Message.Bitfield b) {
            writeBits(out, b.pieces());
        } else if (m instanceof Message.Work w) {
            writeBits(out, w.pieces());
        } else if (m instanceof Message.Have h) {
            Varint.write(out, h.pieces().length);
            IndexGaps.write(out, h.pieces());
        } else if (m instanceof Message.Request r) {
            out.writeInt(r.piece());
        } else if (m instanceof Message.Possession p) {
            out.writeBytes(p.rootDigest());
            MemberSets.write(out, p.empty());
            out.writeInt(p.held().size());
            for (Message.Possession.Held h : p.held()) {
                out.writeInt(h.member());
                writeBits(out, h.pieces());
            }
        } else if (m instanceof Message.Done d) {
            MemberSets.write(out, d.members());
        } else if (m instanceof Message.Dead d) {
            byte[] reason = d.reason().getBytes(StandardCharsets.UTF_8);
            out.writeInt(d.member()).writeShort(reason.length).writeBytes(reason);
        } else if (m instanceof Message.Choke c) {
            out.writeBoolean(c.choked());
        } else if (m instanceof Message.Interest i) {
            out.writeBoolean(i.interested());
        } else if (m instanceof Message.ProtocolMessage p) {
            out.writeInt(p.payload().length).writeBytes(p.payload());
        }
        return finish(out);
    }

    /**
     * The size of the frame {@link #encode(ByteBufAllocator, Message)} makes of {@code m}, length
     * prefix included, computed without encoding it (the virtual-time network costs every control
     * message by it).
     */
    public static int encodedLength(Message m) {
        int header = 4 + 1 + 4;
        if (m instanceof Message.Desire d) {
            return header + bitsLength(d.pieces());
        } else if (m instanceof Message.Bitfield b) {
            return header + bitsLength(b.pieces());
        } else if (m instanceof Message.Work w) {
            return header + bitsLength(w.pieces());
        } else if (m instanceof Message.Have h) {
            return header + Varint.length(h.pieces().length) + IndexGaps.length(h.pieces());
        } else if (m instanceof Message.Request) {
            return header + 4;
        } else if (m instanceof Message.Possession p) {
            int length = header + p.rootDigest().length + MemberSets.length(p.empty()) + 4;
            for (Message.Possession.Held h : p.held()) {
                length += 4 + bitsLength(h.pieces());
            }
            return length;
        } else if (m instanceof Message.Done d) {
            return header + MemberSets.length(d.members());
        } else if (m instanceof Message.Dead d) {
            return header + 4 + 2 + d.reason().getBytes(StandardCharsets.UTF_8).length;
        } else if (m instanceof Message.Choke || m instanceof Message.Interest) {
            return header + 1;
        } else if (m instanceof Message.ProtocolMessage p) {
            return header + 4 + p.payload().length;
        }
        return header;
    }

    /** What {@link #writeBits} writes: a count, then {@link BitSet#toByteArray()}. */
    static int bitsLength(BitSet bits) {
        return 4 + (bits.length() + 7) / 8;
    }

    /** The header of a piece frame whose {@code length} data bytes follow separately. */
    public static ByteBuf pieceHeader(ByteBufAllocator alloc, int op, int piece, int length) {
        ByteBuf out = alloc.buffer(PIECE_HEADER_LENGTH);
        out.writeInt(1 + 4 + 4 + length).writeByte(MessageType.PIECE.code()).writeInt(op).writeInt(piece);
        return out;
    }

    /**
     * Reads the header of a piece frame (length prefix, type, operation number, piece index) from
     * {@code in}, which holds at least {@link #PIECE_HEADER_LENGTH} readable bytes starting with the
     * length prefix of a frame of type {@link MessageType#PIECE} and a length already checked against the
     * frame limit. Returns the frame with a direct buffer from {@code alloc} sized to its data, still
     * empty: the caller fills it from the stream (and releases it on failure).
     */
    public static PieceFrame readPieceHeader(ByteBuf in, ByteBufAllocator alloc) {
        int length = in.readInt();
        if (length < PIECE_HEADER_LENGTH - 4) {
            throw new MalformedFrameException("frame too short for piece index: " + length + " bytes");
        }
        in.skipBytes(1);
        int op = in.readInt();
        int piece = readIndex(in, "piece index");
        int dataLength = length - (PIECE_HEADER_LENGTH - 4);
        return new PieceFrame(op, piece, alloc.directBuffer(dataLength, dataLength));
    }

    private static ByteBuf finish(ByteBuf out) {
        out.setInt(0, out.readableBytes() - 4);
        return out;
    }

    static void writeBits(ByteBuf out, BitSet bits) {
        byte[] bytes = bits.toByteArray();
        out.writeInt(bytes.length).writeBytes(bytes);
    }

    /**
     * Decodes one frame body (type byte and payload, without the length prefix) into a
     * {@link Handshake}, an {@link Auth}, a {@link KeepAlive}, a {@link Message} or a {@link PieceFrame}. A piece frame's data is a
     * retained slice of {@code frame}, which the caller must release.
     */
    public static Object decode(ByteBuf frame) {
        need(frame, 1, "type");
        int code = frame.readUnsignedByte();
        MessageType type = MessageType.of(code);
        if (type == null) {
            throw new MalformedFrameException("unknown frame type " + code);
        }
        if (type == MessageType.HANDSHAKE) {
            return decodeHandshake(frame);
        }
        if (type == MessageType.AUTH) {
            return decodeAuth(frame);
        }
        if (type == MessageType.KEEP_ALIVE) {
            if (frame.isReadable()) {
                throw new MalformedFrameException(frame.readableBytes() + " trailing bytes after KEEP_ALIVE frame");
            }
            return KeepAlive.INSTANCE;
        }
        need(frame, 4, "operation number");
        int op = frame.readInt();
        Object decoded = switch (type) {
            case DESIRE -> new Message.Desire(op, readBits(frame));
            case BITFIELD -> new Message.Bitfield(op, readBits(frame));
            case WORK -> new Message.Work(op, readBits(frame));
            case HAVE -> new Message.Have(op, readPieces(frame));
            case REQUEST -> new Message.Request(op, readIndex(frame, "piece index"));
            case STEAL -> new Message.Steal(op);
            case FOUND_WORK -> new Message.FoundWork(op);
            case POSSESSION -> readPossession(frame, op);
            case DONE -> new Message.Done(op, MemberSets.read(frame));
            case DEAD -> new Message.Dead(op, readIndex(frame, "member index"), readReason(frame));
            case CHOKE -> new Message.Choke(op, readFlag(frame, "choked flag"));
            case INTEREST -> new Message.Interest(op, readFlag(frame, "interested flag"));
            case PROTOCOL -> new Message.ProtocolMessage(op, readPayload(frame));
            case PIECE -> {
                int piece = readIndex(frame, "piece index");
                yield new PieceFrame(op, piece, frame.readRetainedSlice(frame.readableBytes()));
            }
            case HANDSHAKE, AUTH, KEEP_ALIVE -> throw new AssertionError("handled above");
        };
        if (frame.isReadable()) {
            if (decoded instanceof PieceFrame p) {
                p.data().release();
            }
            throw new MalformedFrameException(frame.readableBytes() + " trailing bytes after " + type + " frame");
        }
        return decoded;
    }

    private static Handshake decodeHandshake(ByteBuf frame) {
        need(frame, 4 + 2 + 1, "handshake header");
        int magic = frame.readInt();
        if (magic != Handshake.MAGIC) {
            throw new MalformedFrameException("not a Robber peer (bad magic 0x" + Integer.toHexString(magic) + ")");
        }
        int version = frame.readUnsignedShort();
        int nameLength = frame.readUnsignedByte();
        if (nameLength == 0 || nameLength > Handshake.MAX_PROTOCOL_NAME) {
            throw new MalformedFrameException("protocol name length " + nameLength + " out of range");
        }
        need(frame, nameLength + 8 + 4 + Handshake.NONCE_LENGTH, "handshake body");
        String protocol = frame.readCharSequence(nameLength, StandardCharsets.ISO_8859_1).toString();
        if (!isVisibleAscii(protocol)) {
            throw new MalformedFrameException("protocol name holds bytes other than visible ASCII");
        }
        long session = frame.readLong();
        int member = readIndex(frame, "member index");
        byte[] nonce = new byte[Handshake.NONCE_LENGTH];
        frame.readBytes(nonce);
        if (frame.isReadable()) {
            throw new MalformedFrameException("trailing bytes after handshake");
        }
        return new Handshake(version, protocol, session, member, nonce);
    }

    private static Auth decodeAuth(ByteBuf frame) {
        if (frame.readableBytes() != Auth.PROOF_LENGTH) {
            throw new MalformedFrameException("auth frame carries " + frame.readableBytes() + " bytes, not a "
                    + Auth.PROOF_LENGTH + "-byte proof");
        }
        byte[] proof = new byte[Auth.PROOF_LENGTH];
        frame.readBytes(proof);
        return new Auth(proof);
    }

    private static boolean isVisibleAscii(String name) {
        return name.chars().allMatch(c -> c > ' ' && c < 0x7f);
    }

    private static int readIndex(ByteBuf frame, String what) {
        need(frame, 4, what);
        int index = frame.readInt();
        if (index < 0) {
            throw new MalformedFrameException("negative " + what + " " + index);
        }
        return index;
    }

    /**
     * A have's pieces: a varint count (at least one, checked against the frame before allocation), then
     * the pieces as {@link IndexGaps}.
     */
    private static int[] readPieces(ByteBuf frame) {
        int count = Varint.read(frame, "piece count");
        if (count < 1 || count > frame.readableBytes()) {
            throw new MalformedFrameException("piece count " + count + " outside [1, " + frame.readableBytes()
                    + "] for the frame");
        }
        int[] pieces = new int[count];
        long piece = -1;
        for (int i = 0; i < count; i++) {
            piece = IndexGaps.next(frame, piece, "piece gap");
            if (piece > Integer.MAX_VALUE) {
                throw new MalformedFrameException("have piece " + piece + " does not fit an int");
            }
            pieces[i] = (int) piece;
        }
        return pieces;
    }

    /** A boolean: one byte, 0 or 1; anything else is malformed, so each message has one encoding. */
    private static boolean readFlag(ByteBuf frame, String what) {
        need(frame, 1, what);
        int flag = frame.readUnsignedByte();
        if (flag > 1) {
            throw new MalformedFrameException(what + " " + flag + " is neither 0 nor 1");
        }
        return flag == 1;
    }

    static BitSet readBits(ByteBuf frame) {
        need(frame, 4, "bitmap length");
        int length = frame.readInt();
        if (length < 0 || length > frame.readableBytes()) {
            throw new MalformedFrameException("bitmap length " + length + " exceeds the frame ("
                    + frame.readableBytes() + " bytes left)");
        }
        byte[] bytes = new byte[length];
        frame.readBytes(bytes);
        return BitSet.valueOf(bytes);
    }

    /**
     * A possession: the root digest, the members that start empty, then the count of held
     * possessions (checked against the frame before allocation) and each one's member and pieces,
     * strictly ascending by member, none empty and none among the empty members.
     */
    private static Message.Possession readPossession(ByteBuf frame, int op) {
        need(frame, Manifest.DIGEST_LENGTH, "root digest");
        byte[] root = new byte[Manifest.DIGEST_LENGTH];
        frame.readBytes(root);
        BitSet empty = MemberSets.read(frame);
        need(frame, 4, "held possession count");
        int count = frame.readInt();
        if (count < 0 || count > frame.readableBytes() / 8) {
            throw new MalformedFrameException("held possession count " + count + " outside [0, "
                    + frame.readableBytes() / 8 + "] for the frame");
        }
        List<Message.Possession.Held> held = new ArrayList<>(count);
        int previous = -1;
        for (int i = 0; i < count; i++) {
            int member = readMember(frame);
            if (member <= previous || empty.get(member)) {
                throw new MalformedFrameException("held possession of member " + member + " after member " + previous
                        + (empty.get(member) ? ", which is also empty" : ": not strictly ascending"));
            }
            BitSet pieces = readBits(frame);
            if (pieces.isEmpty()) {
                throw new MalformedFrameException("held possession of member " + member + " names no piece");
            }
            held.add(new Message.Possession.Held(member, pieces));
            previous = member;
        }
        return new Message.Possession(op, root, empty, held);
    }

    /** A member index, below {@link Group#MAX_MEMBERS}. */
    private static int readMember(ByteBuf frame) {
        int member = readIndex(frame, "member index");
        if (member >= Group.MAX_MEMBERS) {
            throw new MalformedFrameException("member index " + member + " beyond the " + Group.MAX_MEMBERS
                    + " a group has at most");
        }
        return member;
    }

    /** A protocol message's payload: its length is checked against the bound and the frame before allocation. */
    private static byte[] readPayload(ByteBuf frame) {
        need(frame, 4, "payload length");
        int length = frame.readInt();
        if (length < 0 || length > Message.ProtocolMessage.MAX_PAYLOAD_BYTES) {
            throw new MalformedFrameException("protocol payload length " + length + " outside [0, "
                    + Message.ProtocolMessage.MAX_PAYLOAD_BYTES + "]");
        }
        need(frame, length, "protocol payload");
        byte[] payload = new byte[length];
        frame.readBytes(payload);
        return payload;
    }

    private static String readReason(ByteBuf frame) {
        need(frame, 2, "reason length");
        int length = frame.readUnsignedShort();
        if (length > MAX_REASON_BYTES) {
            throw new MalformedFrameException("reason of " + length + " bytes, more than " + MAX_REASON_BYTES);
        }
        need(frame, length, "reason");
        return frame.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    static void need(ByteBuf frame, int bytes, String what) {
        if (frame.readableBytes() < bytes) {
            throw new MalformedFrameException("frame too short for " + what + ": " + frame.readableBytes()
                    + " bytes left, " + bytes + " needed");
        }
    }
}
