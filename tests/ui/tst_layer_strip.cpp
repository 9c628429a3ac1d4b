// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The layer strip's Σcos verdicts run off the GUI thread: setLayers() returns with the verdicts
// pending (they can only arrive through the event loop), they arrive one layer kind at a time,
// and they equal core's layerBaseChecks() over the whole model, the computation the strip ran on
// the GUI thread before. A newer model cancels the scans of the last: none of its verdicts is
// shown. These test the mechanism, not a duration.

#include "core/model_layers.h"
#include "ui/compute_pool.h"
#include "ui/explorer_state.h"
#include "ui/layer_strip.h"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>
#include <QToolButton>

#include <vector>

using rope::AttentionKind;
using rope::LayerRope;
using rope::ui::LayerStrip;

namespace {

constexpr int kWaitMs = 120000;

rope::RopeParams headParams(double base) {
    rope::RopeParams p;
    p.headDim = 128;
    p.base = base;
    return p;
}

// Gemma-3-like: five sliding layers (b = 1e4, window 4096) to one global layer (b = 1e6) over a
// context of 2^20 tokens, every eighth layer without RoPE, 48 layers in all: three kinds.
std::vector<LayerRope> longContextModel() {
    std::vector<LayerRope> layers(48);
    for (int i = 0; i < 48; ++i) {
        LayerRope& l = layers[static_cast<std::size_t>(i)];
        if ((i + 1) % 6 == 0) {
            l.type = "full_attention";
            l.params = headParams(1e6);
            l.attention = AttentionKind::Full;
            l.maxDistance = (1LL << 20) - 1;
        } else {
            l.type = "sliding_attention";
            l.params = headParams(1e4);
            l.attention = AttentionKind::Sliding;
            l.window = 4096;
            l.maxDistance = 4095;
        }
        if ((i + 1) % 8 == 0) {
            l.rope = false;
        }
    }
    return layers;
}

// A small mixed model: two sliding kinds differing in their window.
std::vector<LayerRope> smallModel() {
    std::vector<LayerRope> layers(4);
    for (int i = 0; i < 4; ++i) {
        LayerRope& l = layers[static_cast<std::size_t>(i)];
        l.type = "sliding_attention";
        l.params = headParams(5e5);
        l.attention = AttentionKind::Sliding;
        l.window = i % 2 == 0 ? 512 : 1024;
        l.maxDistance = l.window - 1;
    }
    return layers;
}

std::vector<rope::LayerBaseCheck> coreChecks(const std::vector<LayerRope>& layers) {
    rope::LayerBaseCheckOptions options;
    options.minBaseWorkCap = 0.0; // what the strip asks for: the Σcos verdict only
    return rope::layerBaseChecks(layers, rope::layerFrequencies(layers), options);
}

} // namespace

class TestLayerStrip : public QObject {
    Q_OBJECT

private:
    static void verifyEqualsCore(const LayerStrip& strip, const std::vector<LayerRope>& layers) {
        const std::vector<rope::LayerBaseCheck> expected = coreChecks(layers);
        QCOMPARE(strip.layers().size(), layers.size());
        for (int i = 0; i < static_cast<int>(layers.size()); ++i) {
            const rope::LayerBaseCheck& e = expected[static_cast<std::size_t>(i)];
            const rope::LayerBaseCheck* c = strip.check(i);
            QVERIFY2(c != nullptr, qPrintable(QStringLiteral("layer %1").arg(i)));
            QCOMPARE(c->checked, e.checked);
            QCOMPARE(c->firstNegativeSumCos, e.firstNegativeSumCos);
            QCOMPARE(c->context, e.context);
            QCOMPARE(c->dim, e.dim);
            QCOMPARE(c->minBaseStatus, e.minBaseStatus);
            QCOMPARE(c->baseSuffices, e.baseSuffices);
            QCOMPARE(c->reason, e.reason);
            QVERIFY(!strip.cellText(i).endsWith(QStringLiteral("…")));
        }
    }

private slots:
    void longModelReturnsBeforeItsVerdicts() {
        rope::ui::ExplorerState state;
        LayerStrip strip(state);
        const std::vector<LayerRope> layers = longContextModel();
        // What each update shows: how many layers have a verdict, and whether still pending.
        QList<int> arrivedAtUpdate;
        QList<bool> pendingAtUpdate;
        QList<int> totals;
        connect(&strip, &LayerStrip::checksUpdated, this, [&](int, int total) {
            int arrived = 0;
            for (int i = 0; i < static_cast<int>(layers.size()); ++i) {
                arrived += strip.check(i) != nullptr ? 1 : 0;
            }
            arrivedAtUpdate << arrived;
            pendingAtUpdate << strip.checksPending();
            totals << total;
        });
        QSignalSpy ready(&strip, &LayerStrip::checksReady);

        strip.setLayers(layers);
        // Returned, and the window can draw the strip: cells exist, no verdict yet.
        QVERIFY(strip.isMixed());
        QVERIFY(strip.checksPending());
        for (int i = 0; i < static_cast<int>(layers.size()); ++i) {
            QVERIFY(strip.check(i) == nullptr);
            QVERIFY(strip.cellText(i).endsWith(QStringLiteral("…")));
            // A NoPE layer's description has no Σcos part to wait for.
            QCOMPARE(strip.describe(i).contains(QStringLiteral("running")),
                     layers[static_cast<std::size_t>(i)].rope);
        }
        auto* cell = strip.findChild<QToolButton*>(QStringLiteral("layer-5"));
        QVERIFY(cell != nullptr);
        QVERIFY(cell->text().endsWith(QStringLiteral("…")));

        QVERIFY(ready.wait(kWaitMs));
        QVERIFY(!strip.checksPending());
        verifyEqualsCore(strip, layers);
        QVERIFY(!cell->text().endsWith(QStringLiteral("…")));
        // Three kinds (sliding, global, NoPE), each arriving once, the earlier ones partial.
        QCOMPARE(totals, (QList<int>{3, 3, 3}));
        QCOMPARE(pendingAtUpdate, (QList<bool>{true, true, true}));
        QCOMPARE(arrivedAtUpdate.size(), 3);
        QVERIFY(arrivedAtUpdate[0] > 0 && arrivedAtUpdate[0] < arrivedAtUpdate[1] &&
                arrivedAtUpdate[1] < arrivedAtUpdate[2]);
        QCOMPARE(arrivedAtUpdate[2], 48);
    }

    void newerLayersCancelTheRunningScans() {
        rope::ui::ExplorerState state;
        LayerStrip strip(state);
        QList<int> totals;
        connect(&strip, &LayerStrip::checksUpdated, this, [&](int, int total) { totals << total; });
        QSignalSpy ready(&strip, &LayerStrip::checksReady);
        strip.setLayers(longContextModel());
        // No event is processed in between: whatever the first scan found is dropped.
        const std::vector<LayerRope> small = smallModel();
        strip.setLayers(small);
        QVERIFY(strip.checksPending());
        QVERIFY(ready.wait(kWaitMs));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(totals, (QList<int>{2, 2})); // the small model's two kinds only
        verifyEqualsCore(strip, small);
    }

    void uniformModelRunsNoScan() {
        rope::ui::ExplorerState state;
        LayerStrip strip(state);
        std::vector<LayerRope> uniform(3);
        for (LayerRope& l : uniform) {
            l.params = headParams(1e4);
            l.maxDistance = 4095;
        }
        strip.setLayers(uniform);
        QVERIFY(!strip.isMixed());
        QVERIFY(!strip.checksPending());
        QVERIFY(strip.check(0) == nullptr);
    }

    void closingTheStripWhilePendingIsSafe() {
        rope::ui::ExplorerState state;
        auto* strip = new LayerStrip(state);
        strip->setLayers(longContextModel());
        QVERIFY(strip->checksPending());
        delete strip;
        // The scan stops at its next layer kind; its results have nowhere to go.
        QVERIFY(rope::ui::computePool().waitForDone(kWaitMs));
        QCoreApplication::processEvents();
    }
};

QTEST_MAIN(TestLayerStrip)
#include "tst_layer_strip.moc"
