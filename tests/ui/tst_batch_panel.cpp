// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"
#include "core/random_inputs.h"
#include "ui/explorer_state.h"
#include "figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QComboBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

// The "batch" panel. Deterministic outputs are checked exactly: the agreement readout against
// the reference and SIMD kernels applied here to a tensor regenerated through
// rope::seededUniformVector (seeds 1001 for Q, 1002 for K, as the panel documents) — a second
// generation path, not the panel's own — plus the closed-form anchors: SSE2 is bit-identical
// to the reference (difference exactly 0) and the FMA paths stay within
// 3ε·(|x_a c| + |x_b s|) ≤ 6·2⁻²³ for inputs in [−1, 1); the byte readout equals
// 2·4·s·(h_q + h_kv)·d + 8·s. Timings are only checked to be finite and positive.
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

// max |reference − simd| over Q and K, both rotated here by core on the regenerated tensor.
double directMaxDiff(const rope::RopeParams& params, long long seq, int heads,
                     const std::string& isa) {
    rope::BatchShape shape;
    shape.seq = seq;
    shape.headsQ = heads;
    shape.headsKv = heads;
    shape.headDim = params.headDim;
    shape.rotaryDim = params.rotaryDim;
    shape.layout = params.layout;
    const long long n = seq * heads * params.headDim;
    const Eigen::ArrayXf q = rope::seededUniformVector(n, 1001).cast<float>();
    const Eigen::ArrayXf k = rope::seededUniformVector(n, 1002).cast<float>();
    std::vector<std::int64_t> positions(static_cast<std::size_t>(seq));
    for (long long t = 0; t < seq; ++t) {
        positions[static_cast<std::size_t>(t)] = t;
    }
    const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), seq);
    Eigen::ArrayXf qr = q, kr = k, qs = q, ks = k;
    rope::BatchOptions ref;
    ref.backend = rope::Backend::Reference;
    rope::BatchOptions simd;
    simd.isa = isa;
    rope::applyRopeBatch(cache, shape, qr.data(), kr.data(), ref);
    rope::applyRopeBatch(cache, shape, qs.data(), ks.data(), simd);
    return std::max((qr - qs).abs().maxCoeff(), (kr - ks).abs().maxCoeff());
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

    // modes=table: the table-mode bars only (reference + every ISA), no computed/ggml readouts.
    void tableOnlyModeDrawsTheTableBars() {
        Fixture f;
        f.control<QSpinBox>("reps")->setValue(1);
        auto* modes = f.control<QComboBox>("modes");
        QVERIFY(modes != nullptr);
        modes->setCurrentIndex(modes->findData(QStringLiteral("table")));
        const std::size_t isas = rope::simdIsaNames().size();
        QCOMPARE(f.data().xTicks.size(), isas + 1);
        QVERIFY(std::isnan(f.readout(QStringLiteral("computed apply"))));
        QVERIFY(std::isnan(f.readout(QStringLiteral("ggml-style apply"))));
        QVERIFY(f.readout(QStringLiteral("table build")) > 0);
    }

    // The table's memory: float cos + sin, seq × r/2 each = 2·4·seq·(r/2) bytes (closed form).
    void tableMemoryReadoutIsTheClosedForm_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("rotary");
        QTest::newRow("default 1024, full d") << 1024 << 0;
        QTest::newRow("37 tokens, r = 64") << 37 << 64;
        QTest::newRow("8192 tokens, r = 32") << 8192 << 32;
    }
    void tableMemoryReadoutIsTheClosedForm() {
        QFETCH(int, seq);
        QFETCH(int, rotary);
        Fixture f;
        rope::RopeParams p = f.state.params();
        p.rotaryDim = rotary;
        QVERIFY(f.state.setParams(p));
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("heads")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(seq);
        const long long r = rotary == 0 ? p.headDim : rotary;
        QCOMPARE(f.readout(QStringLiteral("cos/sin table memory")),
                 static_cast<double>(2LL * 4 * seq * (r / 2)));
    }

    // Scaling the ggml-style subset does not cover: no ggml-style bar, and the x label says why.
    void ggmlStyleBarLeftOutWithAReason() {
        Fixture f;
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(64);
        rope::RopeParams p = f.state.params();
        p.scaling.method = "yarn";
        p.scaling.factor = 4.0;
        p.scaling.originalContext = 4096;
        QVERIFY(f.state.setParams(p));
        const std::size_t isas = rope::simdIsaNames().size();
        QCOMPARE(f.data().xTicks.size(), isas + 2); // reference, ISAs, computed
        QVERIFY(std::isnan(f.readout(QStringLiteral("ggml-style apply"))));
        QVERIFY2(f.data().xLabel.contains(QStringLiteral("no ggml-style bar")) &&
                     f.data().xLabel.contains(QStringLiteral("yarn")),
                 qPrintable(f.data().xLabel));
    }

    void agreementReadoutIsTheDirectKernelDifference_data() {
        QTest::addColumn<QString>("isa");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("heads");
        for (const std::string& isa : rope::simdIsaNames()) {
            for (const char* layout : {"interleaved", "half"}) {
                const QString name =
                    QString::fromStdString(isa) + QLatin1Char(' ') + QLatin1String(layout);
                QTest::newRow(qPrintable(name + QStringLiteral(" default")))
                    << QString::fromStdString(isa) << QString::fromLatin1(layout) << 1024 << 8;
                QTest::newRow(qPrintable(name + QStringLiteral(" 37x3")))
                    << QString::fromStdString(isa) << QString::fromLatin1(layout) << 37 << 3;
            }
        }
    }
    void agreementReadoutIsTheDirectKernelDifference() {
        QFETCH(QString, isa);
        QFETCH(QString, layout);
        QFETCH(int, seq);
        QFETCH(int, heads);
        Fixture f;
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(seq);
        f.control<QSpinBox>("heads")->setValue(heads);
        auto* layoutBox = f.control<QComboBox>("layout");
        layoutBox->setCurrentIndex(layoutBox->findData(layout));
        auto* isaBox = f.control<QComboBox>("isa");
        isaBox->setCurrentIndex(isaBox->findData(isa));
        QCOMPARE(f.panel->options().value(QStringLiteral("layout")).toString(), layout);

        rope::RopeParams params = f.state.params();
        params.layout = rope::parseLayout(layout.toStdString());
        const double expected = directMaxDiff(params, seq, heads, isa.toStdString());
        const double shown = f.readout(QStringLiteral("max |reference − ") + isa);
        QCOMPARE(shown, expected);
        // Closed-form anchors, independent of both runs.
        if (isa == QLatin1String("sse2") || isa == QLatin1String("scalar")) {
            QCOMPARE(shown, 0.0);
        } else {
            QVERIFY(shown <= 6.0 * std::ldexp(1.0, -23));
        }
    }

    void byteReadoutIsTheClosedForm_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("heads");
        QTest::newRow("one token one head") << 1 << 1;
        QTest::newRow("default") << 1024 << 8;
        QTest::newRow("odd sizes") << 333 << 5;
        QTest::newRow("largest heads") << 16 << 64;
    }
    void byteReadoutIsTheClosedForm() {
        QFETCH(int, seq);
        QFETCH(int, heads);
        Fixture f;
        f.control<QSpinBox>("reps")->setValue(1);
        f.control<QSpinBox>("seq")->setValue(seq);
        f.control<QSpinBox>("heads")->setValue(heads);
        const int dim = f.state.params().headDim;
        QCOMPARE(f.readout(QStringLiteral("bytes moved per apply")),
                 static_cast<double>(closedFormBytes(seq, heads, dim)));
        QVERIFY(
            f.data().title.contains(QStringLiteral("%1 tokens × %2 heads").arg(seq).arg(heads)));
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
