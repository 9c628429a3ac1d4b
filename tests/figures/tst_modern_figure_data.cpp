// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "figures/figure_registry.h"
#include "tests/core/reference/modern_reference.h"
#include "tests/figures/figure_test_support.h"

#include <QTest>

#include <cmath>
#include <numbers>

// What is checked: the figure data of the M-RoPE and KV-cache panels and p-RoPE's unrotated
// pairs in the heatmap and extension panels, computed with figureData() and found by series id.
// Independent expected values: tests/core/reference/modern_reference.py (NumPy, following
// transformers: get_rope_index, the mrope section rules, dynamic NTK with explicit rotate_half
// rotations) and long-double closed forms θᵢ = b^(−2i/d). The layer strip and the window are
// tested in tests/ui/tst_modern_panels.cpp.
namespace {

namespace ref = rope::reference::modern;
using rope::figures::FigureData;
using rope::figures::FigureOptions;
using rope::figures::Series;
using rope::test::readout;
using rope::test::seriesById;

FigureData compute(const char* id, const rope::RopeParams& params, const FigureOptions& options) {
    const rope::figures::Figure* figure = rope::figures::findFigure(id);
    Q_ASSERT(figure != nullptr);
    return rope::figures::figureData(*figure, params, options);
}

} // namespace

class TestModernFigureData : public QObject {
    Q_OBJECT

private slots:
    void kvCacheScoresAreTheReference_data() {
        QTest::addColumn<int>("index");
        for (int k = 0; k < static_cast<int>(ref::kvCases().size()); ++k) {
            QTest::addRow("case-%d", k) << k;
        }
    }
    void kvCacheScoresAreTheReference() {
        QFETCH(int, index);
        const ref::KvCase& c = ref::kvCases()[static_cast<std::size_t>(index)];
        rope::RopeParams p; // d 128, b 1e4
        p.scaling.originalContext = 4096;
        const FigureData data = compute("kv-cache", p,
                                        {{QStringLiteral("factor"), 4.0},
                                         {QStringLiteral("cached-len"), c.cachedLen},
                                         {QStringLiteral("key-pos"), c.kPos},
                                         {QStringLiteral("query-pos"), c.qPos},
                                         {QStringLiteral("max-len"), c.seqLen}});
        const Series* consistent = seriesById(data, u"re-rotated");
        const Series* cached = seriesById(data, u"cached");
        QVERIFY(consistent != nullptr && cached != nullptr);
        // The last sample is the sequence length of the reference case.
        QCOMPARE(consistent->x.back(), static_cast<double>(c.seqLen));
        QVERIFY(std::abs(consistent->y.back() - c.consistent) < 1e-12);
        QVERIFY(std::abs(cached->y.back() - c.cachedKey) < 1e-12);
    }

    void kvCacheMismatchStartsWhenTheSequenceCrossesL0() {
        // θ(L) = θ(C) while L ≤ L₀ (dynamic NTK only rescales beyond L₀), so the two scores
        // agree exactly there and part after it.
        rope::RopeParams p;
        p.scaling.originalContext = 4096;
        const FigureData data = compute("kv-cache", p,
                                        {{QStringLiteral("cached-len"), 1024},
                                         {QStringLiteral("key-pos"), 1000},
                                         {QStringLiteral("max-len"), 16384}});
        const Series* gap = seriesById(data, u"mismatch");
        QVERIFY(gap != nullptr);
        double before = 0.0;
        double after = 0.0;
        for (std::size_t k = 0; k < gap->x.size(); ++k) {
            (gap->x[k] <= 4096 ? before : after) =
                std::max(gap->x[k] <= 4096 ? before : after, std::abs(gap->y[k]));
        }
        QCOMPARE(before, 0.0);
        QVERIFY2(after > 1e-2, qPrintable(QString::number(after)));
    }

    void mropePositionsAndAxesAreTheReference_data() {
        QTest::addColumn<QString>("layout");
        QTest::newRow("qwen2-vl") << QStringLiteral("blocks");
        QTest::newRow("qwen3-vl") << QStringLiteral("interleaved");
    }
    void mropePositionsAndAxesAreTheReference() {
        QFETCH(QString, layout);
        const bool qwen3 = layout == QLatin1String("interleaved");
        rope::RopeParams p; // d 128: 64 pairs = 16 + 24 + 24 = 24 + 20 + 20
        // modern_reference.py's layout: text 5, image 1×4×6, text 3, video 3×2×2, text 2.
        const FigureData data =
            compute("mrope", p,
                    {{QStringLiteral("layout"), layout},
                     {QStringLiteral("tokens"),
                      QStringLiteral("text:5,image:1x4x6,text:3,video:3x2x2,text:2")},
                     {QStringLiteral("query"), 40},
                     {QStringLiteral("key"), 7}});
        const std::vector<long long>* rows[3] = {
            qwen3 ? &ref::qwen3vlPositionsT() : &ref::qwen2vlPositionsT(),
            qwen3 ? &ref::qwen3vlPositionsH() : &ref::qwen2vlPositionsH(),
            qwen3 ? &ref::qwen3vlPositionsW() : &ref::qwen2vlPositionsW()};
        const char16_t* ids[3] = {u"temporal-row", u"height-row", u"width-row"};
        for (int a = 0; a < 3; ++a) {
            const Series* s = seriesById(data, ids[a]);
            QVERIFY(s != nullptr);
            QCOMPARE(s->y.size(), rows[a]->size());
            for (std::size_t t = 0; t < s->y.size(); ++t) {
                QCOMPARE(s->y[t], static_cast<double>((*rows[a])[t]));
            }
        }
        const std::vector<int>& axis = qwen3 ? ref::qwen3vlAxisOfPair() : ref::qwen2vlAxisOfPair();
        QVERIFY(data.side.has_value());
        int seen = 0;
        for (const Series& s : data.side->series) {
            for (std::size_t k = 0; k < s.x.size(); ++k) {
                QCOMPARE(static_cast<double>(axis[static_cast<std::size_t>(s.x[k])]), s.y[k]);
                ++seen;
            }
        }
        QCOMPARE(seen, 64);
        // Relative identity per axis: (1/64)Σ cos(Δ_{a(j)} θ_j), Δ from the reference rows.
        long double expected = 0.0L;
        for (int j = 0; j < 64; ++j) {
            const auto* row = rows[axis[static_cast<std::size_t>(j)]];
            const long double delta = static_cast<long double>((*row)[40] - (*row)[7]);
            expected += cosl(delta * powl(10000.0L, -2.0L * j / 128.0L));
        }
        expected /= 64.0L;
        QVERIFY(std::abs(readout(data, QStringLiteral("score from absolute")) -
                         static_cast<double>(expected)) < 1e-12);
        QVERIFY(std::abs(readout(data, QStringLiteral("score from Δ")) -
                         static_cast<double>(expected)) < 1e-12);
    }

    void mropeDefaultSectionKeepsTheModelsProportions_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QList<int>>("counts");
        // d = 64 (32 pairs): 16:24:24 → 8:12:12, 24:20:20 → 12:10:10.
        QTest::newRow("qwen2-vl") << QStringLiteral("blocks") << QList<int>{8, 12, 12};
        QTest::newRow("qwen3-vl") << QStringLiteral("interleaved") << QList<int>{12, 10, 10};
    }
    void mropeDefaultSectionKeepsTheModelsProportions() {
        QFETCH(QString, layout);
        QFETCH(QList<int>, counts);
        rope::RopeParams p;
        p.headDim = 64;
        const FigureData data = compute("mrope", p, {{QStringLiteral("layout"), layout}});
        QVERIFY(data.side.has_value());
        QList<int> seen{0, 0, 0};
        for (const Series& s : data.side->series) {
            for (double axis : s.y) {
                ++seen[static_cast<int>(axis)];
            }
        }
        QCOMPARE(seen, counts);
    }

    // Position-id ticks at a round step (1, 2, 5 × 10ᵏ), at most about eight. By hand: 40 text
    // tokens take ids 0…39, a 1×16×16 image t = 40 and h, w = 40…55, the 30 text tokens after
    // it 56…85; the largest id 85 needs a step ≥ 85/8 ≈ 10.6: 20 (not 11: 0, 11, 22, …).
    void mropeTicksAtARoundStep() {
        rope::RopeParams p;
        const FigureData data = compute(
            "mrope", p, {{QStringLiteral("tokens"), QStringLiteral("text:40,image:1x16x16,text:30")}});
        std::vector<double> at;
        for (const auto& t : data.yTicks) {
            at.push_back(t.at);
        }
        QCOMPARE(at, (std::vector<double>{0, 20, 40, 60, 80}));
        // The default sequence's largest id is 15 (the panel's caption example): step 2.
        const FigureData small = compute("mrope", p, {});
        QCOMPARE(small.yTicks.size(), std::size_t{8});
        QCOMPARE(small.yTicks[1].at, 2.0);
    }

    void mropeRejectsABadTokenSpecByName() {
        rope::RopeParams p;
        try {
            compute("mrope", p, {{QStringLiteral("tokens"), QStringLiteral("text:3,picture:2")}});
            QFAIL("no error");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("tokens"));
        }
        try {
            compute("mrope", p, {{QStringLiteral("section"), QStringLiteral("16,24,20")}});
            QFAIL("no error");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("mrope-section"));
        }
    }

    void pRopeUnrotatedPairsAreDrawnNotRefused() {
        // p-RoPE with d = 128 rotating 32 dimensions: pairs 0…15 turn with θᵢ = b^(−2i/128)/s,
        // pairs 16…63 have θ = 0 (HF _compute_proportional_rope_parameters).
        rope::RopeParams p;
        p.rotaryDim = 32;
        p.scaling.method = rope::ScalingKind::Proportional;
        p.scaling.factor = 2.0;
        const FigureData heat = compute("heatmap", p, {{QStringLiteral("periods"), true}});
        QCOMPARE(readout(heat, QStringLiteral("pairs not rotated")), 48.0);
        QVERIFY(heat.colourMap.has_value());
        QCOMPARE(heat.colourMap->columns, 64);
        for (int row = 0; row < heat.colourMap->rows; ++row) {
            for (int c = 16; c < 64; ++c) {
                QCOMPARE(heat.colourMap->values[static_cast<std::size_t>(row * 64 + c)], 1.0);
            }
        }
        QCOMPARE(heat.series.front().x.size(), std::size_t{16});

        const FigureData ext = compute("extension", p, {});
        QCOMPARE(readout(ext, QStringLiteral("pairs not rotated")), 48.0);
        const Series* original = seriesById(ext, u"original");
        const Series* after = seriesById(ext, u"scaled");
        QVERIFY(original != nullptr && after != nullptr);
        QCOMPARE(original->x.size(), std::size_t{64});
        QCOMPARE(after->x.size(), std::size_t{16});
        for (int i = 0; i < 16; ++i) {
            const long double lambda =
                2.0L * std::numbers::pi_v<long double> * powl(10000.0L, 2.0L * i / 128.0L) * 2.0L;
            QVERIFY(std::abs(after->y[static_cast<std::size_t>(i)] / static_cast<double>(lambda) -
                             1.0) < 1e-12);
        }
        const FigureData heatView =
            compute("extension", p, {{QStringLiteral("view"), QStringLiteral("heatmap")}});
        QVERIFY(heatView.colourMap.has_value());
    }
};

QTEST_MAIN(TestModernFigureData)
#include "tst_modern_figure_data.moc"
