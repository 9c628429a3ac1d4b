// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"
#include "core/random_inputs.h"
#include "figures/figure_registry.h"
#include "tests/figures/figure_test_support.h"

#include <QTest>

#include <cmath>

// The "batch" panel's figure data, computed with figureData() (the measurement run inline).
// Deterministic outputs are checked exactly: the agreement readout against the reference and SIMD
// kernels applied here to a tensor regenerated through rope::seededUniformVector (seeds 1001 for Q,
// 1002 for K, as the panel documents) — a second generation path, not the panel's own — plus the
// closed-form anchors: SSE2 is bit-identical to the reference (difference exactly 0) and the FMA
// paths stay within 3ε·(|x_a c| + |x_b s|) ≤ 6·2⁻²³ for inputs in [−1, 1); the byte readout equals
// 2·4·s·(h_q + h_kv)·d + 8·s. Timings are only checked to be finite and positive.
// The panel's deferred measurements and its controls are tested in tests/ui/tst_batch_panel.cpp.
namespace {

using rope::test::readout;

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

} // namespace

class TestBatchFigureData : public QObject {
    Q_OBJECT

private slots:
    // modes=table: the table-mode bars only (reference + every ISA), no computed/ggml readouts.
    void tableOnlyModeDrawsTheTableBars() {
        rope::test::FigureFixture f("batch");
        ROPE_SET_OPTION(f, "reps", 1);
        ROPE_SET_OPTION(f, "modes", QStringLiteral("table"));
        const std::size_t isas = rope::simdIsaNames().size();
        QCOMPARE(f.data().xTicks.size(), isas + 1);
        QVERIFY(std::isnan(readout(f.data(), QStringLiteral("computed apply"))));
        QVERIFY(std::isnan(readout(f.data(), QStringLiteral("ggml-style apply"))));
        QVERIFY(readout(f.data(), QStringLiteral("table build")) > 0);
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
        rope::test::FigureFixture f("batch");
        rope::RopeParams p = f.params();
        p.rotaryDim = rotary;
        f.setParams(p);
        ROPE_SET_OPTION(f, "reps", 1);
        ROPE_SET_OPTION(f, "heads", 1);
        ROPE_SET_OPTION(f, "seq", seq);
        const long long r = rotary == 0 ? p.headDim : rotary;
        QCOMPARE(readout(f.data(), QStringLiteral("cos/sin table memory")),
                 static_cast<double>(2LL * 4 * seq * (r / 2)));
    }

    // Scaling the ggml-style subset does not cover: no ggml-style bar, and the x label says why.
    void ggmlStyleBarLeftOutWithAReason() {
        rope::test::FigureFixture f("batch");
        ROPE_SET_OPTION(f, "reps", 1);
        ROPE_SET_OPTION(f, "seq", 64);
        rope::RopeParams p = f.params();
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 4.0;
        p.scaling.originalContext = 4096;
        f.setParams(p);
        const std::size_t isas = rope::simdIsaNames().size();
        QCOMPARE(f.data().xTicks.size(), isas + 2); // reference, ISAs, computed
        QVERIFY(std::isnan(readout(f.data(), QStringLiteral("ggml-style apply"))));
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
        rope::test::FigureFixture f("batch");
        ROPE_SET_OPTION(f, "reps", 1);
        ROPE_SET_OPTION(f, "seq", seq);
        ROPE_SET_OPTION(f, "heads", heads);
        ROPE_SET_OPTION(f, "layout", layout);
        ROPE_SET_OPTION(f, "isa", isa);
        QCOMPARE(f.options().value(QStringLiteral("layout")).toString(), layout);

        rope::RopeParams params = f.params();
        params.layout = rope::parseLayout(layout.toStdString());
        const double expected = directMaxDiff(params, seq, heads, isa.toStdString());
        const double shown = readout(f.data(), QStringLiteral("max |reference − ") + isa);
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
        rope::test::FigureFixture f("batch");
        ROPE_SET_OPTION(f, "reps", 1);
        ROPE_SET_OPTION(f, "seq", seq);
        ROPE_SET_OPTION(f, "heads", heads);
        const int dim = f.params().headDim;
        QCOMPARE(readout(f.data(), QStringLiteral("bytes moved per apply")),
                 static_cast<double>(closedFormBytes(seq, heads, dim)));
        QVERIFY(
            f.data().title.contains(QStringLiteral("%1 tokens × %2 heads").arg(seq).arg(heads)));
    }
};

QTEST_MAIN(TestBatchFigureData)
#include "tst_batch_figure_data.moc"
