// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The derivation panel's pictures against closed forms recomputed here in long double: each of
// pages 2–7 draws its own step (q at m; k at n, at m on the n = m pages, at m − 1 on the one-step
// page) and the angle between the arrows is α + (position of k − m)θ with θ = b^(−2i/d); the
// length page's dashed pair keeps ‖q‖‖k‖; the collision page's two positions have angles equal
// mod 2π within the tolerance and no smaller gap that has gone at least half a turn does; the sin
// page's two integer positions mirror each other; the ladder is b^(−2i/d) and the matrix holds
// cos mθ_i / ±sin mθ_i in its 2×2 diagonal blocks and zeros elsewhere; the score-shape page is
// cos((δ − δ₀)θ) for one θ and its mean over the ladder; the base page's wavelengths are
// 2π·b^(2i/d) and its first negative similar-key score is a full long-double scan.
#include "core/rope_params.h"
#include "figures/derivation_figure.h"
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"

#include <QTest>

#include <Eigen/Core>

#include <cmath>

using namespace rope::figures;

namespace {

constexpr long double kTwoPiL = 6.283185307179586476925286766559L;

long double thetaL(int pair, int dim, double base) {
    return std::pow(static_cast<long double>(base),
                    -2.0L * static_cast<long double>(pair) / static_cast<long double>(dim));
}

// a mod 2π in [0, 2π).
long double reduceL(long double a) {
    const long double r = std::fmod(a, kTwoPiL);
    return r < 0 ? r + kTwoPiL : r;
}

// Distance of a from the nearest multiple of 2π.
long double turnDistanceL(long double a) {
    const long double r = reduceL(a);
    return std::min(r, kTwoPiL - r);
}

FigureData page(int number, const rope::RopeParams& params, FigureOptions options = {}) {
    options.insert(QStringLiteral("page"), number);
    return figureData(*findFigure("derivation"), params, options);
}

std::vector<const Series*> arrows(const FigureData& data) {
    std::vector<const Series*> out;
    for (const Series& s : data.series) {
        if (s.style == SeriesStyle::Arrow) {
            out.push_back(&s);
        }
    }
    return out;
}

long double tipAngle(const Series& s) {
    return std::atan2(static_cast<long double>(s.y.back() - s.y.front()),
                      static_cast<long double>(s.x.back() - s.x.front()));
}

rope::RopeParams params(long long m, long long n, int dim, double base) {
    rope::RopeParams p;
    p.m = m;
    p.n = n;
    p.headDim = dim;
    p.base = base;
    return p;
}

} // namespace

class TestDerivationFigure : public QObject {
    Q_OBJECT

private slots:
    void everyPageIsFinite_data() {
        QTest::addColumn<int>("number");
        QTest::addColumn<long long>("m");
        QTest::addColumn<long long>("n");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("pair");
        for (int k = 1; k <= kDerivationPages; ++k) {
            QTest::addRow("page %d defaults", k) << k << 3LL << 10LL << 128 << 1e4 << 0;
            QTest::addRow("page %d far slow", k) << k << 100000LL << 7LL << 64 << 5e5 << 31;
            QTest::addRow("page %d d=2", k) << k << 0LL << 0LL << 2 << 2.0 << 0;
        }
    }
    void everyPageIsFinite() {
        QFETCH(int, number);
        QFETCH(long long, m);
        QFETCH(long long, n);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(int, pair);
        const FigureData data =
            page(number, params(m, n, dim, base), {{QStringLiteral("pair"), pair}});
        QVERIFY(!data.title.isEmpty());
        QVERIFY(!data.caption.isEmpty());
        QVERIFY(!data.xLabel.isEmpty() && !data.yLabel.isEmpty());
        QVERIFY(!data.readouts.empty());
        const auto finiteSeries = [](const std::vector<Series>& series) {
            for (const Series& s : series) {
                QCOMPARE(s.x.size(), s.y.size());
                if (s.style == SeriesStyle::Guide) {
                    continue;
                }
                QVERIFY2(!s.x.empty(), qPrintable(s.name));
                for (std::size_t k = 0; k < s.x.size(); ++k) {
                    QVERIFY2(std::isfinite(s.x[k]) && std::isfinite(s.y[k]), qPrintable(s.name));
                }
            }
        };
        finiteSeries(data.series);
        if (data.side) {
            finiteSeries(data.side->series);
        }
        for (const Readout& r : data.readouts) {
            QVERIFY2(std::isfinite(r.value), qPrintable(r.label));
        }
        for (const TextLabel& l : data.labels) {
            QVERIFY(std::isfinite(l.x) && std::isfinite(l.y));
        }
        if (data.colourMap) {
            for (double v : data.colourMap->values) {
                QVERIFY(std::isfinite(v));
            }
        }
    }

    // Pages 2–7: the arrows f(q, ·), f(k, ·) of the page's own step and the green arc between
    // them. Pages 2, 3 and 7 draw q at m and k at n; pages 4 and 5 (n = m) both at m; page 6
    // (n = m − 1) k one position behind q. The angle from q's arrow to k's is then α plus
    // (position of k − position of q)·θ.
    void drawnAngleIsThePageStep_data() {
        QTest::addColumn<long long>("m");
        QTest::addColumn<long long>("n");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("pair");
        QTest::newRow("defaults") << 3LL << 10LL << 128 << 1e4 << 0;
        QTest::newRow("n < m") << 10LL << 3LL << 128 << 1e4 << 0;
        QTest::newRow("pair 5") << 17LL << 250LL << 128 << 1e4 << 5;
        QTest::newRow("far, slow pair") << 123456LL << 4096LL << 64 << 5e5 << 30;
        QTest::newRow("m = n") << 42LL << 42LL << 16 << 1e4 << 3;
    }
    void drawnAngleIsThePageStep() {
        QFETCH(long long, m);
        QFETCH(long long, n);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(int, pair);
        constexpr long double kPiL = 3.14159265358979323846264338327950288L;
        for (const int alphaDeg : {0, 60}) {
            for (int number = 2; number <= 7; ++number) {
                long long kAt = n;
                if (number == 4 || number == 5) {
                    kAt = m;
                } else if (number == 6) {
                    kAt = m - 1;
                }
                const long double expected =
                    reduceL(static_cast<long double>(kAt - m) * thetaL(pair, dim, base) +
                            alphaDeg * kPiL / 180);
                FigureOptions options = {{QStringLiteral("pair"), pair}};
                if (alphaDeg == 0) {
                    options.insert(QStringLiteral("k-angle-deg"), 0);
                }
                const FigureData data = page(number, params(m, n, dim, base), options);
                const auto a = arrows(data);
                QCOMPARE(a.size(), std::size_t(2));
                const long double drawn = reduceL(tipAngle(*a[1]) - tipAngle(*a[0]));
                // Angles of O(1e5) rad in double carry ≈ 1e-11 rad of rounding.
                const long double gap =
                    std::min(std::abs(drawn - expected), kTwoPiL - std::abs(drawn - expected));
                QVERIFY2(gap < 1e-9L, qPrintable(QStringLiteral("page %1: drawn %2, expected %3")
                                                     .arg(number)
                                                     .arg(double(drawn))
                                                     .arg(double(expected))));
                // q's arrow is turned by mθ from q at position 0 (angle 0.4 rad) on every page.
                const long double qExpected =
                    0.4L + static_cast<long double>(m) * thetaL(pair, dim, base);
                QVERIFY(turnDistanceL(tipAngle(*a[0]) - qExpected) < 1e-9L);
                // The green arc (colour 2) runs from q's arrow counter-clockwise to k's; on the
                // one-step page the step arc runs from k at m − 1 through θ to k at m instead.
                const Series* arc = nullptr;
                for (const Series& s : data.series) {
                    if (number == 6 ? s.id == QLatin1String("arc-step")
                                    : (s.style == SeriesStyle::Path && s.colour == 2)) {
                        arc = &s;
                    }
                }
                QVERIFY(arc != nullptr);
                const long double start = std::atan2(static_cast<long double>(arc->y.front()),
                                                     static_cast<long double>(arc->x.front()));
                const long double end = std::atan2(static_cast<long double>(arc->y.back()),
                                                   static_cast<long double>(arc->x.back()));
                if (number == 6) {
                    QVERIFY(turnDistanceL(start - tipAngle(*a[1])) < 1e-9L);
                    QVERIFY(turnDistanceL(end - start - thetaL(pair, dim, base)) < 1e-9L);
                } else {
                    QVERIFY(turnDistanceL(start - tipAngle(*a[0])) < 1e-9L);
                    QVERIFY(turnDistanceL(end - tipAngle(*a[1])) < 1e-9L);
                }
            }
        }
    }

    // Page 4: the dashed pair of the other length solution (separate encodings for q and k)
    // keeps the product of the lengths, ‖q‖‖k‖ = 1 · 0.7, while each length changes.
    void lengthPageDrawsTheOtherSolution() {
        const FigureData data = page(4, params(3, 10, 128, 1e4));
        const Series* grown = nullptr;
        const Series* shrunk = nullptr;
        for (const Series& s : data.series) {
            grown = s.id == QLatin1String("xpos-q") ? &s : grown;
            shrunk = s.id == QLatin1String("xpos-k") ? &s : shrunk;
        }
        QVERIFY(grown != nullptr && shrunk != nullptr);
        // Dashed circles of radius ‖q‖aᵐ and ‖k‖a⁻ᵐ: every point at that distance from 0.
        const auto radius = [](const Series& s) {
            long double r = -1;
            for (std::size_t k = 0; k < s.x.size(); ++k) {
                if (std::isfinite(s.x[k])) {
                    const long double here = std::hypot(static_cast<long double>(s.x[k]),
                                                        static_cast<long double>(s.y[k]));
                    if (r >= 0 && std::abs(here - r) > 1e-12L) {
                        return -1.0L;
                    }
                    r = here;
                }
            }
            return r;
        };
        QVERIFY(radius(*grown) > 0 && radius(*shrunk) > 0);
        QVERIFY(std::abs(radius(*grown) * radius(*shrunk) - 0.7L) < 1e-12L);
        QVERIFY(std::abs(radius(*grown) - 1.0L) > 0.1L);
    }

    // Page 5: both arcs φ(m) sweep the same angle, mθ mod 2π.
    void anglePageArcsAreEqual() {
        const FigureData data = page(5, params(3, 10, 128, 1e4));
        std::vector<const Series*> arcs;
        for (const Series& s : data.series) {
            if (s.id.startsWith(QLatin1String("arc-phi"))) {
                arcs.push_back(&s);
            }
        }
        QCOMPARE(arcs.size(), std::size_t(2));
        for (const Series* s : arcs) {
            const long double start = std::atan2(static_cast<long double>(s->y.front()),
                                                 static_cast<long double>(s->x.front()));
            const long double end = std::atan2(static_cast<long double>(s->y.back()),
                                               static_cast<long double>(s->x.back()));
            // θ₀ = 1: the sweep is 3 rad.
            QVERIFY(turnDistanceL(end - start - 3.0L) < 1e-9L);
        }
    }

    // Page 1 at the defaults: q and k point in directions at least 30° apart (not overlapping).
    void pageOneShowsBothArrows() {
        const FigureData data = page(1, params(3, 10, 128, 1e4));
        const auto a = arrows(data);
        QCOMPARE(a.size(), std::size_t(2));
        QVERIFY(turnDistanceL(tipAngle(*a[1]) - tipAngle(*a[0])) >
                30 * 3.14159265358979323846264338327950288L / 180);
    }

    void collisionIsTheNearestWithinTolerance_data() {
        QTest::addColumn<int>("pair");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("toleranceDeg");
        QTest::newRow("θ = 1, 1°") << 0 << 128 << 1e4 << 1.0;
        QTest::newRow("θ = 1, 0.1°") << 0 << 128 << 1e4 << 0.1;
        QTest::newRow("pair 3, 1°") << 3 << 128 << 1e4 << 1.0;
        QTest::newRow("pair 10, 2°") << 10 << 128 << 1e4 << 2.0;
    }
    void collisionIsTheNearestWithinTolerance() {
        QFETCH(int, pair);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, toleranceDeg);
        const long double theta = thetaL(pair, dim, base);
        const long double tolerance = toleranceDeg * 3.14159265358979323846264338327950288L / 180;
        const rope::RopeParams p = params(7, 10, dim, base);
        const PositionCollision hit =
            nearestCollision(static_cast<double>(theta), static_cast<double>(tolerance),
                             p.context - 1);
        QVERIFY(hit.found);
        QVERIFY(hit.gap >= 1);
        QVERIFY(turnDistanceL(static_cast<long double>(hit.gap) * theta) <= tolerance + 1e-12L);
        // Exhaustive: no smaller gap is within the tolerance (a margin for double rounding).
        QVERIFY(static_cast<long double>(hit.gap) * theta >= 3.14159265358979L);
        for (long long g = 1; g < hit.gap; ++g) {
            if (static_cast<long double>(g) * theta < 3.1415926535897932L) {
                continue; // not yet round once: neighbours of a slow pair are not a collision
            }
            QVERIFY2(turnDistanceL(static_cast<long double>(g) * theta) > tolerance - 1e-12L,
                     qPrintable(QString::number(g)));
        }
        // The page draws positions m and m + p at angles equal mod 2π within the tolerance.
        const FigureData data = page(kCollisionPage, p,
                                     {{QStringLiteral("pair"), pair},
                                      {QStringLiteral("tolerance-deg"), toleranceDeg}});
        const auto a = arrows(data);
        QCOMPARE(a.size(), std::size_t(2));
        QVERIFY(turnDistanceL(tipAngle(*a[0]) - 7.0L * theta) < 1e-9L);
        QVERIFY(turnDistanceL(tipAngle(*a[1]) - (7.0L + hit.gap) * theta) < 1e-9L);
        QVERIFY(turnDistanceL(tipAngle(*a[1]) - tipAngle(*a[0])) <= tolerance + 1e-9L);
    }

    void collisionSearchReportsWhatItSearched() {
        // θ = 10⁻⁴ (a slow pair): no gap below 4096 even goes half round (4095θ ≈ 0.41 rad).
        const PositionCollision none = nearestCollision(1e-4, 3.14159265358979 / 180, 4095);
        QVERIFY(!none.found);
        QCOMPARE(none.searched, 4095LL);
        // θ = 2π/5 exactly (up to rounding): positions 5 apart coincide.
        const PositionCollision five = nearestCollision(2 * 3.14159265358979323846 / 5, 1e-9, 100);
        QVERIFY(five.found);
        QCOMPARE(five.gap, 5LL);
    }

    void sinCounterexampleHasEqualSinAndOppositeCos_data() {
        QTest::addColumn<double>("theta");
        QTest::addColumn<double>("m");
        QTest::newRow("θ = 1, m = 3") << 1.0 << 3.0;
        QTest::newRow("θ = 1, m = 1000") << 1.0 << 1000.0;
        QTest::newRow("θ = 0.01, m = 42") << 0.01 << 42.0;
        QTest::newRow("θ = 0.3, m = 0") << 0.3 << 0.0;
    }
    void sinCounterexampleHasEqualSinAndOppositeCos() {
        QFETCH(double, theta);
        QFETCH(double, m);
        const long double mirror = sinMirrorPosition(theta, m);
        const long double t = theta;
        QVERIFY(mirror >= 0 && mirror < kTwoPiL / t);
        QVERIFY(std::abs(std::sin(m * t) - std::sin(mirror * t)) < 1e-9L);
        QVERIFY(std::abs(std::cos(m * t) + std::cos(mirror * t)) < 1e-9L);
    }

    // Page 9 at the defaults (θ₀ = 1, m = 3, tolerance 1°): the mirror of position 3 is the
    // integer m′ with 3 + m′ nearest an odd multiple of π: 22 − 7π = 0.0088 rad (0.51°), so
    // m′ = 19; the smaller candidates miss by more than 1° (3 − π: 8.1°, 16 − 5π: 16.7°,
    // 9 − 3π: 24°). sin(19) ≈ sin(3) and cos(19) ≈ −cos(3).
    void sinPageDrawsAnIntegerMirror() {
        const rope::RopeParams p = params(3, 10, 128, 1e4);
        const FigureData data = page(kSinPage, p);
        const auto a = arrows(data);
        QCOMPARE(a.size(), std::size_t(2));
        QVERIFY(std::abs(a[0]->y.back() - std::sin(3.0L)) < 1e-12L);
        QVERIFY(std::abs(a[0]->x.back() - std::cos(3.0L)) < 1e-12L);
        QVERIFY(std::abs(a[1]->y.back() - std::sin(19.0L)) < 1e-12L);
        QVERIFY(std::abs(a[1]->x.back() - std::cos(19.0L)) < 1e-12L);
        QVERIFY(std::abs(std::sin(19.0L) - std::sin(3.0L)) < 0.01L);
        QVERIFY(std::abs(a[0]->x.back() - a[1]->x.back()) > 1.9L);
        const IntegerMirror hit = nearestIntegerMirror(1.0, 3, 3.14159265358979 / 180, 4095);
        QVERIFY(hit.found);
        QCOMPARE(hit.position, 19LL);
        QVERIFY(std::abs(hit.residual - static_cast<double>(22.0L - 7 * 3.14159265358979323846L)) <
                1e-12);
    }

    // The course asks what the sin-only score does when both positions move, so with
    // shift-score off page 9 draws only the two factors sin((m + s)θ) and sin((n + s)θ) (θ₀ = 1,
    // m = 5, n = 2: at s = 0 they are sin 5 and sin 2) and no score; on, it draws the scores.
    void sinPageCanLeaveTheShiftedScoreOut() {
        const rope::RopeParams p = params(5, 2, 128, 1e4);
        const FigureData off = page(kSinPage, p, {{QStringLiteral("shift-score"), false}});
        QVERIFY(off.side.has_value());
        QCOMPARE(off.side->series.size(), std::size_t(2));
        const Series* q = rope::test::seriesById(off.side->series, u"sin-q");
        const Series* k = rope::test::seriesById(off.side->series, u"sin-k");
        QVERIFY(q != nullptr && k != nullptr);
        QVERIFY(rope::test::seriesById(off.side->series, u"sin-only") == nullptr);
        QVERIFY(std::abs(q->y.front() - std::sin(5.0L)) < 1e-12L);
        QVERIFY(std::abs(k->y.front() - std::sin(2.0L)) < 1e-12L);
        for (std::size_t i = 0; i < q->x.size(); i += 37) {
            const long double s = q->x[i];
            QVERIFY(std::abs(q->y[i] - std::sin(5.0L + s)) < 1e-9L);
            QVERIFY(std::abs(k->y[i] - std::sin(2.0L + s)) < 1e-9L);
        }
        QVERIFY(!off.caption.contains(QStringLiteral("m + n")));
        const FigureData on = page(kSinPage, p);
        QVERIFY(rope::test::seriesById(on.side->series, u"sin-only") != nullptr);
        QVERIFY(on.caption.contains(QStringLiteral("m + n")));
    }

    // A slow pair's mirror lies beyond a short context: none found, the page says so and draws
    // the mirror angle dashed instead of an arrow.
    void sinPageWithoutAMirrorInTheContext() {
        rope::RopeParams p = params(3, 10, 128, 1e4);
        p.context = 256;
        // θ₆₃ = 10⁴^(−126/128) ≈ 1.15e−4: the mirror angle π − 3θ needs m′ ≈ 27 000.
        const FigureData data = page(kSinPage, p, {{QStringLiteral("pair"), 63}});
        QCOMPARE(arrows(data).size(), std::size_t(1));
        QVERIFY(!nearestIntegerMirror(static_cast<double>(thetaL(63, 128, 1e4)), 3,
                                      3.14159265358979 / 180, 255)
                     .found);
    }

    // Page 11: one θ gives a single sinusoid cos((δ − δ₀)θ) and the ladder the mean of
    // cos((δ − δ₀)θᵢ), both recomputed here in long double; δ₀ = |n − m| = 7.
    void scoreShapeIsTheClosedForm() {
        const FigureData data = page(kScoreShapePage, params(3, 10, 128, 1e4));
        const Series* one = nullptr;
        const Series* ladder = nullptr;
        for (const Series& s : data.series) {
            one = s.id == QLatin1String("one-theta") ? &s : one;
            ladder = s.id == QLatin1String("ladder") ? &s : ladder;
        }
        QVERIFY(one != nullptr && ladder != nullptr);
        QCOMPARE(one->x.size(), ladder->x.size());
        QVERIFY(one->x.front() == 0 && one->x.back() >= 28);
        long double bestOneAway = -2;
        for (std::size_t k = 0; k < one->x.size(); ++k) {
            const long double delta = one->x[k] - 7;
            QVERIFY(std::abs(one->y[k] - std::cos(delta)) < 1e-12L);
            long double sum = 0;
            for (int i = 0; i < 64; ++i) {
                sum += std::cos(delta * thetaL(i, 128, 1e4));
            }
            QVERIFY(std::abs(ladder->y[k] - sum / 64) < 1e-12L);
            if (std::abs(delta) >= 7) {
                bestOneAway = std::max(bestOneAway, std::cos(delta));
            }
        }
        // One θ comes back almost to its peak (44 ≈ 14π, so δ = 51): > 0.999.
        QVERIFY(bestOneAway > 0.999L);
    }

    void targetedScoreOfOneThetaIsASinusoid() {
        const Eigen::ArrayXd one = Eigen::ArrayXd::Constant(1, 0.37);
        for (double delta : {0.0, 1.0, 5.5, 100.0}) {
            QVERIFY(std::abs(targetedScore(one, delta, 3.0) - std::cos((delta - 3.0) * 0.37)) <
                    1e-15);
        }
    }

    // Page 12: the wavelengths are 2π·b^(2i/d) and the first negative similar-key score of
    // b = 10⁴, d = 128 within L = 4096 is the one the decay lesson quotes, recomputed here by
    // scanning every m in long double.
    void whyBasePageIsTheClosedForm() {
        rope::RopeParams p = params(3, 10, 128, 1e4);
        p.context = 4096;
        const FigureData data = page(kWhyBasePage, p);
        const Series* wavelengths = nullptr;
        for (const Series& s : data.series) {
            wavelengths = s.id == QLatin1String("wavelengths") ? &s : wavelengths;
        }
        QVERIFY(wavelengths != nullptr);
        QCOMPARE(wavelengths->y.size(), std::size_t(64));
        for (int i = 0; i < 64; ++i) {
            const long double expected = kTwoPiL / thetaL(i, 128, 1e4);
            QVERIFY(std::abs(wavelengths->y[static_cast<std::size_t>(i)] / expected - 1) <
                    1e-12L);
        }
        long long firstNegative = -1;
        for (long long m = 1; m < 4096 && firstNegative < 0; ++m) {
            long double sum = 0;
            for (int i = 0; i < 64; ++i) {
                sum += std::cos(static_cast<long double>(m) * thetaL(i, 128, 1e4));
            }
            firstNegative = sum < 0 ? m : -1;
        }
        QVERIFY(firstNegative > 0);
        QCOMPARE(data.readouts.back().value, static_cast<double>(firstNegative));
        QVERIFY(data.readouts.back().text.isEmpty());
    }

    void ladderIsTheClosedForm_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<long long>("m");
        QTest::newRow("d 128, b 1e4") << 128 << 1e4 << 3LL;
        QTest::newRow("d 64, b 5e5") << 64 << 5e5 << 1000LL;
        QTest::newRow("d 6, b 10") << 6 << 10.0 << 2LL;
    }
    void ladderIsTheClosedForm() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(long long, m);
        const FigureData data = page(kLadderPage, params(m, 0, dim, base));
        QVERIFY(data.side.has_value());
        // The two scatter series (pairs in the matrix, the rest) hold every pair once.
        std::vector<double> ladder(static_cast<std::size_t>(dim / 2), std::nan(""));
        for (const Series& s : data.side->series) {
            for (std::size_t k = 0; k < s.x.size(); ++k) {
                ladder.at(static_cast<std::size_t>(s.x[k])) = s.y[k];
            }
        }
        for (int i = 0; i < dim / 2; ++i) {
            // log₁₀ θ_i = −(2i/d)·log₁₀ b
            const long double expected = -2.0L * i / dim * std::log10(static_cast<long double>(base));
            QVERIFY2(std::abs(ladder[i] - expected) < 1e-12L, qPrintable(QString::number(i)));
        }
        // The matrix: 2×2 rotation blocks by mθ_i on the diagonal, zeros elsewhere.
        QVERIFY(data.colourMap.has_value());
        const ColourMap& map = *data.colourMap;
        QCOMPARE(map.rows, map.columns);
        QCOMPARE(map.columns, 2 * std::min(dim / 2, 8));
        for (int row = 0; row < map.rows; ++row) {
            for (int col = 0; col < map.columns; ++col) {
                long double expected = 0;
                if (row / 2 == col / 2) {
                    const long double a = m * thetaL(row / 2, dim, base);
                    const int r = row % 2;
                    const int c = col % 2;
                    expected = r == c ? std::cos(a) : (r == 0 ? -std::sin(a) : std::sin(a));
                }
                QVERIFY(std::abs(map.values[static_cast<std::size_t>(row * map.columns + col)] -
                                 expected) < 1e-9L);
            }
        }
    }

    void derivationIsFirstInFoundations() {
        for (const Figure& f : allFigures()) {
            if (f.group == "foundations") {
                QCOMPARE(figureId(f), QStringLiteral("derivation"));
                return;
            }
        }
        QFAIL("no foundations panel");
    }
};

QTEST_MAIN(TestDerivationFigure)
#include "tst_derivation_figure.moc"
