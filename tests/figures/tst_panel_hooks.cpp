// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The registry rows' window hooks (Figure::modelOptions, layerOptions, folderOption,
// animationKey): what a panel takes from a loaded model, the layer strip, a model folder and
// the animation dialog, checked against the model written here by hand.

#include "figures/animation_sweep.h"
#include "figures/figure_registry.h"
#include "figures/layer_points.h"
#include "io/model_config.h"

#include <QTest>

using rope::figures::Figure;
using rope::figures::FigureOptions;

namespace {

const Figure& row(const char* id) {
    const Figure* f = rope::figures::findFigure(id);
    if (f == nullptr) {
        qFatal("no registry row %s", id);
    }
    return *f;
}

// Every key a hook writes is an option of the panel's table with a valid value (null values
// unset an option and are not checked).
void verifyKnownOptions(const Figure& figure, const FigureOptions& options) {
    FigureOptions set;
    for (auto it = options.begin(); it != options.end(); ++it) {
        QVERIFY2(rope::figures::findOption(figure.options(), it.key()) != nullptr,
                 qPrintable(it.key()));
        if (!it.value().isNull()) {
            set.insert(it.key(), it.value());
        }
    }
    const rope::figures::OptionCheck check =
        rope::figures::checkOptions(rope::figures::figureId(figure), figure.options(), set);
    QVERIFY2(check.problems.isEmpty(), qPrintable(check.problems.join(u'\n')));
}

rope::LayerRope layer(bool rope, double base, int dim, long long maxDistance) {
    rope::LayerRope l;
    l.rope = rope;
    l.params.base = base;
    l.params.headDim = dim;
    l.maxDistance = maxDistance;
    return l;
}

} // namespace

class TestPanelHooks : public QObject {
    Q_OBJECT

private slots:
    void mropeFollowsTheModelsSection() {
        const Figure& mrope = row("mrope");
        QVERIFY(mrope.modelOptions != nullptr);
        rope::io::ModelConfigResult model;
        model.mropeSection = {24, 20, 20};
        model.mropeInterleaved = true;
        const FigureOptions options = mrope.modelOptions(model, QStringLiteral("qwen3-vl.json"));
        QCOMPARE(options.value(QStringLiteral("layout")).toString(), QStringLiteral("interleaved"));
        QCOMPARE(options.value(QStringLiteral("section")).toString(), QStringLiteral("24,20,20"));
        verifyKnownOptions(mrope, options);
        model.mropeInterleaved = false;
        QCOMPARE(mrope.modelOptions(model, {}).value(QStringLiteral("layout")).toString(),
                 QStringLiteral("blocks"));
        // A model without M-RoPE leaves the panel's own choice alone.
        QVERIFY(mrope.modelOptions(rope::io::ModelConfigResult{}, {}).isEmpty());
    }

    void doctorGetsTheSource() {
        const Figure& doctor = row("doctor");
        QVERIFY(doctor.modelOptions != nullptr);
        const FigureOptions options =
            doctor.modelOptions(rope::io::ModelConfigResult{}, QStringLiteral("llama-3.1-8b"));
        QCOMPARE(options,
                 (FigureOptions{{QStringLiteral("model"), QStringLiteral("llama-3.1-8b")}}));
    }

    // Gemma 3 style: five sliding layers (window 4096: max distance 4095, b = 10⁴) per global
    // layer (max distance 131071, b = 10⁶), plus a NoPE layer and an unbounded one, which give
    // no point; repeated kinds give one point each.
    void baseBoundGetsOnePointPerBoundedRotatingKind() {
        const Figure& bound = row("base-bound");
        QVERIFY(bound.modelOptions != nullptr);
        rope::io::ModelConfigResult model;
        for (int k = 0; k < 2; ++k) {
            model.layers.push_back(layer(true, 1e4, 256, 4095));
            model.layers.push_back(layer(true, 1e6, 256, 131071));
        }
        model.layers.push_back(layer(false, 1e4, 256, 4095));
        model.layers.push_back(layer(true, 5e5, 128, -1));
        const FigureOptions options = bound.modelOptions(model, {});
        const std::vector<rope::figures::LayerPoint> points = rope::figures::parseLayerPoints(
            options.value(QStringLiteral("layer-points")).toString());
        QCOMPARE(points.size(), std::size_t(2));
        QCOMPARE(points[0].context, 4096LL);
        QCOMPARE(points[0].base, 1e4);
        QCOMPARE(points[0].dim, 256);
        QCOMPARE(points[1].context, 131072LL);
        QCOMPARE(points[1].base, 1e6);
        verifyKnownOptions(bound, options);
        // No layers: the option is cleared to no points.
        QCOMPARE(bound.modelOptions(rope::io::ModelConfigResult{}, {})
                     .value(QStringLiteral("layer-points"))
                     .toString(),
                 QString());
    }

    void extensionComparesWithTheOtherLayerKind() {
        const Figure& extension = row("extension");
        QVERIFY(extension.layerOptions != nullptr);
        rope::RopeParams global;
        global.base = 1e6;
        global.headDim = 256;
        global.scaling.method = rope::ScalingKind::Linear;
        global.scaling.factor = 8.0;
        FigureOptions options = extension.layerOptions(&global);
        QCOMPARE(options.value(QStringLiteral("compare-base")).toDouble(), 1e6);
        QCOMPARE(options.value(QStringLiteral("compare-factor")).toDouble(), 8.0);
        QCOMPARE(options.value(QStringLiteral("compare-rotary-dim")).toInt(), 256);
        verifyKnownOptions(extension, options);
        // Only linear scaling has a factor the view draws.
        global.scaling.method = rope::ScalingKind::Yarn;
        QVERIFY(extension.layerOptions(&global).value(QStringLiteral("compare-factor")).isNull());
        // No other kind: every comparison option is unset.
        options = extension.layerOptions(nullptr);
        QCOMPARE(options.size(), 3);
        for (const QVariant& v : options) {
            QVERIFY(v.isNull());
        }
    }

    // Every row's hooks name what its tables and the animation dialog know.
    void everyRowsHooksNameKnownKeys() {
        int animated = 0;
        int folders = 0;
        for (const Figure& f : rope::figures::allFigures()) {
            const QString id = rope::figures::figureId(f);
            if (!f.animationKey.empty()) {
                const QString key =
                    QString::fromLatin1(f.animationKey.data(), qsizetype(f.animationKey.size()));
                QVERIFY2(rope::figures::sweepKeys(f).contains(key), qPrintable(id + u' ' + key));
                ++animated;
            }
            if (!f.folderOption.empty()) {
                const QString key =
                    QString::fromLatin1(f.folderOption.data(), qsizetype(f.folderOption.size()));
                QVERIFY2(rope::figures::findOption(f.options(), key) != nullptr,
                         qPrintable(id + u' ' + key));
                ++folders;
            }
        }
        // rotation and identity sweep m, heatmap and extension the base; one panel takes a folder.
        QCOMPARE(animated, 4);
        QCOMPARE(folders, 1);
        QVERIFY(row("rotation").animationKey == "m");
        QVERIFY(row("heatmap").animationKey == "base");
    }
};

QTEST_GUILESS_MAIN(TestPanelHooks)
#include "tst_panel_hooks.moc"
