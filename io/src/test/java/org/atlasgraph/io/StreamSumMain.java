package org.atlasgraph.io;

import java.nio.file.Path;

/** A child JVM for {@link NpySliceStreamTest}: streams a {@code .npy} file and prints the count and the sum. */
public final class StreamSumMain {
    private StreamSumMain() {
    }

    /**
     * Streams a file.
     *
     * @param args the file
     */
    public static void main(String[] args) {
        double sum = 0;
        long slices = 0;
        try (NpySliceStream s = NpyReader.stream("--input", Path.of(args[0]))) {
            while (s.hasNext()) {
                for (double v : s.next()) {
                    sum += v;
                }
                slices++;
            }
        }
        System.out.println(slices + " " + Double.doubleToLongBits(sum));
    }
}
