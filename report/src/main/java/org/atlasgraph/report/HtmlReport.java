package org.atlasgraph.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * A self-contained HTML report: {@code DIR/index.html} with a title, a table of contents, sections of paragraphs,
 * tables and PNG figures in {@code DIR/figures/}, linked relatively so that the folder can be moved, zipped or opened
 * from disk. Styles are inline; the page loads nothing from the network. Every file is written atomically
 * ({@link AtomicWriter}), the page last, so an interrupted run leaves the previous page whole.
 *
 * <p>Build it in reading order and {@link #write(Path)} it once:
 * <pre>{@code
 * HtmlReport.titled("atlas report")
 *     .section("Geodesic distances (Fig. 4)")
 *     .paragraph(truth.method())
 *     .table(new Table("Distortion per method", header, rows))
 *     .figure("scatter-umap", Figures.distanceScatter("UMAP", t, e), "UMAP: estimated against true distance")
 *     .write(Path.of("report"));
 * }</pre>
 * Not thread-safe.
 */
public final class HtmlReport {
    /** Figure names become file names: lower-case letters, digits and inner hyphens. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final String FIGURES = "figures";
    private static final String STYLE = "body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;"
            + "color:#222;line-height:1.45}h1{font-size:1.8em}h2{margin-top:2em;border-bottom:1px solid #ccc}"
            + "table{border-collapse:collapse;margin:1em 0}caption{text-align:left;font-weight:bold;"
            + "padding-bottom:.3em}th,td{border:1px solid #bbb;padding:.25em .6em;text-align:left}"
            + "th{background:#f0f0f0}figure{margin:1.5em 0}img{max-width:100%;height:auto}"
            + "figcaption{font-size:.9em;color:#555}nav li{margin:.1em 0}";

    private final String title;
    private final List<Block> blocks = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private int sections;

    private HtmlReport(String title) {
        this.title = title;
    }

    /**
     * Starts a report.
     *
     * @param title the page title and top heading
     * @return an empty report
     * @throws InvalidInputException if the title is null or blank
     */
    public static HtmlReport titled(String title) {
        return new HtmlReport(requireText("title", title));
    }

    /**
     * Starts a section, listed in the table of contents.
     *
     * @param heading its heading
     * @return this report
     * @throws InvalidInputException if the heading is null or blank
     */
    public HtmlReport section(String heading) {
        sections++;
        blocks.add(new Block.Section(requireText("heading", heading), "section-" + sections));
        return this;
    }

    /**
     * Adds a paragraph of plain text.
     *
     * @param text the text (escaped)
     * @return this report
     * @throws InvalidInputException if the text is null or blank
     */
    public HtmlReport paragraph(String text) {
        blocks.add(new Block.Paragraph(requireText("text", text)));
        return this;
    }

    /**
     * Adds a table.
     *
     * @param table the table
     * @return this report
     * @throws InvalidInputException if the table is null
     */
    public HtmlReport table(Table table) {
        if (table == null) {
            throw new InvalidInputException("table", "a table", "null");
        }
        blocks.add(new Block.TableBlock(table));
        return this;
    }

    /**
     * Adds a figure drawn by XChart, rendered now as a PNG image.
     *
     * @param name    the file name without extension: lower-case letters, digits and inner hyphens, unique
     * @param chart   the chart
     * @param caption the caption, also the image's alternative text
     * @return this report
     * @throws InvalidInputException if the name is malformed or taken, the chart null, or the caption blank
     */
    public HtmlReport figure(String name, Chart<?, ?> chart, String caption) {
        if (chart == null) {
            throw new InvalidInputException("chart", "an XChart chart", "null");
        }
        return figure(name, BitmapEncoder.getBufferedImage(chart), caption);
    }

    /**
     * Adds a figure from an image.
     *
     * @param name    the file name without extension: lower-case letters, digits and inner hyphens, unique
     * @param image   the image (kept, not copied)
     * @param caption the caption, also the image's alternative text
     * @return this report
     * @throws InvalidInputException if the name is malformed or taken, the image null, or the caption blank
     */
    public HtmlReport figure(String name, BufferedImage image, String caption) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidInputException("name",
                    "lower-case letters, digits and inner hyphens, e.g. 'scatter-pca-2'", String.valueOf(name));
        }
        if (!names.add(name)) {
            throw new InvalidInputException("name", "a name not used before in this report", name);
        }
        if (image == null) {
            throw new InvalidInputException("image", "an image", "null");
        }
        blocks.add(new Block.Figure(name, image, requireText("caption", caption)));
        return this;
    }

    /**
     * Writes {@code dir/index.html} and {@code dir/figures/NAME.png}, creating the folders and replacing files of the
     * same names.
     *
     * @param dir the output folder
     * @return the path of {@code index.html}
     * @throws UncheckedIOException if a file cannot be written
     */
    public Path write(Path dir) {
        try {
            Path figures = dir.resolve(FIGURES);
            Files.createDirectories(figures);
            StringBuilder html = new StringBuilder(4096);
            html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                    .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                    .append(escape(title)).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n")
                    .append("<body>\n<h1>").append(escape(title)).append("</h1>\n");
            if (sections > 0) {
                html.append("<nav><ul>\n");
                for (Block b : blocks) {
                    if (b instanceof Block.Section) {
                        Block.Section s = (Block.Section) b;
                        html.append("<li><a href=\"#").append(s.id()).append("\">").append(escape(s.heading()))
                                .append("</a></li>\n");
                    }
                }
                html.append("</ul></nav>\n");
            }
            for (Block b : blocks) {
                b.render(html, figures);
            }
            html.append("</body>\n</html>\n");
            Path index = dir.resolve("index.html");
            AtomicWriter.create().writeString(index, html.toString());
            return index;
        } catch (IOException e) {
            throw new UncheckedIOException("report: could not write " + dir + ": " + e.getMessage(), e);
        }
    }

    /** @return the text with the five HTML special characters escaped */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&':
                    out.append("&amp;");
                    break;
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\'':
                    out.append("&#39;");
                    break;
                default:
                    out.append(c);
            }
        }
        return out.toString();
    }

    private static String requireText(String name, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(name, "a non-blank text", text == null ? "null" : "'" + text + "'");
        }
        return text;
    }

    /** One piece of the page. */
    private interface Block {
        void render(StringBuilder html, Path figures) throws IOException;

        record Section(String heading, String id) implements Block {
            @Override
            public void render(StringBuilder html, Path figures) {
                html.append("<h2 id=\"").append(id).append("\">").append(escape(heading)).append("</h2>\n");
            }
        }

        record Paragraph(String text) implements Block {
            @Override
            public void render(StringBuilder html, Path figures) {
                html.append("<p>").append(escape(text)).append("</p>\n");
            }
        }

        record TableBlock(Table table) implements Block {
            @Override
            public void render(StringBuilder html, Path figures) {
                html.append("<table>\n<caption>").append(escape(table.caption())).append("</caption>\n<thead><tr>");
                for (String h : table.header()) {
                    html.append("<th>").append(escape(h)).append("</th>");
                }
                html.append("</tr></thead>\n<tbody>\n");
                for (List<String> row : table.rows()) {
                    html.append("<tr>");
                    for (String cell : row) {
                        html.append("<td>").append(escape(cell)).append("</td>");
                    }
                    html.append("</tr>\n");
                }
                html.append("</tbody>\n</table>\n");
            }
        }

        record Figure(String name, BufferedImage image, String caption) implements Block {
            @Override
            public void render(StringBuilder html, Path figures) throws IOException {
                AtomicWriter.create().write(figures.resolve(name + ".png"), out -> {
                    if (!ImageIO.write(image, "png", out)) {
                        throw new IOException("no PNG writer for the image of " + name);
                    }
                });
                html.append("<figure><img src=\"").append(FIGURES).append('/').append(name)
                        .append(".png\" alt=\"").append(escape(caption)).append("\" width=\"")
                        .append(image.getWidth()).append("\" height=\"").append(image.getHeight())
                        .append("\">\n<figcaption>").append(escape(caption)).append("</figcaption></figure>\n");
            }
        }
    }
}
