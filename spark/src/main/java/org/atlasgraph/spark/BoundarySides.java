package org.atlasgraph.spark;

import java.io.Serializable;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.PointCloudAtlas;

/**
 * The classifier of a fitted Riemannian principal boundary (§5, App. E.2), from the boundary as data: its points and
 * unit normals (toward the first class) as ambient vectors, e.g. written by {@code atlas rpb --save-boundary}. It
 * applies the rule of the {@code optim} module's {@code BoundaryFit}: a point x takes the side of the boundary point
 * b nearest to it (by the chord), the sign of {@code ⟨Log_b x, n_b⟩}, with the first-order logarithm of the boundary
 * fit (the quasi-Euclidean difference {@code ξ_x − ξ_b} where b's chart holds x, directly or through the transition
 * from x's chart, else the chord {@code x − b} projected on b's tangent space), and the induced metric, here the
 * ambient inner product of {@code Dφ̃_b⁻¹ Log_b x} with the ambient normal. The spark module depends on the atlas only,
 * not on {@code optim}; the boundary's chart points are located again, so a score may differ from the fit's by terms
 * of second order in the distance to the boundary, and a side only where the score is that small.
 */
final class BoundarySides implements Serializable {
    private static final long serialVersionUID = 1L;

    private final double[][] points;
    private final double[][] normals;

    /**
     * @param rows one row per boundary point: its D ambient coordinates, then its ambient unit normal (D values)
     * @param ambient D
     * @throws InvalidInputException if there are no rows or a row does not have 2D values
     */
    BoundarySides(double[][] rows, int ambient) {
        if (rows.length == 0) {
            throw new InvalidInputException("--boundary", "at least one boundary point", "none");
        }
        points = new double[rows.length][];
        normals = new double[rows.length][];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != 2 * ambient) {
                throw new InvalidInputException("--boundary row " + (i + 1), 2 * ambient + " values (a point of the "
                        + "atlas and its normal)", String.valueOf(rows[i].length));
            }
            points[i] = java.util.Arrays.copyOfRange(rows[i], 0, ambient);
            normals[i] = java.util.Arrays.copyOfRange(rows[i], ambient, 2 * ambient);
        }
    }

    /**
     * @param atlas the atlas the boundary was fitted on
     * @param x     an ambient point (not modified)
     * @return {@code ⟨Log_b x, n_b⟩} at the nearest boundary point b: positive on the first class's side
     * @throws InvalidInputException if the point is off the atlas
     */
    double score(PointCloudAtlas atlas, double[] x) {
        ChartPoint p = atlas.locate(x);
        double[] xa = atlas.embed(p);
        int nearest = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < points.length; i++) {
            double s = Vectors.squaredDistance(points[i], xa);
            if (s < best) {
                best = s;
                nearest = i;
            }
        }
        ChartPoint b = atlas.locate(points[nearest]);
        Optional<Coordinates> inB = p.chart().equals(b.chart()) ? Optional.of(p.xi())
                : atlas.atlas().transition(p.chart(), b.chart()).flatMap(t -> t.apply(p.xi()))
                        .filter(xi -> b.chart().contains(xi));
        Coordinates log = inB.isPresent() ? inB.get().minus(b.xi())
                : b.chart().tangentCoordinates(b.xi(), Vectors.minus(xa, atlas.embed(b)));
        return Vectors.dot(b.chart().pushForward(b.xi(), log), normals[nearest]);
    }
}
