// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/decay.h"
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "tests/core/reference/decay_reference_values.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

// Expected values: NumPy golden values (every m evaluated, no tables, no witnesses:
// tests/core/reference/decay_reference.py), the published tables of Su
// (kexue.fm/archives/10122) and Xu et al. (arXiv 2405.14591) to the two digits they print,
// long-double recomputation, and closed forms for the rules of thumb.

namespace {

// Σ cos(m·θ_i) in long double with the angle split exactly (see tst_decay.cpp).
long double longDoubleCosineSum(const Eigen::ArrayXd& theta, double m) {
    long double sum = 0.0L;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        int exponent = 0;
        const double mant = std::frexp(theta[i], &exponent);
        const double thetaHi = std::ldexp(std::trunc(std::ldexp(mant, 24)), exponent - 24);
        const double thetaLo = theta[i] - thetaHi;
        const long double hi = static_cast<long double>(m) * thetaHi;
        const long double lo = static_cast<long double>(m) * thetaLo;
        sum += cosl(hi) * cosl(lo) - sinl(hi) * sinl(lo);
    }
    return sum;
}

// Two significant digits, as the published tables print b*.
double twoDigits(double v) {
    const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1.0);
    return std::round(v / scale) * scale;
}

} // namespace

class TestBaseBound : public QObject {
    Q_OBJECT

private slots:
    void cosineSumRangeHasNoDrift_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<qlonglong>("first");
        QTest::addColumn<qlonglong>("count");
        QTest::newRow("d=128 b=1e4 0..20000") << 128 << 1e4 << 0LL << 20000LL;
        QTest::newRow("d=128 b=5e5 from 1e9") << 128 << 5e5 << 1000000000LL << 9000LL;
        QTest::newRow("d=64 b=1e4 from -5000") << 64 << 1e4 << -5000LL << 12000LL;
        QTest::newRow("d=2 from 2^40-3000") << 2 << 10.0 << 1099511624776LL << 3000LL;
        QTest::newRow("d=256 b=1e7 short") << 256 << 1e7 << 77LL << 50LL;
    }
    void cosineSumRangeHasNoDrift() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(qlonglong, first);
        QFETCH(qlonglong, count);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const Eigen::ArrayXd got = rope::cosineSumRange(theta, first, count);
        QCOMPARE(got.size(), Eigen::Index(count));
        Eigen::ArrayXd expected(count);
        for (qlonglong j = 0; j < count; ++j) {
            expected[j] =
                static_cast<double>(longDoubleCosineSum(theta, static_cast<double>(first + j)));
        }
        // Bound: each value is one product-and-sum of exactly formed factors, ≤ ~8·(d/2)·ε
        // whatever m (no accumulation along the range).
        ROPE_COMPARE_ARRAYS(got, expected, 0.0,
                            8.0 * dim / 2 * std::numeric_limits<double>::epsilon());
    }

    void firstNegativeMatchesNumPy_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<qlonglong>("context");
        QTest::addColumn<qlonglong>("expected");
        for (const auto& row : rope::reference::kFirstNegative) {
            QTest::newRow(row.name) << row.dim << row.base << row.context << row.firstNegative;
        }
    }
    void firstNegativeMatchesNumPy() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(qlonglong, context);
        QFETCH(qlonglong, expected);
        const std::optional<long long> got = rope::firstNegativeDistance(dim, base, context);
        QCOMPARE(got ? *got : -1LL, expected);
    }

    void minimalBaseMatchesNumPy_data() {
        QTest::addColumn<qlonglong>("context");
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("gridBase");
        for (const auto& row : rope::reference::kMinBase) {
            QTest::newRow(row.name) << row.context << row.dim << row.base << row.gridBase;
        }
    }
    void minimalBaseMatchesNumPy() {
        QFETCH(qlonglong, context);
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, gridBase);
        const rope::MinimalBase r = rope::minimalBase(context, dim);
        if (base == 0.0) {
            QVERIFY(!r.found);
            QVERIFY(std::isnan(r.base));
            return;
        }
        QVERIFY(r.found);
        // Same grid, same first feasible point; the bisections agree to their tolerance.
        QVERIFY(rope::test::close(r.gridBase, gridBase, 1e-13));
        QVERIFY2(
            rope::test::close(r.base, base, 1e-9),
            qPrintable(
                QStringLiteral("b* %1, NumPy %2").arg(r.base, 0, 'g', 17).arg(base, 0, 'g', 17)));
    }

    void minimalBaseBracketIsSound_data() {
        QTest::addColumn<qlonglong>("context");
        QTest::addColumn<int>("dim");
        QTest::newRow("L=100 d=16") << 100LL << 16;
        QTest::newRow("L=3000 d=64") << 3000LL << 64;
        QTest::newRow("L=8192 d=128") << 8192LL << 128;
        QTest::newRow("L=5000 d=10") << 5000LL << 10;
    }
    void minimalBaseBracketIsSound() {
        QFETCH(qlonglong, context);
        QFETCH(int, dim);
        const rope::MinimalBase r = rope::minimalBase(context, dim);
        QVERIFY(r.found);
        // b* keeps every m < L non-negative (checked by the direct per-m sum, not the block scan
        // that decided it) …
        const Eigen::ArrayXd all = rope::cosineSum(rope::inverseFrequencies(dim, r.base),
                                                   rope::distanceRange(0, context - 1));
        QVERIFY(all.minCoeff() >= 0.0);
        // … and just below it the witness distance is negative.
        QVERIFY(r.witness >= 0 && r.witness < context);
        Eigen::ArrayXd w(1);
        w[0] = static_cast<double>(r.witness);
        QVERIFY(rope::cosineSum(rope::inverseFrequencies(dim, r.infeasibleBase), w)[0] < 0.0);
        QVERIFY(r.infeasibleBase < r.base);
        QVERIFY(r.base / r.infeasibleBase - 1.0 <= 1e-10);
        QVERIFY(r.base <= r.gridBase);
        QVERIFY(r.scans <= r.candidates);
    }

    // Rows of the published tables that the default search reproduces to the two digits
    // printed. "1k" is 1024 (L = 1000 gives 4.2e3, see lengthConventionIsBinary). The 32k, 64k
    // and 1M rows, and 128k with a finer grid, run in tests/cli/decay.cmake (release build: they
    // take seconds, too long under the sanitizers). Rows the search does not reproduce are
    // discussed in docs/base-bound.md and pinned by the kFirstNegative rows (Su's islands).
    void minimalBaseMatchesPublishedTables_data() {
        QTest::addColumn<qlonglong>("context");
        QTest::addColumn<double>("published");
        QTest::newRow("Su 1k 4.3e3 (= Xu et al.)") << 1024LL << 4.3e3;
        QTest::newRow("Su 2k 1.2e4") << 2048LL << 1.2e4;
        QTest::newRow("Su 4k 2.7e4 (= Xu et al.)") << 4096LL << 2.7e4;
        QTest::newRow("Su 8k 8.4e4 (= Xu et al.)") << 8192LL << 8.4e4;
        QTest::newRow("Su 16k 2.3e5") << 16384LL << 2.3e5;
    }
    void minimalBaseMatchesPublishedTables() {
        QFETCH(qlonglong, context);
        QFETCH(double, published);
        const rope::MinimalBase r = rope::minimalBase(context, 128);
        QVERIFY(r.found);
        QVERIFY2(rope::test::close(twoDigits(r.base), published, 1e-12),
                 qPrintable(QStringLiteral("b* = %1").arg(r.base, 0, 'g', 10)));
    }

    void lengthConventionIsBinary() {
        // The published 1k row (4.3e3) needs L = 1024: with L = 1000 the exact b* is 4.2e3.
        QCOMPARE(twoDigits(rope::minimalBase(1000, 128).base), 4.2e3);
        QCOMPARE(twoDigits(rope::minimalBase(1024, 128).base), 4.3e3);
    }

    void tinyContextsAndImpossibleOnes() {
        // L ≤ 2: f(0) = d/2, f(1) = Σ cos θ_i > 0 as θ_i ∈ (0, 1]: every b > 1 works.
        QCOMPARE(rope::minimalBase(1, 128).base, 1.0);
        QCOMPARE(rope::minimalBase(2, 2).base, 1.0);
        // d = 2: θ_0 = 1 for every base and cos 2 < 0.
        const rope::MinimalBase none = rope::minimalBase(3, 2);
        QVERIFY(!none.found);
        QVERIFY(std::isnan(none.base));
        QCOMPARE(none.witness, 2LL);
    }

    void rulesOfThumbClosedForms_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::newRow("d=128 b=1e4") << 128 << 1e4;
        QTest::newRow("d=64 b=5e5") << 64 << 5e5;
        QTest::newRow("d=2 b=10") << 2 << 10.0;
    }
    void rulesOfThumbClosedForms() {
        QFETCH(int, dim);
        QFETCH(double, base);
        const long double thetaMin =
            powl(static_cast<long double>(base), -static_cast<long double>(dim - 2) / dim);
        const double pi = std::numbers::pi;
        QVERIFY(rope::test::close(rope::quarterTurnContext(dim, base),
                                  static_cast<double>(pi / 2 / thetaMin),
                                  4e-16 * std::log(base) + 4e-16));
        QVERIFY(rope::test::close(rope::slowestPeriod(dim, base),
                                  static_cast<double>(2 * pi / thetaMin),
                                  4e-16 * std::log(base) + 4e-16));
        // The seed note's 2π·b is the d → ∞ limit: it exceeds 2π/θ_min by the factor b^(2/d).
        QVERIFY(rope::test::close(2 * pi * base / rope::slowestPeriod(dim, base),
                                  std::pow(base, 2.0 / dim), 1e-13));
    }

    void rulesOfThumbIgnoreStillPairs() {
        Eigen::ArrayXd theta(3);
        theta << 1.0, 0.25, 0.0;
        QCOMPARE(rope::quarterTurnContext(theta), 2 * std::numbers::pi);
        QCOMPARE(rope::slowestPeriod(theta), 8 * std::numbers::pi);
        QVERIFY(std::isinf(rope::slowestPeriod(Eigen::ArrayXd::Zero(2))));
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("context 0") << 0 << "context";
        QTest::newRow("context beyond limit") << 1 << "context";
        QTest::newRow("odd dim") << 2 << "dim";
        QTest::newRow("grid too coarse") << 3 << "grid";
        QTest::newRow("tolerance 0") << 4 << "tolerance";
        QTest::newRow("tolerance NaN") << 5 << "tolerance";
        QTest::newRow("first-negative limit 0") << 6 << "context";
        QTest::newRow("first-negative NaN theta") << 7 << "inv_freq";
        QTest::newRow("first-negative base 0.5") << 8 << "base";
        QTest::newRow("range negative count") << 9 << "positions";
        QTest::newRow("range too long") << 10 << "positions";
        QTest::newRow("range beyond 2^40") << 11 << "positions";
        QTest::newRow("quarter turn empty") << 12 << "inv_freq";
        QTest::newRow("period negative theta") << 13 << "inv_freq";
        QTest::newRow("dim too large") << 14 << "dim";
        QTest::newRow("search work limit") << 15 << "context";
        QTest::newRow("scan work limit") << 16 << "context";
    }
    void rejectsInvalidInput() {
        QFETCH(int, which);
        QFETCH(QString, parameter);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(8, 1e4);
        rope::MinimalBaseOptions options;
        try {
            switch (which) {
            case 0:
                rope::minimalBase(0, 128);
                break;
            case 1:
                rope::minimalBase(rope::limits::kMaxContext + 1, 128);
                break;
            case 2:
                rope::minimalBase(100, 127);
                break;
            case 3:
                options.gridPointsPerDecade = 5;
                rope::minimalBase(100, 128, options);
                break;
            case 4:
                options.relativeTolerance = 0.0;
                rope::minimalBase(100, 128, options);
                break;
            case 5:
                options.relativeTolerance = std::nan("");
                rope::minimalBase(100, 128, options);
                break;
            case 6:
                rope::firstNegativeDistance(theta, 0);
                break;
            case 7:
                rope::firstNegativeDistance(Eigen::ArrayXd::Constant(2, std::nan("")), 10);
                break;
            case 8:
                rope::firstNegativeDistance(8, 0.5, 10);
                break;
            case 9:
                rope::cosineSumRange(theta, 0, -1);
                break;
            case 10:
                rope::cosineSumRange(theta, 0, rope::limits::kMaxDecayPositions + 1);
                break;
            case 11:
                rope::cosineSumRange(theta, 1099511627776LL, 2);
                break;
            case 12:
                rope::quarterTurnContext(Eigen::ArrayXd(0));
                break;
            case 13:
                rope::slowestPeriod(Eigen::ArrayXd::Constant(2, -1.0));
                break;
            case 14:
                rope::minimalBase(100, rope::limits::kMaxDim + 2);
                break;
            case 15:
                rope::minimalBase(65537, 8192);
                break;
            case 16:
                rope::firstNegativeDistance(Eigen::ArrayXd::Ones(4096), rope::limits::kMaxContext);
                break;
            default:
                QFAIL("unknown case");
            }
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
        }
    }
};

QTEST_APPLESS_MAIN(TestBaseBound)
#include "tst_base_bound.moc"
