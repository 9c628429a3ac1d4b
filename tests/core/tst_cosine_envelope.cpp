// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QTest>

#include <algorithm>
#include <cmath>

// Expected values: a brute-force scan of every integer distance with f(m) = Σ cos(m·θ_i)
// summed directly in long double (no block tables, no angle addition), bucketed with the
// documented partition ⌊k·count/B⌋.
namespace {

long double directCosineSum(const Eigen::ArrayXd& theta, long long m) {
    long double sum = 0.0L;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        sum += cosl(static_cast<long double>(m) * static_cast<long double>(theta[i]));
    }
    return sum;
}

} // namespace

class TestCosineEnvelope : public QObject {
    Q_OBJECT

private slots:
    void envelopeEqualsBruteForceMinMaxMean_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<long long>("first");
        QTest::addColumn<long long>("count");
        QTest::addColumn<long long>("buckets");
        QTest::newRow("d128 b1e4 L32768 900 cols") << 128 << 1e4 << 0LL << 32768LL << 900LL;
        QTest::newRow("d64 b5e5 offset, uneven") << 64 << 5e5 << 12345LL << 20001LL << 97LL;
        QTest::newRow("more buckets than distances") << 16 << 100.0 << -7LL << 50LL << 400LL;
        QTest::newRow("one bucket") << 8 << 1e4 << 0LL << 3000LL << 1LL;
    }
    void envelopeEqualsBruteForceMinMaxMean() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(long long, first);
        QFETCH(long long, count);
        QFETCH(long long, buckets);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const rope::CosineSumEnvelope env = rope::cosineSumEnvelope(theta, first, count, buckets);
        const long long b = std::min(buckets, count);
        QCOMPARE(env.minimum.size(), static_cast<Eigen::Index>(b));
        const double tol = 1e-11 * dim;
        for (long long k = 0; k < b; ++k) {
            const long long lo = first + (k * count) / b;
            const long long hi = first + ((k + 1) * count) / b - 1;
            QCOMPARE(env.firstDistance[k], static_cast<double>(lo));
            QCOMPARE(env.lastDistance[k], static_cast<double>(hi));
            long double mn = 1e300L;
            long double mx = -1e300L;
            long double sum = 0.0L;
            for (long long m = lo; m <= hi; ++m) {
                const long double f = directCosineSum(theta, m);
                mn = std::min(mn, f);
                mx = std::max(mx, f);
                sum += f;
            }
            const auto mean = static_cast<double>(sum / static_cast<long double>(hi - lo + 1));
            QVERIFY2(std::abs(env.minimum[k] - static_cast<double>(mn)) <= tol,
                     qPrintable(QString::number(k)));
            QVERIFY2(std::abs(env.maximum[k] - static_cast<double>(mx)) <= tol,
                     qPrintable(QString::number(k)));
            QVERIFY2(std::abs(env.mean[k] - mean) <= tol, qPrintable(QString::number(k)));
        }
    }

    void invalidInputNamesTheParameter_data() {
        QTest::addColumn<long long>("count");
        QTest::addColumn<long long>("buckets");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("count 0") << 0LL << 10LL << "positions";
        QTest::newRow("count beyond kMaxContext")
            << rope::limits::kMaxContext + 1 << 10LL << "positions";
        QTest::newRow("buckets 0") << 100LL << 0LL << "buckets";
        QTest::newRow("buckets too many")
            << 100LL << static_cast<long long>(rope::limits::kMaxDecayPositions) + 1 << "buckets";
    }
    void invalidInputNamesTheParameter() {
        QFETCH(long long, count);
        QFETCH(long long, buckets);
        QFETCH(QString, parameter);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(8, 1e4);
        try {
            rope::cosineSumEnvelope(theta, 0, count, buckets);
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(std::string(e.parameter())), parameter);
        }
    }

    void invalidFrequenciesAreRejected() {
        Eigen::ArrayXd theta(2);
        theta << 1.0, std::nan("");
        try {
            rope::cosineSumEnvelope(theta, 0, 10, 2);
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(std::string(e.parameter())),
                     QStringLiteral("inv_freq"));
        }
    }
};

QTEST_APPLESS_MAIN(TestCosineEnvelope)
#include "tst_cosine_envelope.moc"
