// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The base-bound panel's slow parts as a job (figures/base_bound_job.h, FigureJob): the dense
// b*(L) curve grows chunk by chunk, is stored after each chunk and read back on the next
// start, and a cancel keeps every finished point and stops within a step; the landscape and the
// published tables stop when cancelled and say so (JobResult::cancelled), so nothing has to
// read a label. Expected values: each stored b*(L) is proven independently here — f ≥ 0 at
// every m < L at the base, in long double, and f < 0 at some m at its lower bracket.
#include "figures/base_bound_job.h"
#include "figures/figure_registry.h"

#include "core/frequencies.h"
#include "io/disk_cache.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTest>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

using rope::figures::BaseBoundResult;
using rope::figures::JobControl;

namespace {

long double longDoubleCosineSum(const Eigen::ArrayXd& theta, long long m) {
    long double sum = 0.0L;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        sum += cosl(static_cast<long double>(m) * static_cast<long double>(theta[i]));
    }
    return sum;
}

// The bracket [lower, base] of b*(L, d), checked at every m < L in long double.
void checkBracket(long long context, int dim, const rope::MinimalBase& r) {
    QVERIFY(r.found);
    const Eigen::ArrayXd above = rope::inverseFrequencies(dim, r.base);
    for (long long m = 0; m < context; ++m) {
        QVERIFY2(longDoubleCosineSum(above, m) >= -1e-12L, qPrintable(QString::number(m)));
    }
    const Eigen::ArrayXd below = rope::inverseFrequencies(dim, r.lowerBracket * (1 - 1e-9));
    bool negative = false;
    for (long long m = 0; m < context && !negative; ++m) {
        negative = longDoubleCosineSum(below, m) < 0.0L;
    }
    QVERIFY2(negative, qPrintable(QStringLiteral("L = %1").arg(context)));
}

QString cacheFile(int dim) {
    return QDir(rope::io::DiskCache::standard().folder())
        .filePath(QStringLiteral("min-base-v3-d%1.json").arg(dim));
}

} // namespace

class TestMinimalBaseCurve : public QObject {
    Q_OBJECT

private slots:
    // The provisional bracket's text (issue 22: at most 4 significant digits), rounded outward
    // so the printed interval contains the proven one. Expected values by hand: n is one more
    // than the leading digits both ends share, clamped to [2, 4]; the lower end is truncated,
    // the upper one raised to the next n-digit number unless already exact.
    void bracketTextIsRoundedOutward_data() {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<int>("digits");
        QTest::addColumn<double>("lowValue");
        QTest::addColumn<double>("highValue");
        QTest::addColumn<QString>("lowText");
        QTest::addColumn<QString>("highText");
        // "50" shared: 3 digits.
        QTest::newRow("share two") << 50790.428 << 50812.3 << 3 << 50700.0 << 50900.0
                                   << QStringLiteral("50700") << QStringLiteral("50900");
        // Seven shared digits: the cap of 4.
        QTest::newRow("cap") << 4869104.3 << 4869104.5 << 4 << 4869000.0 << 4870000.0
                             << QStringLiteral("4.869×10⁶") << QStringLiteral("4.87×10⁶");
        // Nothing shared: 2 digits; the exact upper end stays.
        QTest::newRow("exact") << 50000.0 << 60000.0 << 2 << 50000.0 << 60000.0
                               << QStringLiteral("50000") << QStringLiteral("60000");
        // Different decades: 2 digits; 99 999.5 rounds up across the decade.
        QTest::newRow("carry") << 9991.0 << 99999.5 << 2 << 9900.0 << 100000.0
                               << QStringLiteral("9900") << QStringLiteral("10⁵");
        QTest::newRow("small") << 0.00123456 << 0.00123999 << 4 << 0.001234 << 0.00124
                               << QStringLiteral("0.001234") << QStringLiteral("0.00124");
        // One end alone (low = high): 4 digits, down and up.
        QTest::newRow("single") << 65374955.2 << 65374955.2 << 4 << 65370000.0 << 65380000.0
                                << QStringLiteral("6.537×10⁷") << QStringLiteral("6.538×10⁷");
    }
    void bracketTextIsRoundedOutward() {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(int, digits);
        QFETCH(double, lowValue);
        QFETCH(double, highValue);
        QFETCH(QString, lowText);
        QFETCH(QString, highText);
        const rope::figures::BracketText t = rope::figures::outwardBracketText(low, high);
        QCOMPARE(t.digits, digits);
        QCOMPARE(t.lowValue, lowValue);
        QCOMPARE(t.highValue, highValue);
        QVERIFY(t.lowValue <= low && t.highValue >= high);
        QCOMPARE(t.low, lowText);
        QCOMPARE(t.high, highText);
    }

    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(cacheFile(64));
        QFile::remove(cacheFile(32));
    }

    void aCancelKeepsEveryFinishedChunkAndTheCacheResumesIt() {
        BaseBoundResult::Dense curve = rope::figures::loadDenseCurve(64);
        QVERIFY(curve.minimal.empty());
        QCOMPARE(curve.contexts.front(), 256LL);
        std::atomic<bool> cancel{false};
        const JobControl control(cancel);
        int chunks = 0;
        const QString problem =
            rope::figures::extendDenseCurve(curve, control, [&](const BaseBoundResult::Dense&) {
                if (++chunks == 2) {
                    cancel = true; // after the second chunk
                }
            });
        QCOMPARE(problem, QString());
        QCOMPARE(chunks, 2);
        QCOMPARE(curve.minimal.size(), std::size_t{8}); // two chunks of four contexts
        QVERIFY(curve.threshold.empty());
        for (std::size_t k = 0; k < curve.minimal.size(); ++k) {
            checkBracket(curve.contexts[k], 64, curve.minimal[k]);
        }
        // The next start reads them back, in order, from the disk cache.
        const BaseBoundResult::Dense stored = rope::figures::loadDenseCurve(64);
        QCOMPARE(stored.minimal.size(), curve.minimal.size());
        for (std::size_t k = 0; k < stored.minimal.size(); ++k) {
            QCOMPARE(stored.minimal[k].base, curve.minimal[k].base);
            QCOMPARE(stored.minimal[k].lowerBracket, curve.minimal[k].lowerBracket);
        }
    }

    void aCancelledJobComputesNothing() {
        BaseBoundResult::Dense curve = rope::figures::loadDenseCurve(32);
        const std::atomic<bool> cancel{true};
        int chunks = 0;
        rope::figures::extendDenseCurve(curve, JobControl(cancel),
                                        [&](const BaseBoundResult::Dense&) { ++chunks; });
        QCOMPARE(chunks, 0);
        QVERIFY(curve.minimal.empty());
        QVERIFY(!QFile::exists(cacheFile(32)));
    }

    // The landscape at a long context, cancelled while it runs: the run returns within a
    // fraction of a second, marked cancelled (the panel offers Resume from that flag, in any
    // language), with only exact points.
    void aCancelledLandscapeSaysSo() {
        const rope::figures::Figure* figure = rope::figures::findFigure("base-bound");
        QVERIFY(figure != nullptr && figure->job != nullptr);
        rope::RopeParams p;
        p.context = 1LL << 18;
        std::atomic<bool> cancel{false};
        // Both instants read after join(): no clock is shared between the threads.
        std::chrono::steady_clock::time_point flagged;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(400));
            flagged = std::chrono::steady_clock::now();
            cancel = true;
        });
        const std::shared_ptr<const rope::figures::JobResult> r = rope::figures::runJob(
            *figure, p, {{QStringLiteral("view"), QStringLiteral("landscape")}},
            JobControl(cancel));
        const auto returned = std::chrono::steady_clock::now();
        canceller.join();
        const long long latency =
            std::chrono::duration_cast<std::chrono::milliseconds>(returned - flagged).count();
        QVERIFY(r != nullptr);
        QVERIFY(r->cancelled);
        QVERIFY(!r->complete);
        qInfo("landscape at L = 2^18 cancelled after 400 ms: returned %lld ms after the flag",
              latency);
        QVERIFY2(latency < 10000, "the job did not look at its cancel flag");
        // Drawn from what it has, never NaN.
        const rope::figures::FigureData data = rope::figures::composeFigure(
            *figure, p, {{QStringLiteral("view"), QStringLiteral("landscape")}}, r.get());
        for (const rope::figures::Readout& readout : data.readouts) {
            QVERIFY2(std::isfinite(readout.value), qPrintable(readout.label));
        }
    }
};

QTEST_GUILESS_MAIN(TestMinimalBaseCurve)
#include "tst_minimal_base_curve.moc"
