package org.atlasgraph.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Builds {@code .npy} files byte by byte, independently of {@link NpyWriter}, including broken ones. */
final class NpyFixtures {
    private NpyFixtures() {
    }

    /** @return the dict NumPy writes for a C-order array of this dtype and shape */
    static String dict(String descr, String shape) {
        return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    }

    /** Magic, version, header length (2 or 4 bytes), the dict padded to 64 bytes and a newline, then the data. */
    static byte[] bytes(int version, String dict, byte[] data) {
        int prefix = version == 1 ? 10 : 12;
        StringBuilder header = new StringBuilder(dict);
        while ((prefix + header.length() + 1) % 64 != 0) {
            header.append(' ');
        }
        header.append('\n');
        byte[] h = header.toString().getBytes(version == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(prefix + h.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
        if (version == 1) {
            b.putShort((short) h.length);
        } else {
            b.putInt(h.length);
        }
        return b.put(h).put(data).array();
    }

    /** @return the values as 8-byte floats in the given order */
    static byte[] doubles(ByteOrder order, double... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(order);
        for (double v : values) {
            b.putDouble(v);
        }
        return b.array();
    }

    /** @return the values as 4-byte floats in the given order */
    static byte[] floats(ByteOrder order, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(order);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    /** Writes a little-endian float64 C-order file of the given shape text. */
    static Path write(Path file, String shape, double... values) throws IOException {
        return Files.write(file, bytes(1, dict("<f8", shape), doubles(ByteOrder.LITTLE_ENDIAN, values)));
    }

    /** Rewrites a file without its last {@code bytes} bytes. */
    static Path truncate(Path file, int bytes) throws IOException {
        byte[] all = Files.readAllBytes(file);
        return Files.write(file, Arrays.copyOf(all, all.length - bytes));
    }
}
