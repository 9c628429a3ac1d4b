// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The research overlays as drawn: Liu et al.'s critical dimension on the heatmaps and the
// wavelength chart, FoPE's zeroed pairs, Men et al.'s fit beside b*(L, 128). Expected values:
// the paper's d_extra = 92 for Llama 2 (d = 128, b = 10⁴, T = 4096) and closed forms worked by
// hand or recomputed here in long double (pair i has λ = 2π·10⁴^(2i/128) > 4096 ⇔ i > 45.03).
#include "core/rope_params.h"
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"

#include <QTest>

#include <cmath>

using namespace rope::figures;
using rope::test::seriesById;

namespace {

FigureData draw(const char* panel, const rope::RopeParams& params, const FigureOptions& options) {
    const Figure* figure = findFigure(panel);
    Q_ASSERT(figure != nullptr);
    return figureData(*figure, params, options);
}

const Readout* readoutStarting(const FigureData& data, const QString& prefix) {
    for (const Readout& r : data.readouts) {
        if (r.label.startsWith(prefix)) {
            return &r;
        }
    }
    return nullptr;
}

rope::RopeParams llama2() {
    rope::RopeParams p;
    p.headDim = 128;
    p.base = 1e4;
    p.context = 4096;
    p.scaling.originalContext = 4096;
    return p;
}

} // namespace

class TestResearchOverlays : public QObject {
    Q_OBJECT

private slots:
    void heatmapMarksTheCriticalDimensionOfLlama2() {
        const FigureData data = draw("heatmap", llama2(), {});
        const Series* line = seriesById(data, u"critical-dimension");
        QVERIFY(line != nullptr);
        // 92 dimensions = pairs 0 … 45: the boundary lies between columns 45 and 46.
        QCOMPARE(line->x, (std::vector<double>{45.5, 45.5}));
        const Readout* r = readoutStarting(data, QStringLiteral("critical dimension"));
        QVERIFY(r != nullptr);
        QCOMPARE(r->value, 92.0);
        const Readout* turning = readoutStarting(data, QStringLiteral("pairs turning fully"));
        QVERIFY(turning != nullptr);
        QCOMPARE(turning->value, 46.0);
        bool labelled = false;
        for (const TextLabel& l : data.labels) {
            // Named beside the line, right of it first: over the slow pairs (a calm dark
            // orange near m = 0).
            labelled = labelled || (l.text == QStringLiteral("d_extra = 92") && l.x == 45.5 &&
                                    l.place == rope::figures::LabelPlace::Beside &&
                                    l.side == Qt::AlignRight);
        }
        QVERIFY(labelled);
    }

    void heatmapOverlayCanBeHiddenAndNeedsThePlainLadder() {
        FigureOptions off;
        off.insert(QStringLiteral("critical-dim"), false);
        QVERIFY(seriesById(draw("heatmap", llama2(), off), u"critical-dimension") == nullptr);
        rope::RopeParams scaled = llama2();
        scaled.scaling.method = rope::ScalingKind::Linear;
        scaled.scaling.factor = 4;
        const FigureData data = draw("heatmap", scaled, {});
        QVERIFY(seriesById(data, u"critical-dimension") == nullptr);
        const Readout* r = readoutStarting(data, QStringLiteral("critical dimension"));
        QVERIFY(r != nullptr && !r->text.isEmpty());
    }

    void wavelengthChartMarksCriticalDimensionAndFope() {
        rope::RopeParams p = llama2();
        p.context = 16384;
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 4;
        const FigureData data = draw("extension", p, {});
        const Series* line = seriesById(data, u"critical-dimension");
        QVERIFY(line != nullptr);
        QCOMPARE(line->x.front(), 45.5);
        const Series* fope = seriesById(data, u"fope-zeroed");
        QVERIFY(fope != nullptr);
        // θ < 2π/4096 ⇔ λ > 4096: pairs 46 … 63, at their original wavelengths.
        QCOMPARE(fope->x.size(), std::size_t{18});
        QCOMPARE(fope->x.front(), 46.0);
        QCOMPARE(fope->x.back(), 63.0);
        for (std::size_t k = 0; k < fope->x.size(); ++k) {
            const long double lambda =
                2 * 3.141592653589793238462643383279L *
                std::pow(10000.0L, 2.0L * static_cast<long double>(fope->x[k]) / 128.0L);
            QVERIFY(std::abs(fope->y[k] / static_cast<double>(lambda) - 1) < 1e-12);
            QVERIFY(fope->y[k] > 4096);
        }
        const Readout* count = readoutStarting(data, QStringLiteral("pairs FoPE zeroes"));
        QVERIFY(count != nullptr);
        QCOMPARE(count->value, 18.0);
        FigureOptions off;
        off.insert(QStringLiteral("fope"), false);
        off.insert(QStringLiteral("critical-dim"), false);
        const FigureData bare = draw("extension", p, off);
        QVERIFY(seriesById(bare, u"fope-zeroed") == nullptr);
        QVERIFY(seriesById(bare, u"critical-dimension") == nullptr);
    }

    void extensionHeatmapMarksTheOriginalImage() {
        rope::RopeParams p = llama2();
        p.context = 8192;
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 2;
        FigureOptions options;
        options.insert(QStringLiteral("view"), QStringLiteral("heatmap"));
        const FigureData data = draw("extension", p, options);
        const Series* line = seriesById(data, u"critical-dimension");
        QVERIFY(line != nullptr);
        QCOMPARE(line->x.front(), 45.5); // left image: columns 0 … 63
    }

    void menFitBesideTheExactBases() {
        const FigureData data = draw("base-bound", llama2(), {});
        const Series* fit = seriesById(data, u"men-fit");
        const Series* exact = seriesById(data, u"b-star-d128");
        QVERIFY(fit != nullptr && exact != nullptr);
        QCOMPARE(fit->x.front(), exact->x.front());
        QCOMPARE(fit->x.back(), exact->x.back());
        for (std::size_t k = 0; k < fit->x.size(); ++k) {
            const long double expected =
                0.0424L * std::pow(static_cast<long double>(fit->x[k]), 1.628L);
            QVERIFY(std::abs(fit->y[k] / static_cast<double>(expected) - 1) < 1e-12);
        }
        // The readout names the L where |ln(fit/exact)| is largest and gives fit/exact there.
        long double worst = -1;
        double at = 0;
        double ratio = 0;
        for (std::size_t k = 0; k < exact->x.size(); ++k) {
            const long double r =
                0.0424L * std::pow(static_cast<long double>(exact->x[k]), 1.628L) / exact->y[k];
            if (std::abs(std::log(r)) > worst) {
                worst = std::abs(std::log(r));
                at = exact->x[k];
                ratio = static_cast<double>(r);
            }
        }
        const Readout* off = readoutStarting(data, QStringLiteral("Men et al.'s fit"));
        QVERIFY(off != nullptr);
        QVERIFY2(off->label.endsWith(formatNumber(at)), qPrintable(off->label));
        QVERIFY(std::abs(off->value / ratio - 1) < 1e-12);
        FigureOptions hidden;
        hidden.insert(QStringLiteral("men-fit"), false);
        QVERIFY(seriesById(draw("base-bound", llama2(), hidden), u"men-fit") == nullptr);
    }
};

QTEST_MAIN(TestResearchOverlays)
#include "tst_research_overlays.moc"
