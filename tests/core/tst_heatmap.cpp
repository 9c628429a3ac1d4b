// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/heatmap.h"
#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <numbers>

// Expected values: direct long-double summation of cos/sin over every position of the run
// (80-bit arithmetic, term by term), independent of the closed form under test.
namespace {
long double directMean(long double theta, long long first, long long count, bool useSin) {
    long double sum = 0.0L;
    for (long long k = 0; k < count; ++k) {
        const long double angle = static_cast<long double>(first + k) * theta;
        sum += useSin ? sinl(angle) : cosl(angle);
    }
    return sum / static_cast<long double>(count);
}
} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT

private slots:
    void meanMatchesDirectSum_data() {
        QTest::addColumn<double>("theta");
        QTest::addColumn<qlonglong>("first");
        QTest::addColumn<qlonglong>("count");
        QTest::newRow("one position") << 1.0 << 7LL << 1LL;
        QTest::newRow("fast pair, short run") << 1.0 << 0LL << 5LL;
        QTest::newRow("fast pair, long run") << 1.0 << 1000LL << 1000LL;
        QTest::newRow("mid pair") << 0.01 << 123LL << 640LL;
        QTest::newRow("slow pair") << 1e-4 << 32768LL << 4096LL;
        QTest::newRow("very slow pair") << 1e-9 << 0LL << 100LL;
        QTest::newRow("theta = pi (alternating)") << std::numbers::pi << 3LL << 10LL;
        QTest::newRow("negative positions") << 0.3 << -50LL << 101LL;
        QTest::newRow("large positions") << 0.5 << 1000000LL << 300LL;
    }
    void meanMatchesDirectSum() {
        QFETCH(double, theta);
        QFETCH(qlonglong, first);
        QFETCH(qlonglong, count);
        const Eigen::ArrayXd inv = Eigen::ArrayXd::Constant(1, theta);
        const double c = rope::meanCosOverPositions(inv, first, count)[0];
        const double s = rope::meanSinOverPositions(inv, first, count)[0];
        const auto ec = static_cast<double>(directMean(theta, first, count, false));
        const auto es = static_cast<double>(directMean(theta, first, count, true));
        // Both forms evaluate cos/sin of arguments up to |m·θ| ≈ 5e5, where one ulp of the
        // argument is ~1e-10; 1e-9 absolute covers that plus the closed form's few roundings.
        QVERIFY2(rope::test::close(c, ec, 0.0, 1e-9), qPrintable(QString::number(c - ec)));
        QVERIFY2(rope::test::close(s, es, 0.0, 1e-9), qPrintable(QString::number(s - es)));
    }

    void multipleOfTwoPiKeepsEveryTermEqual() {
        // θ = 2π: every term equals cos(0) = 1 exactly in real arithmetic (the limit branch).
        const Eigen::ArrayXd inv = Eigen::ArrayXd::Constant(1, 2.0 * std::numbers::pi);
        QVERIFY(rope::test::close(rope::meanCosOverPositions(inv, 0, 9)[0], 1.0, 0.0, 1e-12));
    }

    void rowEdgesPartitionThePositions_data() {
        QTest::addColumn<qlonglong>("first");
        QTest::addColumn<qlonglong>("last");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("expectedRows");
        QTest::newRow("more rows than positions") << 0LL << 9LL << 100 << 10;
        QTest::newRow("even split") << 0LL << 99LL << 10 << 10;
        QTest::newRow("uneven split") << 5LL << 1004LL << 7 << 7;
        QTest::newRow("megacontext on 700 px") << 0LL << 1048575LL << 700 << 700;
    }
    void rowEdgesPartitionThePositions() {
        QFETCH(qlonglong, first);
        QFETCH(qlonglong, last);
        QFETCH(int, rows);
        QFETCH(int, expectedRows);
        const Eigen::ArrayXd edges = rope::heatmapRowEdges(first, last, rows);
        QCOMPARE(edges.size(), expectedRows + 1);
        QCOMPARE(edges[0], static_cast<double>(first));
        QCOMPARE(edges[expectedRows], static_cast<double>(last + 1));
        const long long n = last - first + 1;
        for (int r = 0; r < expectedRows; ++r) {
            const double width = edges[r + 1] - edges[r];
            QVERIFY(width >= std::floor(static_cast<double>(n) / expectedRows));
            QVERIFY(width <= std::ceil(static_cast<double>(n) / expectedRows));
        }
    }

    void imageRowsAreRunMeans() {
        const Eigen::ArrayXd inv = (Eigen::ArrayXd(3) << 1.0, 0.1, 0.001).finished();
        const Eigen::ArrayXXd img = rope::phaseHeatmap(inv, 0, 99, 4, rope::PhaseQuantity::Cos);
        QCOMPARE(img.rows(), 4);
        QCOMPARE(img.cols(), 3);
        for (int r = 0; r < 4; ++r) {
            for (int i = 0; i < 3; ++i) {
                const auto e = static_cast<double>(directMean(inv[i], 25LL * r, 25, false));
                QVERIFY(rope::test::close(img(r, i), e, 0.0, 1e-12));
            }
        }
    }

    void angleIsMThetaModTwoPiForSinglePositions() {
        const Eigen::ArrayXd inv = (Eigen::ArrayXd(2) << 1.0, 0.01).finished();
        const Eigen::ArrayXXd img = rope::phaseHeatmap(inv, 0, 19, 20, rope::PhaseQuantity::Angle);
        for (int m = 0; m < 20; ++m) {
            for (int i = 0; i < 2; ++i) {
                const long double a = fmodl(static_cast<long double>(m) * inv[i],
                                            2.0L * std::numbers::pi_v<long double>);
                QVERIFY2(rope::test::close(img(m, i), static_cast<double>(a), 0.0, 1e-12),
                         qPrintable(QStringLiteral("m=%1 i=%2").arg(m).arg(i)));
                QVERIFY(img(m, i) >= 0.0 && img(m, i) < 2.0 * std::numbers::pi);
            }
        }
    }

    void invalidInputNamesTheParameter_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("zero count") << 0 << "count";
        QTest::newRow("negative theta") << 1 << "inv_freq";
        QTest::newRow("empty theta") << 2 << "inv_freq";
        QTest::newRow("position beyond 2^40") << 3 << "position";
        QTest::newRow("last before first") << 4 << "position";
        QTest::newRow("zero rows") << 5 << "rows";
        QTest::newRow("too many rows") << 6 << "rows";
        QTest::newRow("nan theta") << 7 << "inv_freq";
    }
    void invalidInputNamesTheParameter() {
        QFETCH(int, which);
        QFETCH(QString, parameter);
        const Eigen::ArrayXd good = Eigen::ArrayXd::Constant(2, 0.5);
        const Eigen::ArrayXd bad = Eigen::ArrayXd::Constant(2, -0.5);
        const Eigen::ArrayXd nan = Eigen::ArrayXd::Constant(2, std::nan(""));
        try {
            switch (which) {
            case 0:
                rope::meanCosOverPositions(good, 0, 0);
                break;
            case 1:
                rope::meanSinOverPositions(bad, 0, 3);
                break;
            case 2:
                rope::meanCosOverPositions(Eigen::ArrayXd(), 0, 3);
                break;
            case 3:
                rope::meanCosOverPositions(good, 1LL << 41, 3);
                break;
            case 4:
                rope::heatmapRowEdges(10, 5, 3);
                break;
            case 5:
                rope::phaseHeatmap(good, 0, 10, 0, rope::PhaseQuantity::Cos);
                break;
            case 6:
                rope::phaseHeatmap(good, 0, 10, rope::kMaxHeatmapRows + 1,
                                   rope::PhaseQuantity::Sin);
                break;
            case 7:
                rope::phaseHeatmap(nan, 0, 10, 3, rope::PhaseQuantity::Angle);
                break;
            }
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
        }
    }
};

QTEST_APPLESS_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
