package org.atlasgraph.report;

/** Surfaces with closed-form geodesics for {@link SurfaceGeodesicsTest}. */
final class TestSurfaces {
    private TestSurfaces() {
    }

    /** The flat torus (cos u, sin u, cos v, sin v) ⊂ R⁴: its metric is the identity, geodesics are straight lines. */
    static final class FlatTorus implements ParametrizedSurface {
        @Override
        public String name() {
            return "flat torus";
        }

        @Override
        public int ambientDimension() {
            return 4;
        }

        @Override
        public Domain domain() {
            return new Domain(0, 2 * Math.PI, Gluing.PERIODIC, 0, 2 * Math.PI, true);
        }

        @Override
        public void point(double u, double v, double[] out) {
            out[0] = Math.cos(u);
            out[1] = Math.sin(u);
            out[2] = Math.cos(v);
            out[3] = Math.sin(v);
        }

        @Override
        public void tangents(double u, double v, double[] xu, double[] xv) {
            xu[0] = -Math.sin(u);
            xu[1] = Math.cos(u);
            xu[2] = 0;
            xu[3] = 0;
            xv[0] = 0;
            xv[1] = 0;
            xv[2] = -Math.sin(v);
            xv[3] = Math.cos(v);
        }

        /** The closed-form distance: the shortest lift of the straight segment. */
        static double distance(double[] a, double[] b) {
            double du = wrap(a[0] - b[0]);
            double dv = wrap(a[1] - b[1]);
            return Math.hypot(du, dv);
        }

        private static double wrap(double d) {
            double w = Math.IEEEremainder(d, 2 * Math.PI);
            return Math.abs(w);
        }
    }

    /**
     * The unit sphere in latitude u ∈ [−LIMIT, LIMIT] (not glued, poles cut off) and longitude v (periodic): its
     * metric is diag(1, cos²u), geodesics are great circles.
     */
    static final class SphereBand implements ParametrizedSurface {
        static final double LIMIT = 1.45;

        @Override
        public String name() {
            return "unit sphere without polar caps";
        }

        @Override
        public int ambientDimension() {
            return 3;
        }

        @Override
        public Domain domain() {
            return new Domain(-LIMIT, LIMIT, Gluing.NONE, 0, 2 * Math.PI, true);
        }

        @Override
        public void point(double u, double v, double[] out) {
            out[0] = Math.cos(u) * Math.cos(v);
            out[1] = Math.cos(u) * Math.sin(v);
            out[2] = Math.sin(u);
        }

        @Override
        public void tangents(double u, double v, double[] xu, double[] xv) {
            xu[0] = -Math.sin(u) * Math.cos(v);
            xu[1] = -Math.sin(u) * Math.sin(v);
            xu[2] = Math.cos(u);
            xv[0] = -Math.cos(u) * Math.sin(v);
            xv[1] = Math.cos(u) * Math.cos(v);
            xv[2] = 0;
        }

        /** The great-circle distance arccos⟨p, q⟩ in the numerically stable atan2 form. */
        static double distance(double[] a, double[] b) {
            double[] p = new double[3];
            double[] q = new double[3];
            new SphereBand().point(a[0], a[1], p);
            new SphereBand().point(b[0], b[1], q);
            double[] cross = {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
            double dot = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
            return Math.atan2(Math.sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]), dot);
        }

        /** The largest |latitude| along the minimizing great-circle arc, sampled finely. */
        static double maxLatitudeOnArc(double[] a, double[] b) {
            double[] p = new double[3];
            double[] q = new double[3];
            new SphereBand().point(a[0], a[1], p);
            new SphereBand().point(b[0], b[1], q);
            double omega = distance(a, b);
            double worst = 0;
            for (int s = 0; s <= 200; s++) {
                double t = s / 200.0;
                double wa = Math.sin((1 - t) * omega) / Math.sin(omega);
                double wb = Math.sin(t * omega) / Math.sin(omega);
                double z = wa * p[2] + wb * q[2];
                worst = Math.max(worst, Math.abs(Math.asin(Math.max(-1, Math.min(1, z)))));
            }
            return worst;
        }
    }
}
