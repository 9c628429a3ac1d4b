// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"
#include "core/rope_params.h"

#include <QTest>

#include <cstdint>
#include <string>
#include <vector>

// QBENCHMARK of the batch kernel, every backend/ISA × layout, on a moderate size that fits in
// L2 (seq 64 × (8 + 2) heads × 128 = 320 KiB): fast enough for CI (Qt's wall-time measurer
// repeats each row until ~50 ms), and at this size the kernel, not DRAM, is what is timed.
// Memory-bound figures come from `rope-cli bench` (docs/PERFORMANCE.md).
class TestRopeKernelBench : public QObject {
    Q_OBJECT

private slots:
    void applyBatch_data() {
        QTest::addColumn<bool>("simd");
        QTest::addColumn<QString>("isa");
        QTest::addColumn<bool>("half");
        std::vector<std::string> isas{"reference"};
        for (const std::string& isa : rope::simdIsaNames()) {
            isas.push_back(isa);
        }
        for (const std::string& isa : isas) {
            for (const bool half : {false, true}) {
                const bool simd = isa != "reference";
                QTest::addRow("%s %s", isa.c_str(), half ? "half" : "interleaved")
                    << simd << QString::fromStdString(simd ? isa : std::string()) << half;
            }
        }
    }
    void applyBatch() {
        QFETCH(bool, simd);
        QFETCH(QString, isa);
        QFETCH(bool, half);
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
        QBENCHMARK {
            rope::applyRopeBatch(cache, shape, q.data(), k.data(), options);
        }
        // Rotations keep the norm: a value far outside the start range means a broken kernel.
        QVERIFY(std::abs(q[0]) <= 1.0f && std::abs(k.back()) <= 1.0f);
    }
};

QTEST_APPLESS_MAIN(TestRopeKernelBench)
#include "tst_rope_kernel_bench.moc"
