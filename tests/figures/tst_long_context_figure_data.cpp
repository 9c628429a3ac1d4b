// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/heatmap.h"
#include "core/identities.h"
#include "core/random_inputs.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/decay_envelope.h"
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"

#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <numbers>

// What is checked: each option of the decay, base-bound, extension and identity panels changes
// the figure data (what drawFigure() plots and figureCsv() writes), computed with figureData()
// as a panel computes it and found by series id, to exactly what core returns. Independent expected
// values: long-double direct sums of cos(m·θ_i) with θ_i = b^(−2i/d) for the decay envelope and the
// matrices, the closed forms (π/2)·b^((d−2)/d) and 2π·b^((d−2)/d) for the rules of thumb, the
// models' config.json values for the markers, and the Llama 3 wavelength thresholds L₀/high, L₀/low
// for the pair classes.
namespace {

using rope::figures::FigureData;
using rope::figures::Series;
using rope::test::readout;
using rope::test::seriesById;

// The decay panel's measures, in the order of its "curve" choices.
const QString kDecayCurves[] = {QStringLiteral("mean-cosine"), QStringLiteral("upper-bound"),
                                QStringLiteral("similar-score")};

// Plot width set where a test computes the figure's columns itself (log axis edges).
constexpr long long kPlotWidth = 700;

// A base as the decay legend writes it (≤ 4 significant digits, a×10ⁿ from 10⁵ on): the
// bases these tests use, spelled out.
QString baseName(double b) {
    if (b == 1e5) {
        return QStringLiteral("10⁵");
    }
    if (b == 5e5) {
        return QStringLiteral("5×10⁵");
    }
    if (b == 1e6) {
        return QStringLiteral("10⁶");
    }
    return QString::number(b, 'f', 0);
}

long double directCosineSum(const Eigen::ArrayXd& theta, long long m) {
    long double sum = 0.0L;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        sum += cosl(static_cast<long double>(m) * static_cast<long double>(theta[i]));
    }
    return sum;
}

// θ_i = b^(−2i/d) in long double, independent of inverseFrequencies().
Eigen::ArrayXd ladder(int dim, double base) {
    Eigen::ArrayXd t(dim / 2);
    for (int i = 0; i < dim / 2; ++i) {
        t[i] = static_cast<double>(powl(static_cast<long double>(base), -2.0L * i / dim));
    }
    return t;
}

} // namespace

class TestLongContextFigureData : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // --- decay -------------------------------------------------------------------------

    void decayEnvelopeIsEveryDistanceNotASample() {
        rope::RopeParams p;
        p.context = 8192;
        p.base = 1e4;
        rope::test::FigureFixture f("decay", p);
        ROPE_SET_OPTION(f, "bases", QStringLiteral("5e5"));
        const FigureData& data = f.data();
        const Series* lo = seriesById(data, u"current-min");
        const Series* hi = seriesById(data, u"current-max");
        QVERIFY(lo != nullptr && hi != nullptr);
        QVERIFY(hi->fillToPrevious);
        QVERIFY(seriesById(data, u"base-500000") != nullptr);
        QVERIFY(seriesById(data, u"base-1000000") == nullptr);
        // Independent: brute-force long-double min/max of (2/d)Σcos over each column's
        // distances, with the documented partition ⌊k·L/B⌋.
        const Eigen::ArrayXd theta = ladder(128, 1e4);
        const auto columns = static_cast<long long>(lo->x.size());
        QVERIFY(columns > 100 && columns < 8192);
        for (long long k = 0; k < columns; ++k) {
            const long long first = k * 8192 / columns;
            const long long last = (k + 1) * 8192 / columns - 1;
            QCOMPARE(lo->x[k], 0.5 * (first + last));
            long double mn = 1e9L;
            long double mx = -1e9L;
            for (long long m = first; m <= last; ++m) {
                const long double c = directCosineSum(theta, m) / 64.0L;
                mn = std::min(mn, c);
                mx = std::max(mx, c);
            }
            QVERIFY2(std::abs(lo->y[k] - static_cast<double>(mn)) < 1e-12,
                     qPrintable(QString::number(k)));
            QVERIFY2(std::abs(hi->y[k] - static_cast<double>(mx)) < 1e-12,
                     qPrintable(QString::number(k)));
        }
        // Exactly core's envelope, scaled by 2/d.
        const rope::CosineSumEnvelope env =
            rope::cosineSumEnvelope(rope::inverseFrequencies(128, 1e4), 0, 8192, columns);
        for (long long k = 0; k < columns; ++k) {
            QCOMPARE(lo->y[k], env.minimum[k] / 64.0);
            QCOMPARE(hi->y[k], env.maximum[k] / 64.0);
        }
    }

    void decayMarksFirstNegativeDistancePerBase_data() {
        QTest::addColumn<int>("curve");
        QTest::newRow("mean-cosine") << 0;
        QTest::newRow("upper-bound") << 1;
        QTest::newRow("similar-score") << 2;
    }
    void decayMarksFirstNegativeDistancePerBase() {
        QFETCH(int, curve);
        rope::RopeParams p;
        p.context = 32768;
        p.base = 1e4;
        rope::test::FigureFixture f("decay", p);
        const QString curveId = kDecayCurves[curve];
        ROPE_SET_OPTION(f, "curve", kDecayCurves[curve == 0 ? 1 : 0]);
        ROPE_SET_OPTION(f, "curve", curveId);
        const FigureData& data = f.data();
        for (double b : {1e4, 1e5, 1e6}) {
            const Eigen::ArrayXd theta = rope::inverseFrequencies(128, b);
            const std::optional<long long> first = rope::firstNegativeDistance(theta, 32768);
            const QString name = b == 1e4 ? QStringLiteral("b = 10000 (current)")
                                          : QStringLiteral("b = %1").arg(baseName(b));
            QCOMPARE(readout(data, QStringLiteral("first m with c(m) < 0, ") + name),
                     first ? static_cast<double>(*first) : -1.0);
            // Independent check of the b = 1e4 marker: long-double sum negative there and
            // non-negative before.
            if (b == 1e4) {
                QVERIFY(first.has_value());
                QVERIFY(directCosineSum(ladder(128, b), *first) < 0);
            }
        }
        // The band of the current base is core's envelope of the chosen measure.
        const Series* mean = seriesById(data, u"current");
        QVERIFY(mean != nullptr);
        const auto columns = static_cast<long long>(mean->x.size());
        const rope::figures::CurveEnvelope env = rope::figures::decayEnvelope(
            curveId, rope::inverseFrequencies(128, 1e4), 32768, columns);
        for (long long k = 0; k < columns; ++k) {
            QCOMPARE(mean->y[k], env.mean[k]);
        }
        if (curve == 1) {
            // Upper bound: bucketed from core's relativeUpperBound at every distance.
            const Eigen::ArrayXd u = rope::relativeUpperBound(rope::inverseFrequencies(128, 1e4),
                                                              rope::distanceRange(0, 32767));
            const long long k = columns / 3;
            const long long first = k * 32768 / columns;
            const long long last = (k + 1) * 32768 / columns - 1;
            QCOMPARE(env.maximum[k], u.segment(first, last - first + 1).maxCoeff());
            QCOMPARE(env.minimum[k], u.segment(first, last - first + 1).minCoeff());
        }
    }

    void decayScalingMethodAddsItsCurve() {
        rope::RopeParams p;
        p.context = 512; // fewer distances than columns: one exact point per distance
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 4;
        rope::test::FigureFixture f("decay", p);
        const Series* s = seriesById(f.data(), u"scaled");
        QVERIFY(s != nullptr);
        QCOMPARE(s->name, QStringLiteral("b = 10000 with linear, s = 4"));
        QVERIFY(s != nullptr);
        QCOMPARE(s->x.size(), std::size_t{512});
        const Eigen::ArrayXd expected =
            rope::meanCosine(rope::scaledFrequencies(p).invFreq, rope::distanceRange(0, 511));
        for (std::size_t m = 0; m < 512; ++m) {
            QCOMPARE(s->x[m], static_cast<double>(m));
            QVERIFY(std::abs(s->y[m] - expected[static_cast<Eigen::Index>(m)]) < 1e-13);
        }
    }

    void decayLogAxisColumnsCoverEveryDistance() {
        rope::RopeParams p;
        p.context = 20000;
        p.base = 1e4;
        rope::test::FigureFixture f("decay", p);
        f.setPlotWidth(kPlotWidth);
        ROPE_SET_OPTION(f, "log-x", true);
        const FigureData& data = f.data();
        QVERIFY(data.logX);
        const Series* lo = seriesById(data, u"current-min");
        const Series* hi = seriesById(data, u"current-max");
        QVERIFY(lo != nullptr && hi != nullptr);
        const std::vector<long long> edges = rope::figures::logColumnEdges(20000, kPlotWidth);
        QCOMPARE(edges.front(), 1LL);
        QCOMPARE(edges.back(), 20000LL);
        QCOMPARE(lo->x.size() + 1, edges.size());
        const Eigen::ArrayXd theta = ladder(128, 1e4);
        for (std::size_t k = 0; k + 1 < edges.size(); k += 7) {
            QVERIFY(edges[k + 1] > edges[k]);
            QCOMPARE(lo->x[k], 0.5 * static_cast<double>(edges[k] + edges[k + 1] - 1));
            long double mn = 1e9L;
            long double mx = -1e9L;
            for (long long m = edges[k]; m < edges[k + 1]; ++m) {
                const long double v = directCosineSum(theta, m) / 64.0L;
                mn = std::min(mn, v);
                mx = std::max(mx, v);
            }
            QVERIFY(std::abs(lo->y[k] - static_cast<double>(mn)) < 1e-12);
            QVERIFY(std::abs(hi->y[k] - static_cast<double>(mx)) < 1e-12);
        }
        ROPE_SET_OPTION(f, "log-x", false);
        QVERIFY(!f.data().logX);
    }

    // The extra bases' curves are reused between steps (a drag of b changes only the current
    // one). After every kind of step — base, context, measure, log axis — every curve must be
    // bit for bit the envelope computed afresh for the new inputs, and every marker core's.
    void decayCurvesReusedAcrossStepsAreExact() {
        rope::RopeParams p;
        p.context = 32768;
        p.base = 1e4;
        rope::test::FigureFixture f("decay", p);
        f.setPlotWidth(kPlotWidth);
        QString curve = QStringLiteral("mean-cosine");
        const auto check = [&f, &curve](const char* step) {
            const rope::RopeParams now = f.params();
            const FigureData& data = f.data();
            const bool logX = data.logX;
            for (double b : {now.base, 1e5, 1e6}) {
                const QString name =
                    (b == now.base ? QStringLiteral("b = %1 (current)") : QStringLiteral("b = %1"))
                        .arg(baseName(b));
                const QString id = b == now.base ? QStringLiteral("current")
                                                 : QStringLiteral("base-%1").arg(b, 0, 'g', 17);
                const Series* mean = seriesById(data, id);
                const Series* hi = seriesById(data, id + QStringLiteral("-max"));
                QVERIFY2(mean != nullptr && hi != nullptr, step);
                const Eigen::ArrayXd theta = rope::inverseFrequencies(128, b);
                const auto columns = static_cast<long long>(mean->x.size());
                const rope::figures::CurveEnvelope env =
                    logX ? rope::figures::decayEnvelopeOnEdges(
                               curve, theta, rope::figures::logColumnEdges(now.context, kPlotWidth))
                         : rope::figures::decayEnvelope(curve, theta, now.context, columns);
                QCOMPARE(static_cast<long long>(env.mean.size()), columns);
                for (long long k = 0; k < columns; ++k) {
                    QVERIFY2(mean->y[k] == env.mean[k] && hi->y[k] == env.maximum[k], step);
                }
                const std::optional<long long> first =
                    rope::firstNegativeDistance(theta, now.context);
                QVERIFY2(readout(data, QStringLiteral("first m with c(m) < 0, ") + name) ==
                             (first ? static_cast<double>(*first) : -1.0),
                         step);
            }
        };
        check("start");
        p.base = 2e4;
        f.setParams(p);
        check("base 2e4");
        p.base = 3e4;
        f.setParams(p);
        check("base 3e4");
        p.context = 16384;
        f.setParams(p);
        check("context 16384");
        curve = QStringLiteral("upper-bound");
        ROPE_SET_OPTION(f, "curve", curve);
        check("upper bound");
        ROPE_SET_OPTION(f, "log-x", true);
        check("log x");
        p.base = 2e4; // a θ seen before, now with another measure, context and axis
        f.setParams(p);
        check("base 2e4 again");
    }

    void badBaseListNamesTheParameter() {
        try {
            rope::figures::parseBaseList(QStringLiteral("1e4, 0.5"));
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("bases"));
        }
        try {
            rope::figures::parseBaseList(QStringLiteral("1e4, abc"));
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("bases"));
        }
        QCOMPARE(rope::figures::parseBaseList(QStringLiteral("1e4 5e5;1e4")),
                 (std::vector<double>{1e4, 5e5}));
    }

    // --- base-bound ----------------------------------------------------------------------

    void baseBoundCurvesAreCoreMinimalBase() {
        rope::RopeParams p;
        p.base = 1e4;
        rope::test::FigureFixture f("base-bound", p);
        const FigureData& data = f.data();
        QVERIFY(data.logX && data.logY);
        for (int d : {64, 128, 256}) {
            const Series* s = seriesById(data, QStringLiteral("b-star-d%1").arg(d));
            QVERIFY(s != nullptr);
            QCOMPARE(s->x.front(), 256.0);
            QCOMPARE(s->x.back(), 65536.0);
            // Small L recomputed directly (the published values are checked in
            // tests/core/tst_base_bound.cpp).
            for (std::size_t k = 0; k < 3; ++k) {
                QCOMPARE(s->x[k], std::ldexp(1.0, 8 + static_cast<int>(k)));
                QCOMPARE(s->y[k], rope::minimalBase(static_cast<long long>(s->x[k]), d).base);
            }
        }
        // Model markers at their config.json (max_position_embeddings, rope_theta).
        const std::tuple<const char*, const char*, std::pair<double, double>> models[] = {
            {"model-llama-2", "Llama 2 (4096, 1e+04)", {4096, 1e4}},
            {"model-llama-3.1-8k", "Llama 3.1 (8k) (8192, 5e+05)", {8192, 5e5}},
            {"model-llama-3.1-128k", "Llama 3.1 (128k) (131072, 5e+05)", {131072, 5e5}},
            {"model-codellama", "CodeLlama (16384, 1e+06)", {16384, 1e6}},
            {"model-qwen2.5", "Qwen2.5 (32768, 1e+06)", {32768, 1e6}},
        };
        for (const auto& [id, name, lb] : models) {
            const Series* s = seriesById(data, QString::fromLatin1(id));
            QVERIFY2(s != nullptr, id);
            QCOMPARE(s->name, QString::fromUtf8(name));
            QCOMPARE(s->x, std::vector<double>{lb.first});
            QCOMPARE(s->y, std::vector<double>{lb.second});
        }
        // Current (b, d): its largest valid L is the first negative distance.
        const std::optional<long long> first =
            rope::firstNegativeDistance(rope::inverseFrequencies(128, 1e4), 1LL << 22);
        QVERIFY(first.has_value());
        QCOMPARE(readout(data, QStringLiteral("largest L for the current b, d")),
                 static_cast<double>(*first));
        // Rules of thumb against their closed forms (π/2)·b^((d−2)/d) and 2π·b^((d−2)/d).
        const Series* quarter = seriesById(data, u"quarter-turn-d128");
        const Series* period = seriesById(data, u"slowest-period-d128");
        QVERIFY(quarter != nullptr && period != nullptr);
        for (std::size_t k = 0; k < quarter->x.size(); ++k) {
            const double b = quarter->y[k];
            QVERIFY(std::abs(quarter->x[k] / (std::numbers::pi / 2 * std::pow(b, 126.0 / 128.0)) -
                             1) < 1e-12);
            QVERIFY(std::abs(period->x[k] / (2 * std::numbers::pi * std::pow(b, 126.0 / 128.0)) -
                             1) < 1e-12);
        }
    }

    void baseBoundCosineViewIsTheCoreEnvelope() {
        rope::RopeParams p;
        p.context = 16384;
        p.base = 20000;
        rope::test::FigureFixture f("base-bound", p);
        ROPE_SET_OPTION(f, "view", QStringLiteral("cosine-sum"));
        const FigureData& data = f.data();
        const Series* lo = seriesById(data, u"f-min");
        const Series* hi = seriesById(data, u"f-max");
        QVERIFY(lo != nullptr && hi != nullptr);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 20000);
        const rope::CosineSumEnvelope env =
            rope::cosineSumEnvelope(theta, 0, 16384, static_cast<long long>(lo->x.size()));
        for (Eigen::Index k = 0; k < env.minimum.size(); ++k) {
            QCOMPARE(lo->y[k], env.minimum[k]);
            QCOMPARE(hi->y[k], env.maximum[k]);
        }
        const std::optional<long long> first = rope::firstNegativeDistance(theta, 16384);
        QCOMPARE(readout(data, QStringLiteral("first m with f(m) < 0")),
                 first ? static_cast<double>(*first) : -1.0);
    }

    void baseBoundWithoutBStarShowsTheBoundNotNaN() {
        // d = 2: θ_0 = 1 for every base and cos 2 < 0, so no base keeps f ≥ 0 once m = 2 is
        // checked (L ≥ 3; core/base_bound.h). The readout then names the bound that was
        // searched, a finite number, instead of NaN ("n/a" on screen, "nan" in a CSV); the
        // GUI monkey found the NaN (seed 1795469018805).
        rope::RopeParams p;
        p.headDim = 2;
        p.context = 16;
        const rope::figures::Figure* figure = rope::figures::findFigure("base-bound");
        QVERIFY(figure != nullptr);
        const FigureData data =
            rope::figures::figureData(*figure, p,
                                      {{QStringLiteral("view"), QStringLiteral("cosine-sum")},
                                       {QStringLiteral("min-base"), true}});
        bool named = false;
        for (const auto& r : data.readouts) {
            QVERIFY2(std::isfinite(r.value), qPrintable(r.label));
            if (r.label.startsWith(QStringLiteral("no b* for L"))) {
                named = true;
                QCOMPARE(r.value, rope::limits::kMaxBase);
            }
        }
        QVERIFY(named);
    }

    void landscapeWithoutBStarShowsTheBoundNotNaN_data() {
        QTest::addColumn<long long>("context");
        QTest::addColumn<QString>("bStarLabel");
        QTest::addColumn<double>("bStar");
        QTest::addColumn<QString>("bTLabel");
        QTest::addColumn<double>("bT");
        // d = 2, L = 16: θ_0 = 1 for every base and cos 2 < 0, so no base up to the search's
        // limit is feasible (as above), and no threshold either.
        QTest::newRow("d=2 L=16") << 16LL << "no b* for L" << rope::limits::kMaxBase << "no b_T"
                                  << rope::limits::kMaxBase;
        // L = 2: only m = 0 and 1 are checked, f_b(1) = cos 1 + … > 0 for every b > 1, so the
        // infimum 1 is the answer for both (core/base_bound.h).
        QTest::newRow("d=2 L=2") << 2LL << "b*: every base above 1" << 1.0
                                 << "b_T: every base above 1" << 1.0;
    }
    void landscapeWithoutBStarShowsTheBoundNotNaN() {
        // The landscape view's readouts said "b* not computed: " / "b_T: " with the value NaN
        // ("n/a" on screen, "nan" in a CSV) when the search found no base or returned the
        // infimum 1; the GUI monkey found it (seed 20261123, action 444).
        QFETCH(long long, context);
        QFETCH(QString, bStarLabel);
        QFETCH(double, bStar);
        QFETCH(QString, bTLabel);
        QFETCH(double, bT);
        rope::RopeParams p;
        p.headDim = 2;
        p.context = context;
        const rope::figures::Figure* figure = rope::figures::findFigure("base-bound");
        QVERIFY(figure != nullptr);
        const FigureData data = rope::figures::figureData(
            *figure, p, {{QStringLiteral("view"), QStringLiteral("landscape")}});
        int named = 0;
        for (const auto& r : data.readouts) {
            QVERIFY2(std::isfinite(r.value), qPrintable(r.label));
            if (r.label.startsWith(bStarLabel)) {
                ++named;
                QCOMPARE(r.value, bStar);
            }
            if (r.label.startsWith(bTLabel)) {
                ++named;
                QCOMPARE(r.value, bT);
            }
        }
        QCOMPARE(named, 2);
    }

    // --- extension -----------------------------------------------------------------------

    void extensionClassifiesPairs_data() {
        QTest::addColumn<QString>("method");
        QTest::newRow("default") << "default";
        QTest::newRow("linear") << "linear";
        QTest::newRow("llama3") << "llama3";
    }
    void extensionClassifiesPairs() {
        QFETCH(QString, method);
        rope::RopeParams p;
        p.base = 5e5;
        p.context = 65536;
        p.scaling.method = rope::scalingMethod(method.toStdString()).kind;
        p.scaling.factor = method == QLatin1String("default") ? 1.0 : 8.0;
        p.scaling.originalContext = 8192;
        rope::test::FigureFixture f("extension", p);
        const FigureData& data = f.data();
        const auto count = [&data](const char16_t* id) {
            const Series* s = seriesById(data, id);
            return s == nullptr ? 0 : static_cast<int>(s->x.size());
        };
        const int kept = count(u"kept");
        const int interpolated = count(u"interpolated");
        const int blended = count(u"blended");
        if (method == QLatin1String("default")) {
            // No method: nothing was kept, interpolated or blended, so no pair is labelled.
            QCOMPARE(kept + interpolated + blended, 0);
            return;
        }
        QCOMPARE(kept + interpolated + blended, 64);
        if (method == QLatin1String("linear")) {
            QCOMPARE(interpolated, 64);
        } else {
            // Llama 3.1 rule (low 1, high 4): λ < L₀/4 kept, λ > L₀/1 divided by s.
            const Eigen::ArrayXd lambda = 2 * std::numbers::pi / ladder(128, 5e5);
            QCOMPARE(kept, static_cast<int>((lambda < 8192.0 / 4).count()));
            QCOMPARE(interpolated, static_cast<int>((lambda > 8192.0).count()));
        }
        QCOMPARE(readout(data, QStringLiteral("attention factor")),
                 rope::scaledFrequencies(p).attentionFactor);
    }

    void extensionHeatmapAndDecayViews() {
        rope::RopeParams p;
        p.context = 16384;
        p.headDim = 32;
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 4;
        rope::test::FigureFixture f("extension", p);
        ROPE_SET_OPTION(f, "view", QStringLiteral("heatmap"));
        {
            const FigureData& data = f.data();
            QVERIFY(data.colourMap.has_value());
            const rope::figures::ColourMap& map = *data.colourMap;
            QCOMPARE(map.columns, 33);
            rope::RopeParams original = p;
            original.scaling = rope::ScalingParams{};
            const Eigen::ArrayXXd before =
                rope::phaseHeatmap(rope::scaledFrequencies(original).invFreq, 0, 16383, map.rows,
                                   rope::PhaseQuantity::Cos);
            const Eigen::ArrayXXd after = rope::phaseHeatmap(
                rope::scaledFrequencies(p).invFreq, 0, 16383, map.rows, rope::PhaseQuantity::Cos);
            QCOMPARE(static_cast<int>(before.rows()), map.rows);
            for (int r = 0; r < map.rows; ++r) {
                for (int c = 0; c < 16; ++c) {
                    QCOMPARE(map.values[static_cast<std::size_t>(r * 33 + c)], before(r, c));
                    QCOMPARE(map.values[static_cast<std::size_t>(r * 33 + 17 + c)], after(r, c));
                }
                QVERIFY(std::isnan(map.values[static_cast<std::size_t>(r * 33 + 16)]));
            }
        }
        ROPE_SET_OPTION(f, "view", QStringLiteral("decay"));
        {
            const FigureData& data = f.data();
            const Series* scaled = seriesById(data, u"scaled");
            QVERIFY(scaled != nullptr);
            QCOMPARE(scaled->name, QStringLiteral("with linear (s = 4)"));
            const rope::figures::CurveEnvelope env = rope::figures::decayEnvelope(
                QStringLiteral("mean-cosine"), rope::scaledFrequencies(p).invFreq, 16384,
                static_cast<long long>(scaled->x.size()));
            for (Eigen::Index k = 0; k < env.mean.size(); ++k) {
                QCOMPARE(scaled->y[static_cast<std::size_t>(k)], env.mean[k]);
            }
        }
    }

    // --- identity ------------------------------------------------------------------------

    void identityMatricesSideBySide() {
        rope::RopeParams p;
        p.headDim = 16;
        p.m = 1234;
        p.n = 77;
        rope::test::FigureFixture f("identity", p);
        const FigureData& data = f.data();
        QVERIFY(data.colourMap.has_value());
        const rope::figures::ColourMap& map = *data.colourMap;
        QCOMPARE(map.columns, 33);
        QCOMPARE(map.rows, 16);
        // Independent: R_(n−m) has cos((n−m)θ_i) on the diagonal of block i and
        // R_mᵀR_n equals it (to rounding).
        const Eigen::ArrayXd theta = ladder(16, 1e4);
        for (int i = 0; i < 8; ++i) {
            const double c = static_cast<double>(cosl((77.0L - 1234.0L) * theta[i]));
            const double s = static_cast<double>(sinl((77.0L - 1234.0L) * theta[i]));
            const auto at = [&map](int r, int col) {
                return map.values[static_cast<std::size_t>(r * 33 + col)];
            };
            QVERIFY(std::abs(at(2 * i, 17 + 2 * i) - c) < 1e-12);
            QVERIFY(std::abs(at(2 * i + 1, 17 + 2 * i) - s) < 1e-12);
            QVERIFY(std::abs(at(2 * i, 2 * i) - c) < 1e-11);
            QVERIFY(std::isnan(at(2 * i, 16)));
        }
        const Eigen::ArrayXd coreTheta = rope::scaledFrequencies(p).invFreq;
        QCOMPARE(data.readouts.at(0).value, rope::relativityResidual(coreTheta, 1234, 77));
    }

    void identityComplexViewScore_data() {
        QTest::addColumn<int>("pair");
        QTest::newRow("pair 0") << 0;
        QTest::newRow("pair 5") << 5;
    }
    void identityComplexViewScore() {
        QFETCH(int, pair);
        rope::RopeParams p;
        p.headDim = 16;
        p.m = 40;
        p.n = 45;
        rope::test::FigureFixture f("identity", p);
        ROPE_SET_OPTION(f, "view", QStringLiteral("complex"));
        ROPE_SET_OPTION(f, "pair", pair == 0 ? 1 : 0);
        ROPE_SET_OPTION(f, "pair", pair);
        const FigureData& data = f.data();
        // Independent: Re[conj(q e^{imθ}) · k e^{inθ}] = Re[conj(q) k e^{i(n−m)θ}] in long double.
        const Eigen::ArrayXd q = rope::seededUniformVector(16, 1);
        const Eigen::ArrayXd k = rope::seededUniformVector(16, 2);
        const long double a = 5.0L * ladder(16, 1e4)[pair];
        const long double qr = q[2 * pair], qi = q[2 * pair + 1], kr = k[2 * pair],
                          ki = k[2 * pair + 1];
        // conj(q)·k = (qr kr + qi ki) + i(qr ki − qi kr)
        const long double expected = (qr * kr + qi * ki) * cosl(a) - (qr * ki - qi * kr) * sinl(a);
        QVERIFY(std::abs(data.readouts.at(0).value - static_cast<double>(expected)) < 1e-14);
        QCOMPARE(data.readouts.at(1).value,
                 rope::attentionScore(q, k, rope::scaledFrequencies(p).invFreq, 40, 45,
                                      rope::Layout::Interleaved));
        // The trace is q_i rotated through positions 0 … 45: all on one circle.
        const Series* trace = seriesById(data, u"q-trace");
        QVERIFY(trace != nullptr);
        QCOMPARE(trace->name, QStringLiteral("qᵢ·exp(i tθᵢ), t = 0 … 45"));
        QCOMPARE(trace->x.size(), std::size_t{46});
        const double r = std::hypot(q[2 * pair], q[2 * pair + 1]);
        for (std::size_t j = 0; j < trace->x.size(); ++j) {
            QVERIFY(std::abs(std::hypot(trace->x[j], trace->y[j]) - r) < 1e-14);
        }
    }
};

QTEST_MAIN(TestLongContextFigureData)
#include "tst_long_context_figure_data.moc"
