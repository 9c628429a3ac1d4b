// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_bench.h"
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <vector>

// rope_bench: the measurement shared by `rope-cli bench` and the batch panel. Checked: the
// byte counts against their closed forms, the median against hand-sorted lists, that
// measureCopy really copies and measureBatch really applies warmup + reps rotations (compared
// with that many calls made here), that throughputs are bytes / median time, and that every
// invalid input throws InvalidParameter naming it. Speeds themselves are never asserted.
class TestRopeBench : public QObject {
    Q_OBJECT

private slots:
    void bytesAreTheClosedForm_data() {
        QTest::addColumn<qlonglong>("seq");
        QTest::addColumn<int>("headsQ");
        QTest::addColumn<int>("headsKv");
        QTest::addColumn<int>("dim");
        QTest::newRow("one pair") << 1LL << 1 << 1 << 2;
        QTest::newRow("mha") << 4096LL << 32 << 32 << 128;
        QTest::newRow("gqa") << 17LL << 8 << 2 << 64;
        QTest::newRow("no keys") << 3LL << 4 << 0 << 128;
    }
    void bytesAreTheClosedForm() {
        QFETCH(qlonglong, seq);
        QFETCH(int, headsQ);
        QFETCH(int, headsKv);
        QFETCH(int, dim);
        rope::BatchShape shape;
        shape.seq = seq;
        shape.headsQ = headsQ;
        shape.headsKv = headsKv;
        shape.headDim = dim;
        const long long qk = 4 * seq * (headsQ + headsKv) * static_cast<long long>(dim);
        QCOMPARE(rope::copyBytesMoved(shape), 2 * qk);
        QCOMPARE(rope::batchBytesMoved(shape), 2 * qk + 8 * seq);
    }

    void medianOfOddAndEvenCounts_data() {
        QTest::addColumn<std::vector<double>>("values");
        QTest::addColumn<double>("median");
        QTest::newRow("one") << std::vector<double>{7.0} << 7.0;
        QTest::newRow("odd unsorted") << std::vector<double>{3.0, 1.0, 2.0} << 2.0;
        QTest::newRow("even") << std::vector<double>{4.0, 1.0, 3.0, 2.0} << 2.5;
    }
    void medianOfOddAndEvenCounts() {
        QFETCH(std::vector<double>, values);
        QFETCH(double, median);
        QCOMPARE(rope::medianOf(values), median);
    }

    void copyCopiesAndReportsBytesOverMedian_data() {
        QTest::addColumn<qlonglong>("count");
        QTest::addColumn<int>("threads");
        QTest::newRow("one thread") << 1000LL << 1;
        QTest::newRow("more threads than blocks of work") << 3LL << 4;
        QTest::newRow("uneven split") << 1001LL << 3;
    }
    void copyCopiesAndReportsBytesOverMedian() {
        QFETCH(qlonglong, count);
        QFETCH(int, threads);
        std::vector<float> src(static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < src.size(); ++i) {
            src[i] = static_cast<float>(i) + 0.5f;
        }
        std::vector<float> dst(src.size(), -1.0f);
        const rope::Throughput t = rope::measureCopy(dst.data(), src.data(), count, threads, 0, 3);
        QVERIFY(dst == src);
        QCOMPARE(t.secondsPerRep.size(), std::size_t{3});
        QCOMPARE(t.bytes, 8 * count);
        QCOMPARE(t.medianSeconds, rope::medianOf(t.secondsPerRep));
        QVERIFY(std::isfinite(t.gbps) && t.gbps > 0);
        QCOMPARE(t.gbps, static_cast<double>(t.bytes) / std::max(t.medianSeconds, 1e-9) * 1e-9);
    }

    void batchAppliesWarmupPlusRepsTimes() {
        rope::RopeParams params;
        params.headDim = 8;
        rope::BatchShape shape;
        shape.seq = 5;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 8;
        std::vector<std::int64_t> positions = {0, 1, 2, 3, 4};
        const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), 5);
        std::vector<float> q(5 * 2 * 8), k(5 * 1 * 8);
        for (std::size_t i = 0; i < q.size(); ++i) {
            q[i] = static_cast<float>(i % 7) - 3.0f;
        }
        for (std::size_t i = 0; i < k.size(); ++i) {
            k[i] = static_cast<float>(i % 5) - 2.0f;
        }
        std::vector<float> qExpected = q, kExpected = k;
        rope::BatchOptions options;
        options.backend = rope::Backend::Reference;
        options.threads = 1;
        for (int i = 0; i < 2 + 3; ++i) {
            rope::applyRopeBatch(cache, shape, qExpected.data(), kExpected.data(), options);
        }
        const rope::Throughput t =
            rope::measureBatch(cache, shape, q.data(), k.data(), options, 2, 3);
        QVERIFY(q == qExpected);
        QVERIFY(k == kExpected);
        QCOMPARE(t.bytes, rope::batchBytesMoved(shape));
        QCOMPARE(t.secondsPerRep.size(), std::size_t{3});
        QVERIFY(std::isfinite(t.gbps) && t.gbps > 0);
    }

    // Computed and ggml-style modes count bytes exactly as the table mode, and their measure
    // functions run warmup + reps applications (compared with that many direct calls).
    void otherAngleModesApplyWarmupPlusRepsTimes() {
        rope::BatchShape shape;
        shape.seq = 5;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 8;
        shape.layout = rope::Layout::Half;
        const std::vector<std::int64_t> positions = {7, 1, 1000000, 3, 4};
        const std::vector<std::int32_t> positions32(positions.begin(), positions.end());
        const Eigen::ArrayXd invFreq = (Eigen::ArrayXd(4) << 1.0, 0.1, 0.01, 0.001).finished();
        std::vector<float> q(5 * 2 * 8), k(5 * 1 * 8);
        for (std::size_t i = 0; i < q.size(); ++i) {
            q[i] = static_cast<float>(i % 7) - 3.0f;
        }
        for (std::size_t i = 0; i < k.size(); ++i) {
            k[i] = static_cast<float>(i % 5) - 2.0f;
        }
        rope::BatchOptions options;
        options.threads = 1;
        {
            std::vector<float> qe = q, ke = k, qm = q, km = k;
            for (int i = 0; i < 1 + 2; ++i) {
                rope::applyRopeBatchComputed(invFreq, 1.5, positions.data(), shape, qe.data(),
                                             ke.data(), options);
            }
            const rope::Throughput t = rope::measureBatchComputed(
                invFreq, 1.5, positions.data(), shape, qm.data(), km.data(), options, 1, 2);
            QVERIFY(qm == qe && km == ke);
            QCOMPARE(t.bytes, rope::batchBytesMoved(shape));
            QCOMPARE(t.secondsPerRep.size(), std::size_t{2});
        }
        {
            std::vector<float> qe = q, ke = k, qm = q, km = k;
            for (int i = 0; i < 2 + 1; ++i) {
                rope::applyRopeGgmlStyle({}, positions32.data(), shape, qe.data(), ke.data(), 2);
            }
            const rope::Throughput t = rope::measureGgmlStyle({}, positions32.data(), shape,
                                                              qm.data(), km.data(), 2, 2, 1);
            QVERIFY(qm == qe && km == ke);
            QCOMPARE(t.bytes, rope::batchBytesMoved(shape));
        }
        const rope::Throughput build =
            rope::measureCacheBuild(invFreq, 1.0, positions.data(), 5, 0, 3);
        QCOMPARE(build.bytes, 2LL * 4 * 5 * 4);
        QCOMPARE(build.secondsPerRep.size(), std::size_t{3});
    }

    // The table's size: 2 (cos, sin) · 4 bytes · rows · pairs; 2 MiB at 4096 × 64.
    void tableBytesAreTheClosedForm() {
        QCOMPARE(rope::ropeCacheBytes(4096, 64), 2LL * 1024 * 1024);
        QCOMPARE(rope::ropeCacheBytes(0, 1), 0LL);
        QCOMPARE(rope::ropeCacheBytes(3, 5), 120LL);
    }

    void angleModeIdsRoundTrip() {
        for (const rope::AngleMode m :
             {rope::AngleMode::Table, rope::AngleMode::Computed, rope::AngleMode::GgmlStyle}) {
            QCOMPARE(rope::parseAngleMode(rope::angleModeId(m)), m);
        }
        QCOMPARE(QString::fromLatin1(rope::angleModeId(rope::AngleMode::GgmlStyle)),
                 QStringLiteral("ggml-style"));
        try {
            rope::parseAngleMode("cached");
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("angles"));
        }
        try {
            (void)rope::ropeCacheBytes(4, 0);
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("pairs"));
        }
    }

    void invalidInputsNameTheParameter_data() {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("no reps") << "reps 0"
                                 << "reps";
        QTest::newRow("too many reps") << "reps 1001"
                                       << "reps";
        QTest::newRow("negative warmup") << "warmup -1"
                                         << "warmup";
        QTest::newRow("too much warmup") << "warmup 101"
                                         << "warmup";
        QTest::newRow("negative count") << "count -1"
                                        << "count";
        QTest::newRow("no threads") << "threads 0"
                                    << "threads";
        QTest::newRow("too many threads") << "threads 257"
                                          << "threads";
        QTest::newRow("null src") << "src null"
                                  << "src";
        QTest::newRow("null dst") << "dst null"
                                  << "dst";
        QTest::newRow("empty median") << "median"
                                      << "values";
        QTest::newRow("batch bad shape") << "batch odd dim"
                                         << "dim";
        QTest::newRow("batch bad reps") << "batch reps 0"
                                        << "reps";
        QTest::newRow("bytes bad shape") << "bytes odd dim"
                                         << "dim";
    }
    void invalidInputsNameTheParameter() {
        QFETCH(QString, which);
        QFETCH(QString, parameter);
        std::vector<float> a(4, 1.0f), b(4, 0.0f);
        rope::BatchShape shape;
        shape.seq = 1;
        shape.headsQ = 1;
        shape.headsKv = 0;
        shape.headDim = 4;
        rope::RopeParams params;
        params.headDim = 4;
        const std::int64_t position = 0;
        const rope::RopeCache cache = rope::buildRopeCache(params, &position, 1);
        try {
            if (which == QLatin1String("reps 0")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 1, 0, 0);
            } else if (which == QLatin1String("reps 1001")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 1, 0, 1001);
            } else if (which == QLatin1String("warmup -1")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 1, -1, 1);
            } else if (which == QLatin1String("warmup 101")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 1, 101, 1);
            } else if (which == QLatin1String("count -1")) {
                (void)rope::measureCopy(b.data(), a.data(), -1, 1, 0, 1);
            } else if (which == QLatin1String("threads 0")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 0, 0, 1);
            } else if (which == QLatin1String("threads 257")) {
                (void)rope::measureCopy(b.data(), a.data(), 4, 257, 0, 1);
            } else if (which == QLatin1String("src null")) {
                (void)rope::measureCopy(b.data(), nullptr, 4, 1, 0, 1);
            } else if (which == QLatin1String("dst null")) {
                (void)rope::measureCopy(nullptr, a.data(), 4, 1, 0, 1);
            } else if (which == QLatin1String("median")) {
                (void)rope::medianOf({});
            } else if (which == QLatin1String("batch odd dim")) {
                shape.headDim = 3;
                (void)rope::measureBatch(cache, shape, a.data(), nullptr, {}, 0, 1);
            } else if (which == QLatin1String("batch reps 0")) {
                (void)rope::measureBatch(cache, shape, a.data(), nullptr, {}, 0, 0);
            } else {
                shape.headDim = 3;
                (void)rope::batchBytesMoved(shape);
            }
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
        }
        QVERIFY(b == std::vector<float>(4, 0.0f)); // nothing copied before validation
    }
};

QTEST_APPLESS_MAIN(TestRopeBench)
#include "tst_rope_bench.moc"
