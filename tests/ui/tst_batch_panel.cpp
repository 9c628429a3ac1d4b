// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"
#include "figures/figure_registry.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"

#include <QComboBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

// The "batch" panel as a widget: its bars drawn on the plot, the deferred measurements (exact
// parts at once, old bars marked stale, one measurement after a drag, a cancel on a change)
// and the threads control's maximum. Its figure data (agreement readouts against the kernels
// applied here, closed-form byte and table sizes) is tested without widgets in
// tests/figures/tst_batch_figure_data.cpp. Timings are only checked to be finite and positive.
namespace {

using rope::ui::FigurePanel;

struct Fixture {
    rope::ui::ExplorerState state;
    std::unique_ptr<FigurePanel> panel;
    explicit Fixture(FigurePanel::Measuring measuring = FigurePanel::Measuring::Inline) {
        panel = std::make_unique<FigurePanel>(*rope::figures::findFigure("batch"), state);
        panel->setMode(FigurePanel::Mode::Sync);
        panel->setMeasuring(measuring);
        panel->resize(900, 600);
        panel->show();
        panel->refresh();
    }
    template <typename T> T* control(const char* name) const {
        return panel->findChild<T*>(QString::fromLatin1(name));
    }
    const rope::ui::FigureData& data() const { return panel->data(); }
    double readout(const QString& prefix) const {
        for (const rope::ui::Readout& r : data().readouts) {
            if (r.label.startsWith(prefix)) {
                return r.value;
            }
        }
        return NAN;
    }
};

long long closedFormBytes(long long seq, long long heads, long long dim) {
    return 2 * 4 * seq * (heads + heads) * dim + 8 * seq;
}

std::size_t barCount(const rope::ui::FigureData& data) {
    std::size_t bars = 0;
    for (const rope::ui::Series& s : data.series) {
        if (s.style == rope::ui::SeriesStyle::Bars) {
            bars += s.y.size();
        }
    }
    return bars;
}

// Every text of the figure that marks a value as measured for other inputs.
QStringList staleTexts(const rope::ui::FigureData& data) {
    QStringList found;
    const auto check = [&found](const QString& text) {
        if (text.contains(QStringLiteral(" (stale)")) ||
            text.contains(QStringLiteral("previous parameters")) ||
            text.contains(QStringLiteral("measuring…"))) {
            found << text;
        }
    };
    check(data.title);
    check(data.xLabel);
    for (const rope::ui::Series& s : data.series) {
        check(s.name);
    }
    for (const rope::ui::Readout& r : data.readouts) {
        check(r.label);
    }
    for (const rope::ui::TextLabel& l : data.labels) {
        check(l.text);
    }
    return found;
}

} // namespace

class TestBatchPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Default: table mode for the reference and every ISA, then the computed-angle mode and
    // the ggml-style baseline: isas + 3 bars.
    void panelDrawsOneFinitePositiveBarPerBackend() {
        Fixture f;
        const std::vector<std::string> isas = rope::simdIsaNames();
        QCOMPARE(f.data().xTicks.size(), isas.size() + 3);
        std::size_t bars = 0;
        for (const rope::ui::Series& s : f.data().series) {
            for (double y : s.y) {
                QVERIFY2(std::isfinite(y) && y > 0, qPrintable(s.name));
            }
            if (s.style == rope::ui::SeriesStyle::Bars) {
                bars += s.y.size();
            }
        }
        QCOMPARE(bars, isas.size() + 3);
        QCOMPARE(f.data().xTicks.back().label, QStringLiteral("ggml-style"));
        for (const char* label : {"reference", "SIMD", "memcpy", "speed-up", "table build",
                                  "table apply", "computed apply", "ggml-style apply"}) {
            const double v = f.readout(QString::fromLatin1(label));
            QVERIFY2(std::isfinite(v) && v > 0, label);
        }
        QVERIFY(f.panel->plot()->plottableCount() >= 5);
    }

    // Deferred measuring (the app's default): a step draws the exact parts at once; the
    // measured bars arrive from a worker once the inputs settle, and meanwhile the previous
    // measurement is drawn with every measured text marked stale.
    void deferredStepDrawsExactPartsAndMarksOldBarsStale() {
        Fixture f(FigurePanel::Measuring::Deferred);
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("heads")->setValue(2);
        f.control<QSpinBox>("seq")->setValue(64);
        const int dim = f.state.params().headDim;
        // Nothing measured yet: no bars, the exact readouts already there.
        QCOMPARE(f.panel->measurementsDelivered(), 0);
        QCOMPARE(barCount(f.data()), std::size_t{0});
        QCOMPARE(f.readout(QStringLiteral("bytes moved per apply")),
                 static_cast<double>(closedFormBytes(64, 2, dim)));
        QVERIFY(std::isnan(f.readout(QStringLiteral("reference"))));
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsDelivered(), 1, 60000);
        QVERIFY(!f.panel->busy());
        QCOMPARE(f.panel->measurementsStarted(), 1); // the option changes came within the delay
        QCOMPARE(barCount(f.data()), rope::simdIsaNames().size() + 3);
        QVERIFY(staleTexts(f.data()).isEmpty());

        // A step: new exact readouts at once, the old bars marked stale.
        f.control<QSpinBox>("seq")->setValue(32);
        QCOMPARE(f.readout(QStringLiteral("bytes moved per apply")),
                 static_cast<double>(closedFormBytes(32, 2, dim)));
        QCOMPARE(f.readout(QStringLiteral("cos/sin table memory")),
                 static_cast<double>(2LL * 4 * 32 * (dim / 2)));
        QCOMPARE(barCount(f.data()), rope::simdIsaNames().size() + 3);
        const QStringList stale = staleTexts(f.data());
        // Every bar series, the memcpy line and every measured readout (9) say so, and the
        // title, the x label and a note on the plot.
        QVERIFY2(stale.size() >= 6 + 9, qPrintable(stale.join(QLatin1Char('|'))));
        for (const rope::ui::Readout& r : f.data().readouts) {
            if (r.measured) {
                QVERIFY2(r.label.endsWith(QStringLiteral(" (stale)")), qPrintable(r.label));
            }
        }
        QVERIFY(f.data().title.endsWith(QStringLiteral("measuring…")));
        QVERIFY(f.data().xLabel.startsWith(QStringLiteral("STALE")));
        QVERIFY(!f.data().labels.empty());
        QVERIFY(f.panel->busy());
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsDelivered(), 2, 60000);
        QVERIFY(staleTexts(f.data()).isEmpty());
        QVERIFY(f.data().labels.empty());
    }

    // Thirty slider steps with the event loop running between them (as a drag) launch one
    // measurement, after the last step, and it is for the last step's inputs.
    void dragLaunchesOneMeasurementAfterItSettles() {
        Fixture f(FigurePanel::Measuring::Deferred);
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("heads")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(16);
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsDelivered(), 1, 60000);
        QCOMPARE(f.panel->measurementsStarted(), 1);
        rope::RopeParams p = f.state.params();
        for (int step = 0; step < 30; ++step) {
            p.base += 100;
            QVERIFY(f.state.setParams(p));
            QCoreApplication::processEvents(); // the step's frame; far shorter than the delay
            QVERIFY(!staleTexts(f.data()).isEmpty());
        }
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsDelivered(), 2, 60000);
        QTest::qWait(2 * FigurePanel::kMeasureDelayMs);
        QCOMPARE(f.panel->measurementsStarted(), 2);
        QCOMPARE(f.panel->measurementsDelivered(), 2);
        QVERIFY(staleTexts(f.data()).isEmpty()); // fresh for the last base
        QVERIFY(!f.panel->busy());
    }

    // A change of inputs while a long measurement runs cancels it: it delivers nothing, and
    // one new measurement, for the new inputs, is delivered instead.
    void parameterChangeCancelsARunningMeasurement() {
        Fixture f(FigurePanel::Measuring::Deferred);
        // ≈ 50 runs × 8 backends over 2 × 8192 × 8 × 128 floats (64 MiB): many seconds uncut.
        f.control<QSpinBox>("reps")->setValue(50);
        f.control<QSpinBox>("seq")->setValue(8192);
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsStarted(), 1, 10000);
        QVERIFY(f.panel->busy());
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(16);
        QTRY_COMPARE_WITH_TIMEOUT(f.panel->measurementsDelivered(), 1, 60000);
        QCOMPARE(f.panel->measurementsCancelled(), 1);
        QCOMPARE(f.panel->measurementsStarted(), 2);
        QVERIFY(staleTexts(f.data()).isEmpty());
        QVERIFY(f.data().xLabel.contains(QStringLiteral("median of 1 runs")));
    }

    void threadReadoutIsThePlannedCount() {
        Fixture f;
        auto* threads = f.control<QSpinBox>("threads");
        threads->setValue(threads->maximum());
        rope::BatchShape shape;
        shape.seq = f.control<QSpinBox>("seq")->value();
        shape.headsQ = shape.headsKv = f.control<QSpinBox>("heads")->value();
        shape.headDim = f.state.params().headDim;
        shape.rotaryDim = f.state.params().rotaryDim;
        QCOMPARE(f.readout(QStringLiteral("threads used")),
                 static_cast<double>(rope::plannedThreadCount(shape, threads->maximum())));
    }
};

QTEST_MAIN(TestBatchPanel)
#include "tst_batch_panel.moc"
