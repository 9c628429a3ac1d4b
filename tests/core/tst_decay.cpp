// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "tests/core/reference/decay_reference_values.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <numbers>

// Expected values come from: closed forms (m = 0, d = 2, u(0) = (d/2+1)/2, E = d at m = 0);
// an 80-bit long-double recomputation whose angles are formed exactly (θ split so that every
// partial product is exact); NumPy golden values (tests/core/reference/decay_reference.py);
// and, for the Monte-Carlo estimator, the closed-form mean and variance with a 5σ CLT bound.

namespace {

// Σ_i cos(m·θ_i) in long double with m·θ_i represented exactly as hi + lo: θ = θh + θl with θh
// holding the top 24 bits, so m·θh (≤ 40 + 24 bits) is exact in a 64-bit mantissa and m·θl is
// off by 2^-64 of a value 2^-24 smaller; cos(hi + lo) = cos hi·cos lo − sin hi·sin lo.
long double longDoubleCosineSum(const Eigen::ArrayXd& theta, double m) {
    long double sum = 0.0L;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        int exponent = 0;
        const double mant = std::frexp(theta[i], &exponent);
        const double thetaHi = std::ldexp(std::trunc(std::ldexp(mant, 24)), exponent - 24);
        const double thetaLo = theta[i] - thetaHi; // exact
        const long double hi = static_cast<long double>(m) * thetaHi;
        const long double lo = static_cast<long double>(m) * thetaLo;
        sum += cosl(hi) * cosl(lo) - sinl(hi) * sinl(lo);
    }
    return sum;
}

Eigen::ArrayXd one(double v) {
    Eigen::ArrayXd a(1);
    a[0] = v;
    return a;
}

} // namespace

class TestDecay : public QObject {
    Q_OBJECT

private slots:
    void meanCosineIsOneAtZero_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::newRow("d=2") << 2 << 1e4;
        QTest::newRow("d=128 b=1e4") << 128 << 1e4;
        QTest::newRow("d=128 b=5e5") << 128 << 5e5;
        QTest::newRow("d=96 b=1e30") << 96 << 1e30;
    }
    void meanCosineIsOneAtZero() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QCOMPARE(rope::meanCosine(dim, base, one(0.0))[0], 1.0);
        QCOMPARE(rope::cosineSum(rope::inverseFrequencies(dim, base), one(0.0))[0], dim / 2.0);
        QCOMPARE(rope::expectedSimilarScore(rope::inverseFrequencies(dim, base), one(0.0))[0],
                 static_cast<double>(dim));
    }

    void dimTwoIsCosine() {
        // d = 2: θ_0 = b^0 = 1 for every base, so the mean cosine is cos(m).
        const Eigen::ArrayXd m = (Eigen::ArrayXd(6) << 1.0, 2.0, 3.5, 100.0, -7.0, 1e6).finished();
        const Eigen::ArrayXd got = rope::meanCosine(2, 500.0, m);
        ROPE_COMPARE_ARRAYS(got, m.cos(), 0.0, 1e-15);
        ROPE_COMPARE_ARRAYS(rope::expectedSimilarScore(rope::inverseFrequencies(2, 500.0), m),
                            2.0 * m.cos(), 0.0, 2e-15);
    }

    void meanCosineMatchesLongDouble_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("m");
        QTest::newRow("d=128 b=1e4 m=1e6") << 128 << 1e4 << 1e6;
        QTest::newRow("d=128 b=5e5 m=123456789") << 128 << 5e5 << 123456789.0;
        QTest::newRow("d=64 b=1e4 m=2^40") << 64 << 1e4 << 1099511627776.0;
        QTest::newRow("d=128 b=1e6 m=-(2^40-1)") << 128 << 1e6 << -1099511627775.0;
        QTest::newRow("d=8 b=10 m=987654321.5") << 8 << 10.0 << 987654321.5;
    }
    void meanCosineMatchesLongDouble() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const double expected =
            static_cast<double>(longDoubleCosineSum(theta, m) / static_cast<long double>(dim / 2));
        // Each cosine is within ~2 ulp of the cosine of the exact angle; the mean of d/2 of them
        // is within a few ε. A rounded angle m·θ would miss by up to 6e-5 at m = 2^40.
        QVERIFY2(rope::test::close(rope::meanCosine(theta, one(m))[0], expected, 0.0, 1e-14),
                 qPrintable(QString::number(rope::meanCosine(theta, one(m))[0] - expected)));
    }

    void meanCosineMatchesNumPy_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("m");
        QTest::addColumn<double>("expected");
        for (const auto& row : rope::reference::kMeanCos) {
            QTest::newRow(row.name) << row.dim << row.base << row.m << row.value;
        }
    }
    void meanCosineMatchesNumPy() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(double, expected);
        // NumPy rounds m·θ (≤ 0.5 ulp of 12345 ≈ 9e-13 rad) before the cosine.
        QVERIFY(rope::test::close(rope::meanCosine(dim, base, one(m))[0], expected, 0.0, 2e-12));
    }

    void relativeUpperBoundMatchesNumPy_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("m");
        QTest::addColumn<double>("expected");
        for (const auto& row : rope::reference::kSuBound) {
            QTest::newRow(row.name) << row.dim << row.base << row.m << row.value;
        }
    }
    void relativeUpperBoundMatchesNumPy() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(double, expected);
        // NumPy's partial sums carry its rounded angles: ≤ j·1e-12 in |S_j|, averaged.
        const double got = rope::relativeUpperBound(dim, base, one(m))[0];
        QVERIFY2(rope::test::close(got, expected, 1e-11, 1e-10),
                 qPrintable(QStringLiteral("got %1 expected %2")
                                .arg(got, 0, 'g', 17)
                                .arg(expected, 0, 'g', 17)));
    }

    void relativeUpperBoundAtZero_data() {
        QTest::addColumn<int>("dim");
        QTest::newRow("d=2") << 2;
        QTest::newRow("d=64") << 64;
        QTest::newRow("d=128") << 128;
        QTest::newRow("d=8192") << 8192;
    }
    void relativeUpperBoundAtZero() {
        QFETCH(int, dim);
        // |S_j| = j, so (1/(d/2))·Σ_{j=1}^{d/2} j = (d/2 + 1)/2.
        QCOMPARE(rope::relativeUpperBound(dim, 1e4, one(0.0))[0], (dim / 2 + 1) / 2.0);
    }

    void relativeUpperBoundDecays() {
        // RoFormer Fig. 2: u falls from 32.5 at m = 0 to a few units by m ~ 100 (d = 128).
        const Eigen::ArrayXd m = rope::distanceRange(0, 250, 50);
        const Eigen::ArrayXd u = rope::relativeUpperBound(128, 1e4, m);
        QCOMPARE(u[0], 32.5);
        for (Eigen::Index j = 1; j < u.size(); ++j) {
            QVERIFY(u[j] < u[0] / 2);
            QVERIFY(u[j] > 0.0);
        }
    }

    void similarScoreVarianceClosedForm() {
        // m = 0: 4·(d/2) + σ²·d; d = 2: 4cos²m + 2σ².
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 1e4);
        QCOMPARE(rope::similarScoreVariance(theta, one(0.0), 0.5)[0], 4.0 * 64 + 0.25 * 128);
        const double v =
            rope::similarScoreVariance(rope::inverseFrequencies(2, 7.0), one(3.0), 2.0)[0];
        QVERIFY(rope::test::close(v, 4.0 * std::cos(3.0) * std::cos(3.0) + 8.0, 1e-15));
    }

    void monteCarloConvergesToClosedForm_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("noise");
        QTest::addColumn<qlonglong>("samples");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("d=8 σ=1 N=20000") << 8 << 1e4 << 1.0 << 20000LL << quint64(1);
        QTest::newRow("d=64 σ=0.3 N=4096") << 64 << 1e4 << 0.3 << 4096LL << quint64(7);
        QTest::newRow("d=128 σ=1 N=2048 b=5e5") << 128 << 5e5 << 1.0 << 2048LL << quint64(42);
        QTest::newRow("d=2 σ=0 N=50000") << 2 << 10.0 << 0.0 << 50000LL << quint64(3);
    }
    void monteCarloConvergesToClosedForm() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, noise);
        QFETCH(qlonglong, samples);
        QFETCH(quint64, seed);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const Eigen::ArrayXd m =
            (Eigen::ArrayXd(6) << 0.0, 1.0, 5.0, 50.0, 1000.0, 30000.0).finished();
        const rope::ScoreEstimate est = rope::monteCarloScores(theta, m, samples, noise, seed);
        const Eigen::ArrayXd similarMean = rope::expectedSimilarScore(theta, m);
        const Eigen::ArrayXd similarSe =
            (rope::similarScoreVariance(theta, m, noise) / samples).sqrt();
        const double randomSe = std::sqrt(dim / static_cast<double>(samples)); // Var = d
        for (Eigen::Index j = 0; j < m.size(); ++j) {
            // CLT: a mean of N i.i.d. samples is within 5 standard errors of its expectation
            // except with probability 6e-7 (the seeds are fixed, so the test is deterministic).
            QVERIFY2(std::abs(est.similar[j] - similarMean[j]) <= 5.0 * similarSe[j] + 1e-12,
                     qPrintable(QStringLiteral("m=%1 similar %2 vs %3 (se %4)")
                                    .arg(m[j])
                                    .arg(est.similar[j])
                                    .arg(similarMean[j])
                                    .arg(similarSe[j])));
            QVERIFY2(std::abs(est.random[j]) <= 5.0 * randomSe,
                     qPrintable(QStringLiteral("m=%1 random %2 (se %3)")
                                    .arg(m[j])
                                    .arg(est.random[j])
                                    .arg(randomSe)));
            // The reported standard errors estimate the closed-form ones; with N ≥ 2048 the
            // sample standard deviation is within 25% (its relative spread is ~1/√N·√(κ/4)).
            QVERIFY(rope::test::close(est.randomStdError[j], randomSe, 0.25));
            if (similarSe[j] > 1e-9) {
                QVERIFY(rope::test::close(est.similarStdError[j], similarSe[j], 0.25));
            }
        }
    }

    void monteCarloIsSeededAndShrinks() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies(16, 1e4);
        const Eigen::ArrayXd m = (Eigen::ArrayXd(2) << 3.0, 300.0).finished();
        const rope::ScoreEstimate a = rope::monteCarloScores(theta, m, 1000, 1.0, 99);
        const rope::ScoreEstimate b = rope::monteCarloScores(theta, m, 1000, 1.0, 99);
        const rope::ScoreEstimate c = rope::monteCarloScores(theta, m, 1000, 1.0, 100);
        QCOMPARE(a.similar[0], b.similar[0]);
        QCOMPARE(a.random[1], b.random[1]);
        QVERIFY(a.similar[0] != c.similar[0]);
        // Standard error ∝ 1/√N: 16× the samples, a quarter of the error (±20%).
        const rope::ScoreEstimate big = rope::monteCarloScores(theta, m, 16000, 1.0, 99);
        QVERIFY(rope::test::close(big.randomStdError[0] / a.randomStdError[0], 0.25, 0.2));
    }

    void frequenciesFromAnyMethodWork() {
        // Linear position interpolation divides θ by s, which is the same as dividing m by s:
        // f_{θ/s}(m) = f_θ(m/s). θ = 0 (a non-rotating pair) contributes cos 0 = 1.
        const Eigen::ArrayXd theta = rope::inverseFrequencies(64, 1e4);
        const Eigen::ArrayXd m = rope::distanceRange(0, 4000, 400);
        ROPE_COMPARE_ARRAYS(rope::meanCosine(theta / 4.0, m), rope::meanCosine(theta, m / 4.0), 0.0,
                            1e-15);
        Eigen::ArrayXd partial = Eigen::ArrayXd::Zero(4);
        QCOMPARE(rope::meanCosine(partial, one(12345.0))[0], 1.0);
        partial[0] = 1.0;
        QVERIFY(rope::test::close(rope::meanCosine(partial, one(2.0))[0],
                                  (3.0 + std::cos(2.0)) / 4.0, 1e-15));
    }

    void distanceRangeCountsInclusive() {
        const Eigen::ArrayXd r = rope::distanceRange(-2, 7, 3);
        QCOMPARE(r.size(), Eigen::Index(4));
        QCOMPARE(r[0], -2.0);
        QCOMPARE(r[3], 7.0);
        QCOMPARE(rope::distanceRange(5, 5).size(), Eigen::Index(1));
        QCOMPARE(rope::distanceRange(0, 9, 4).size(), Eigen::Index(3)); // 0, 4, 8
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("odd dim") << 0 << "dim";
        QTest::newRow("base 1") << 1 << "base";
        QTest::newRow("NaN inv_freq") << 2 << "inv_freq";
        QTest::newRow("negative inv_freq") << 3 << "inv_freq";
        QTest::newRow("empty inv_freq") << 4 << "inv_freq";
        QTest::newRow("too many inv_freq") << 5 << "inv_freq";
        QTest::newRow("NaN position") << 6 << "positions";
        QTest::newRow("position beyond 2^40") << 7 << "positions";
        QTest::newRow("too many positions") << 8 << "positions";
        QTest::newRow("one sample") << 9 << "samples";
        QTest::newRow("too many samples") << 10 << "samples";
        QTest::newRow("work limit") << 11 << "samples";
        QTest::newRow("negative noise") << 12 << "noise";
        QTest::newRow("NaN noise") << 13 << "noise";
        QTest::newRow("range step 0") << 14 << "positions";
        QTest::newRow("range reversed") << 15 << "positions";
        QTest::newRow("range too long") << 16 << "positions";
        QTest::newRow("su-bound base inf") << 17 << "base";
        QTest::newRow("variance negative noise") << 18 << "noise";
    }
    void rejectsInvalidInput() {
        QFETCH(int, which);
        QFETCH(QString, parameter);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(8, 1e4);
        const Eigen::ArrayXd m = one(1.0);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        try {
            switch (which) {
            case 0:
                rope::meanCosine(7, 1e4, m);
                break;
            case 1:
                rope::meanCosine(8, 1.0, m);
                break;
            case 2:
                rope::meanCosine(one(nan), m);
                break;
            case 3:
                rope::cosineSum(one(-0.1), m);
                break;
            case 4:
                rope::relativeUpperBound(Eigen::ArrayXd(0), m);
                break;
            case 5:
                rope::meanCosine(Eigen::ArrayXd::Ones(rope::limits::kMaxDim / 2 + 1), m);
                break;
            case 6:
                rope::meanCosine(theta, one(nan));
                break;
            case 7:
                rope::relativeUpperBound(theta, one(2.0 * rope::limits::kMaxPosition));
                break;
            case 8:
                rope::meanCosine(theta, Eigen::ArrayXd::Zero(rope::limits::kMaxDecayPositions + 1));
                break;
            case 9:
                rope::monteCarloScores(theta, m, 1);
                break;
            case 10:
                rope::monteCarloScores(theta, m, rope::limits::kMaxMonteCarloSamples + 1);
                break;
            case 11:
                rope::monteCarloScores(rope::inverseFrequencies(8192, 1e4),
                                       Eigen::ArrayXd::Zero(2000), 1000000);
                break;
            case 12:
                rope::monteCarloScores(theta, m, 10, -1.0);
                break;
            case 13:
                rope::monteCarloScores(theta, m, 10, nan);
                break;
            case 14:
                rope::distanceRange(0, 10, 0);
                break;
            case 15:
                rope::distanceRange(10, 0);
                break;
            case 16:
                rope::distanceRange(0, 1LL << 30);
                break;
            case 17:
                rope::relativeUpperBound(8, std::numeric_limits<double>::infinity(), m);
                break;
            case 18:
                rope::similarScoreVariance(theta, m, -2.0);
                break;
            default:
                QFAIL("unknown case");
            }
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY(!std::string(e.what()).empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestDecay)
#include "tst_decay.moc"
