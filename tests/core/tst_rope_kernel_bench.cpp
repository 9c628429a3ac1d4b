// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style.h"
#include "core/kernels/rope_kernel.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"

#include <QTest>

#include <cstdint>
#include <string>
#include <vector>

// QBENCHMARK of the batch kernel, every backend/ISA × layout, on a moderate size that fits in
// L2 (seq 64 × (8 + 2) heads × 128 = 320 KiB): fast enough for CI (Qt's wall-time measurer
// repeats each row until ~50 ms), and at this size the kernel, not DRAM, is what is timed.
// Memory-bound figures come from `rope-cli bench` (docs/PERFORMANCE.md). Each row times one
// angle mode: the prebuilt table, cos/sin computed in the pass, or the ggml-style baseline;
// plus the table build alone, the cost the table mode moves out of the apply.
class TestRopeKernelBench : public QObject {
    Q_OBJECT

private slots:
    void applyBatch_data() {
        QTest::addColumn<bool>("simd");
        QTest::addColumn<QString>("isa");
        QTest::addColumn<bool>("half");
        QTest::addColumn<QString>("angles");
        std::vector<std::string> isas{"reference"};
        for (const std::string& isa : rope::simdIsaNames()) {
            isas.push_back(isa);
        }
        for (const std::string& isa : isas) {
            for (const bool half : {false, true}) {
                for (const char* angles : {"table", "computed"}) {
                    const bool simd = isa != "reference";
                    QTest::addRow("%s %s %s", isa.c_str(), half ? "half" : "interleaved", angles)
                        << simd << QString::fromStdString(simd ? isa : std::string()) << half
                        << QString::fromLatin1(angles);
                }
            }
        }
        for (const bool half : {false, true}) {
            QTest::addRow("ggml-style %s", half ? "half" : "interleaved")
                << false << QString() << half << QStringLiteral("ggml-style");
        }
    }
    void applyBatch() {
        QFETCH(bool, simd);
        QFETCH(QString, isa);
        QFETCH(bool, half);
        QFETCH(QString, angles);
        rope::BatchShape shape;
        shape.seq = 64;
        shape.headsQ = 8;
        shape.headsKv = 2;
        shape.headDim = 128;
        shape.layout = half ? rope::Layout::Half : rope::Layout::Interleaved;
        std::vector<std::int64_t> positions(static_cast<std::size_t>(shape.seq));
        for (std::size_t t = 0; t < positions.size(); ++t) {
            positions[t] = static_cast<std::int64_t>(t);
        }
        rope::RopeParams params;
        params.layout = shape.layout;
        const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), shape.seq);
        std::vector<float> q(static_cast<std::size_t>(shape.seq * shape.headsQ * shape.headDim),
                             0.5f);
        std::vector<float> k(static_cast<std::size_t>(shape.seq * shape.headsKv * shape.headDim),
                             -0.25f);
        rope::BatchOptions options;
        options.backend = simd ? rope::Backend::Simd : rope::Backend::Reference;
        options.threads = 1;
        options.isa = isa.toStdString();
        const std::vector<std::int32_t> positions32(positions.begin(), positions.end());
        const Eigen::ArrayXd invFreq = rope::scaledFrequencies(params).invFreq;
        if (angles == QLatin1String("table")) {
            QBENCHMARK {
                rope::applyRopeBatch(cache, shape, q.data(), k.data(), options);
            }
        } else if (angles == QLatin1String("computed")) {
            QBENCHMARK {
                rope::applyRopeBatchComputed(invFreq, 1.0, positions.data(), shape, q.data(),
                                             k.data(), options);
            }
        } else {
            QBENCHMARK {
                rope::applyRopeGgmlStyle(rope::GgmlStyleParams{}, positions32.data(), shape,
                                         q.data(), k.data(), 1);
            }
        }
        // Rotations keep the norm: a value far outside the start range means a broken kernel.
        QVERIFY(std::abs(q[0]) <= 1.0f && std::abs(k.back()) <= 1.0f);
    }

    // The table mode's up-front cost at the same size (64 rows × 64 pairs).
    void buildTable() {
        std::vector<std::int64_t> positions(64);
        for (std::size_t t = 0; t < positions.size(); ++t) {
            positions[t] = static_cast<std::int64_t>(t);
        }
        const rope::RopeParams params;
        rope::RopeCache cache;
        QBENCHMARK {
            cache = rope::buildRopeCache(params, positions.data(), 64);
        }
        QCOMPARE(cache.cos.size(), std::size_t(64 * 64));
    }
};

QTEST_APPLESS_MAIN(TestRopeKernelBench)
#include "tst_rope_kernel_bench.moc"
