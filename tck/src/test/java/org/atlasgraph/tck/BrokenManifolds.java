package org.atlasgraph.tck;

import static org.atlasgraph.tck.RuleId.CHT_1;
import static org.atlasgraph.tck.RuleId.DST_1;
import static org.atlasgraph.tck.RuleId.DST_2;
import static org.atlasgraph.tck.RuleId.DST_3;
import static org.atlasgraph.tck.RuleId.DST_4;
import static org.atlasgraph.tck.RuleId.ERR_1;
import static org.atlasgraph.tck.RuleId.ERR_2;
import static org.atlasgraph.tck.RuleId.ERR_3;
import static org.atlasgraph.tck.RuleId.ERR_4;
import static org.atlasgraph.tck.RuleId.ERR_5;
import static org.atlasgraph.tck.RuleId.ERR_6;
import static org.atlasgraph.tck.RuleId.INV_1;
import static org.atlasgraph.tck.RuleId.INV_2;
import static org.atlasgraph.tck.RuleId.MAN_1;
import static org.atlasgraph.tck.RuleId.MAN_2;
import static org.atlasgraph.tck.RuleId.MAN_3;
import static org.atlasgraph.tck.RuleId.MET_1;
import static org.atlasgraph.tck.RuleId.MET_2;
import static org.atlasgraph.tck.RuleId.MET_3;
import static org.atlasgraph.tck.RuleId.RET_1;
import static org.atlasgraph.tck.RuleId.RET_2;
import static org.atlasgraph.tck.RuleId.RET_3;
import static org.atlasgraph.tck.RuleId.SPI_1;
import static org.atlasgraph.tck.RuleId.SPI_2;
import static org.atlasgraph.tck.RuleId.SPI_3;
import static org.atlasgraph.tck.RuleId.TRN_1;
import static org.atlasgraph.tck.RuleId.TRN_2;
import static org.atlasgraph.tck.RuleId.TRN_3;
import static org.atlasgraph.tck.RuleId.VT_1;
import static org.atlasgraph.tck.RuleId.VT_2;
import static org.atlasgraph.tck.RuleId.VT_3;
import static org.atlasgraph.tck.RuleId.VT_4;
import static org.atlasgraph.tck.RuleId.VT_5;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.QuasiEuclideanRetraction;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;
import org.atlasgraph.api.spi.ManifoldProvider;

/**
 * Deliberately broken versions of {@link SinhPlane}, one defect each (the Reactive Streams "requireTestFailure"
 * pattern): the kit must fail the {@link #target()} rule with its ID and measured value, and fail nothing outside
 * {@link #expectedFailures()}, the rules that exercise the same broken primitive.
 */
enum BrokenManifolds {
    /** D Ret_p(0) = 1.1·id; the inverse retraction still subtracts, so both round trips break too. */
    BIASED_RETRACTION(RET_2, EnumSet.of(RET_2, INV_1, INV_2)) {
        @Override
        Manifold wrap(Manifold m) {
            Retraction quasi = new QuasiEuclideanRetraction(m.atlas());
            return withRetraction(m, (p, tau) -> quasi.retract(p, tau.scale(1.1)));
        }
    },
    /**
     * Ret_p(0) ≠ p: every step is offset by 1e-3·e₀. The constant defect also breaks the rate and the round trips, and
     * the transport rules, whose destinations q = Ret_p(tτ) no longer approach p.
     */
    SHIFTED_RETRACTION(RET_1, EnumSet.of(RET_1, RET_2, INV_1, INV_2, VT_3, VT_4, VT_5)) {
        @Override
        Manifold wrap(Manifold m) {
            Retraction quasi = new QuasiEuclideanRetraction(m.atlas());
            return withRetraction(m, (p, tau) -> quasi.retract(p, Checks.requireSameChart("tau", p, tau)
                    .plus(p.tangent(unit(p, 0).scale(1e-3)))));
        }
    },
    /** ξ + τ without the chart change: large steps end outside the chart's domain of trust. */
    RETRACTION_WITHOUT_CHART_CHANGE(RET_3, EnumSet.of(RET_3)) {
        @Override
        Manifold wrap(Manifold m) {
            return withRetraction(m, (p, tau) -> new ChartPoint(p.chart(),
                    p.xi().plus(Checks.requireSameChart("tau", p, tau).tau())));
        }
    },
    /** The inverse retraction is 1.01 times too long. */
    SCALED_INVERSE_RETRACTION(INV_1, EnumSet.of(INV_1, INV_2)) {
        @Override
        Manifold wrap(Manifold m) {
            InverseRetraction inverse = m.inverseRetraction();
            return new ForwardingManifold(m) {
                @Override
                public InverseRetraction inverseRetraction() {
                    return (p, q) -> inverse.inverseRetract(p, q).scale(1.01);
                }
            };
        }
    },
    /** T(σ) = 2σ: linear, but neither the identity at p→p, nor isometric, nor close to parallel transport. */
    SCALED_TRANSPORT(VT_2, EnumSet.of(VT_2, VT_3, VT_4, VT_5)) {
        @Override
        Manifold wrap(Manifold m) {
            VectorTransport t = m.vectorTransport();
            return withTransport(m, (p, tau, q) -> t.transport(p, tau, q).scale(2));
        }
    },
    /** T(σ) = (1 + d(p,q))σ: first-order accurate everywhere, so only the second-order rule at centres sees it. */
    FIRST_ORDER_TRANSPORT(VT_5, EnumSet.of(VT_5)) {
        @Override
        Manifold wrap(Manifold m) {
            VectorTransport t = m.vectorTransport();
            return withTransport(m, (p, tau, q) -> t.transport(p, tau, q)
                    .scale(1 + m.exact().orElseThrow().distance(m.embed(p), m.embed(q))));
        }
    },
    /** T(σ) + d(p,q)σ₀²e₀: the identity at p→p and first-order accurate, but quadratic in σ. */
    NONLINEAR_TRANSPORT(VT_1, EnumSet.of(VT_1, VT_5)) {
        @Override
        Manifold wrap(Manifold m) {
            VectorTransport t = m.vectorTransport();
            return withTransport(m, (p, tau, q) -> {
                double s0 = tau.tau().get(0);
                double d = m.exact().orElseThrow().distance(m.embed(p), m.embed(q));
                return t.transport(p, tau, q).plus(q.tangent(unit(q, 0).scale(d * s0 * s0)));
            });
        }
    },
    /**
     * Both directions between two charts use the same map (the one from the chart with the smaller id): ψ_βα is not
     * the inverse of ψ_αβ, and one of them maps points to the wrong place.
     */
    TRANSITION_NOT_INVERTED(TRN_1, EnumSet.of(TRN_1, TRN_2)) {
        @Override
        Manifold wrap(Manifold m) {
            AtlasGraph atlas = m.atlas();
            return withTransitions(m, (from, to) -> {
                boolean forward = from.id().value().compareTo(to.id().value()) < 0;
                return (forward ? atlas.transition(from, to) : atlas.transition(to, from))
                        .map(t -> transition(from, to, t::apply, t::pushForward));
            });
        }
    },
    /**
     * transition(α, β) applies ψ_βα: still mutually inverse and differentiated consistently, so only TRN-2, which
     * compares the image with the point, can see it.
     */
    TRANSITION_REVERSED(TRN_2, EnumSet.of(TRN_2)) {
        @Override
        Manifold wrap(Manifold m) {
            AtlasGraph atlas = m.atlas();
            return withTransitions(m, (from, to) -> atlas.transition(to, from)
                    .map(t -> transition(from, to, t::apply, t::pushForward)));
        }
    },
    /** Dψ_αβ is 1% too long; transport across charts goes through it. */
    TRANSITION_DIFFERENTIAL_OFF(TRN_3, EnumSet.of(TRN_3)) {
        @Override
        Manifold wrap(Manifold m) {
            AtlasGraph atlas = m.atlas();
            return withTransitions(m, (from, to) -> atlas.transition(from, to)
                    .map(t -> transition(from, to, t::apply, (xi, tau) -> t.pushForward(xi, tau).scale(1.01))));
        }
    },
    /** The first diagonal entry of the metric has the wrong sign: symmetric but indefinite. */
    INDEFINITE_METRIC(MET_1, EnumSet.of(MET_1, MET_2)) {
        @Override
        Manifold wrap(Manifold m) {
            Metric g = m.metric();
            return withMetric(m, (p, u, v) -> {
                TangentVector u0 = p.tangent(unit(p, 0).scale(Checks.requireSameChart("u", p, u).tau().get(0)));
                TangentVector v0 = p.tangent(unit(p, 0).scale(Checks.requireSameChart("v", p, v).tau().get(0)));
                return g.inner(p, u, v) - 2 * g.inner(p, u0, v0);
            }, g::raise);
        }
    },
    /** raise(ω) = ω: right at chart centres (where ḡ = I), wrong elsewhere. */
    RAISE_IS_IDENTITY(MET_3, EnumSet.of(MET_3)) {
        @Override
        Manifold wrap(Manifold m) {
            Metric g = m.metric();
            return withMetric(m, g::inner, (p, covector) -> p.tangent(
                    covector.requireDimension("covector", p.chart().dimension(), "")));
        }
    },
    /** raise() pads or truncates a covector of the wrong length instead of rejecting it. */
    RAISE_ACCEPTS_WRONG_LENGTH(ERR_3, EnumSet.of(ERR_3)) {
        @Override
        Manifold wrap(Manifold m) {
            Metric g = m.metric();
            return withMetric(m, g::inner, (p, covector) -> g.raise(p,
                    Coordinates.of(Arrays.copyOf(covector.toArray(), p.chart().dimension()))));
        }
    },
    /** The metric is NaN outside the chart's domain of trust, where no other rule looks. */
    METRIC_NAN_FAR_FROM_CENTRE(ERR_6, EnumSet.of(ERR_6)) {
        @Override
        Manifold wrap(Manifold m) {
            Metric g = m.metric();
            return withMetric(m, (p, u, v) -> p.xi().maxAbs() >= SinhPlane.TRUST ? Double.NaN : g.inner(p, u, v),
                    g::raise);
        }
    },
    /** d(p, q) + 0.05·max(0, x_p0 − x_q0): zero on the diagonal and subadditive, but asymmetric. */
    ASYMMETRIC_DISTANCE(DST_1, EnumSet.of(DST_1, DST_4)) {
        @Override
        Manifold wrap(Manifold m) {
            Distance d = m.distance();
            return withDistance(m, (p, q) -> d.distance(p, q) + 0.05 * Math.max(0, m.embed(p)[0] - m.embed(q)[0]));
        }
    },
    /** d²: symmetric with a zero diagonal, but not a length, so the triangle inequality fails. */
    SQUARED_DISTANCE(DST_3, EnumSet.of(DST_3, DST_4)) {
        @Override
        Manifold wrap(Manifold m) {
            Distance d = m.distance();
            return withDistance(m, (p, q) -> Math.pow(d.distance(p, q), 2));
        }
    },
    /** locate() answers wrong-length input with an IllegalArgumentException that names nothing. */
    UNNAMED_LENGTH_ERROR(ERR_1, EnumSet.of(ERR_1)) {
        @Override
        Manifold wrap(Manifold m) {
            return withLocate(m, x -> {
                if (x.length != m.ambientDimension()) {
                    throw new IllegalArgumentException("bad input");
                }
                return m.locate(x);
            });
        }
    },
    /** locate() replaces NaN and ±∞ by 0 instead of rejecting them. */
    LOCATE_ACCEPTS_NAN(ERR_2, EnumSet.of(ERR_2)) {
        @Override
        Manifold wrap(Manifold m) {
            return withLocate(m, x -> {
                double[] y = x.clone();
                for (int i = 0; i < y.length; i++) {
                    y[i] = Double.isFinite(y[i]) ? y[i] : 0;
                }
                return m.locate(y);
            });
        }
    },
    /** locate() projects off-manifold points onto the plane instead of rejecting them. */
    LOCATE_ACCEPTS_OFF_MANIFOLD(ERR_5, EnumSet.of(ERR_5)) {
        @Override
        Manifold wrap(Manifold m) {
            return withLocate(m, x -> {
                double[] y = x.clone();
                if (y.length == m.ambientDimension() && Arrays.stream(y).allMatch(Double::isFinite)) {
                    y[y.length - 1] = 0;
                }
                return m.locate(y);
            });
        }
    },
    /** locate() moves the point by 1e-3 along e₀. */
    SHIFTED_LOCATE(MAN_1, EnumSet.of(MAN_1)) {
        @Override
        Manifold wrap(Manifold m) {
            return withLocate(m, x -> {
                double[] y = x.clone();
                if (y.length == m.ambientDimension()) {
                    y[0] += 1e-3;
                }
                return m.locate(y);
            });
        }
    },
    /** locate() answers in a chart centred 2 units away, where the point lies outside the domain of trust. */
    LOCATE_IN_DISTANT_CHART(CHT_1, EnumSet.of(CHT_1)) {
        @Override
        Manifold wrap(Manifold m) {
            return withLocate(m, x -> {
                double[] centre = x.clone();
                if (centre.length == m.ambientDimension()) {
                    centre[0] -= 2;
                }
                Chart distant = m.locate(centre).chart();
                return m.coordinatesIn(distant, x).orElseThrow();
            });
        }
    },
    /**
     * coordinatesIn() answers 1e-3 off along e₀; the rules that express p in a second chart through it see the same
     * defect.
     */
    SHIFTED_COORDINATES_IN(MAN_2, EnumSet.of(MAN_2, VT_2, DST_2)) {
        @Override
        Manifold wrap(Manifold m) {
            return new ForwardingManifold(m) {
                @Override
                public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
                    return m.coordinatesIn(chart, ambient).map(q -> new ChartPoint(q.chart(),
                            q.xi().plus(unit(q, 0).scale(1e-3))));
                }
            };
        }
    },
    /** checkPoint() reports a defect for every point, on the manifold or not. */
    CHECK_POINT_REJECTS_ALL(MAN_3, EnumSet.of(MAN_3, RET_3)) {
        @Override
        Manifold wrap(Manifold m) {
            return new ForwardingManifold(m) {
                @Override
                public Optional<Defect> checkPoint(double[] ambient) {
                    return Optional.of(new Defect("x_d = 0", 0, 0));
                }
            };
        }
    },
    /** d(p, q) + 1e-3: symmetric and subadditive, but never zero. */
    DISTANCE_WITH_OFFSET(DST_2, EnumSet.of(DST_2, DST_4)) {
        @Override
        Manifold wrap(Manifold m) {
            Distance d = m.distance();
            return withDistance(m, (p, q) -> d.distance(p, q) + 1e-3);
        }
    },
    /** retract() reads τ's coordinates without checking that τ is in p's chart. */
    RETRACTION_IGNORES_TANGENT_CHART(ERR_4, EnumSet.of(ERR_4)) {
        @Override
        Manifold wrap(Manifold m) {
            Retraction r = m.retraction();
            return withRetraction(m, (p, tau) -> r.retract(p, p.tangent(tau.tau())));
        }
    },
    /** The provider is not registered with ServiceLoader. */
    UNREGISTERED_PROVIDER(SPI_1, EnumSet.of(SPI_1)) {
        @Override
        ManifoldProvider provider() {
            return new SinhPlaneProvider() {
            };
        }
    },
    /** The provider's name has capitals and a space. */
    MISNAMED_PROVIDER(SPI_2, EnumSet.of(SPI_2)) {
        @Override
        ManifoldProvider provider() {
            return new TestProviders.MisnamedProvider();
        }
    },
    /** The provider clamps d = 0 to 1 instead of rejecting it. */
    LAX_PROVIDER(SPI_3, EnumSet.of(SPI_3)) {
        @Override
        ManifoldProvider provider() {
            return new TestProviders.LaxProvider();
        }
    };

    /** Dimension of the plane the variants break: 2, the smallest with off-diagonal structure. */
    static final int DIMENSION = 2;

    private final RuleId target;
    private final Set<RuleId> expectedFailures;

    BrokenManifolds(RuleId target, Set<RuleId> expectedFailures) {
        this.target = target;
        this.expectedFailures = Set.copyOf(expectedFailures);
    }

    /** @return the rule this defect is aimed at */
    RuleId target() {
        return target;
    }

    /** @return every rule this defect may fail: the target and the rules that exercise the same primitive */
    Set<RuleId> expectedFailures() {
        return expectedFailures;
    }

    /** @return the broken manifold; by default the healthy one (the provider variants break only the provider) */
    Manifold wrap(Manifold healthy) {
        return healthy;
    }

    /** @return the provider handed to the kit; by default the healthy, registered one */
    ManifoldProvider provider() {
        return new SinhPlaneProvider();
    }

    /** @return the broken manifold with the fixtures of the healthy one, except for the provider */
    ConformanceKit kit(TckSettings settings) {
        return new ConformanceKit(wrap(new SinhPlane(DIMENSION)), settings, healthyFixtures().withProvider(provider(),
                invalidParameters()));
    }

    /** @return off-manifold points and invalid parameters of {@link SinhPlane} */
    static TckFixtures healthyFixtures() {
        return TckFixtures.none()
                .withInvalidAmbientPoints(List.of(new double[] {0, 0, 1}, new double[] {1, -2, 1e-3}))
                .withProvider(new SinhPlaneProvider(), invalidParameters());
    }

    static List<InvalidParameters> invalidParameters() {
        return List.of(InvalidParameters.of("d", "0"), InvalidParameters.of("d", "-3"),
                InvalidParameters.of("d", "two"));
    }

    private static Coordinates unit(ChartPoint p, int i) {
        double[] e = new double[p.chart().dimension()];
        e[i] = 1;
        return Coordinates.of(e);
    }

    private static Manifold withRetraction(Manifold m, Retraction r) {
        return new ForwardingManifold(m) {
            @Override
            public Retraction retraction() {
                return r;
            }
        };
    }

    private static Manifold withTransport(Manifold m, VectorTransport t) {
        return new ForwardingManifold(m) {
            @Override
            public VectorTransport vectorTransport() {
                return t;
            }
        };
    }

    private interface Inner {
        double inner(ChartPoint p, TangentVector u, TangentVector v);
    }

    private interface Raise {
        TangentVector raise(ChartPoint p, Coordinates covector);
    }

    private static Manifold withMetric(Manifold m, Inner inner, Raise raise) {
        Metric g = new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                return inner.inner(p, u, v);
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                return raise.raise(p, covector);
            }
        };
        return new ForwardingManifold(m) {
            @Override
            public Metric metric() {
                return g;
            }
        };
    }

    private static Manifold withDistance(Manifold m, Distance d) {
        return new ForwardingManifold(m) {
            @Override
            public Distance distance() {
                return d;
            }
        };
    }

    private static Manifold withLocate(Manifold m, Function<double[], ChartPoint> locate) {
        return new ForwardingManifold(m) {
            @Override
            public ChartPoint locate(double[] ambient) {
                return locate.apply(ambient);
            }
        };
    }

    private interface TransitionLookup {
        Optional<Transition> transition(Chart from, Chart to);
    }

    private static Manifold withTransitions(Manifold m, TransitionLookup lookup) {
        AtlasGraph atlas = m.atlas();
        AtlasGraph broken = new AtlasGraph() {
            @Override
            public Optional<Transition> transition(Chart from, Chart to) {
                return lookup.transition(from, to);
            }

            @Override
            public ChartPoint changeChart(ChartPoint q) {
                return atlas.changeChart(q);
            }
        };
        return new ForwardingManifold(m) {
            @Override
            public AtlasGraph atlas() {
                return broken;
            }
        };
    }

    private interface Apply {
        Optional<Coordinates> apply(Coordinates xi);
    }

    private interface Push {
        Coordinates pushForward(Coordinates xi, Coordinates tau);
    }

    private static Transition transition(Chart from, Chart to, Apply apply, Push push) {
        return new Transition() {
            @Override
            public Chart from() {
                return from;
            }

            @Override
            public Chart to() {
                return to;
            }

            @Override
            public Optional<Coordinates> apply(Coordinates xi) {
                return apply.apply(xi);
            }

            @Override
            public Coordinates pushForward(Coordinates xi, Coordinates tau) {
                return push.pushForward(xi, tau);
            }
        };
    }
}
