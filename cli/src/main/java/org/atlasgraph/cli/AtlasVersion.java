package org.atlasgraph.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Supplies {@code atlas --version}: the project version stamped in at build time, and the Java runtime. */
final class AtlasVersion implements CommandLine.IVersionProvider {
    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = AtlasVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("resource " + RESOURCE + " is missing from the atlas jar");
            }
            p.load(in);
        }
        return new String[] {
            "atlas " + p.getProperty("version", "unknown"),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
        };
    }
}
