// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <numbers>

// Expected values: closed forms (θ_0 = 1, θ_{d/4} = b^(-1/2) …) and a long-double powl()
// recomputation in 80-bit arithmetic, which cannot share a rounding error with the double code.
class TestFrequencies : public QObject {
    Q_OBJECT

private slots:
    void matchesLongDoublePower_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::newRow("toy d=2 b=10") << 2 << 10.0;
        QTest::newRow("d=8 b=10000") << 8 << 1e4;
        QTest::newRow("llama2 d=128 b=1e4") << 128 << 1e4;
        QTest::newRow("llama3 d=128 b=5e5") << 128 << 5e5;
        QTest::newRow("qwen2.5 d=128 b=1e6") << 128 << 1e6;
        QTest::newRow("gpt-neox rotary d=32") << 32 << 1e4;
        QTest::newRow("d=256 b=1e7") << 256 << 1e7;
        QTest::newRow("huge base 1e30") << 64 << 1e30;
        QTest::newRow("base just above 1") << 16 << 1.0000001;
    }
    void matchesLongDoublePower() {
        QFETCH(int, dim);
        QFETCH(double, base);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        QCOMPARE(theta.size(), dim / 2);
        Eigen::ArrayXd expected(dim / 2);
        for (int i = 0; i < dim / 2; ++i) {
            expected[i] = static_cast<double>(
                powl(static_cast<long double>(base), -2.0L * i / static_cast<long double>(dim)));
        }
        // Every row's d is a power of two, so 2i/d is exact and 1/pow(b, 2i/d) carries only
        // pow's rounding plus the division's: ≤ 2 ulp. Allow 2 eps relative.
        ROPE_COMPARE_ARRAYS(theta, expected, 2 * std::numeric_limits<double>::epsilon(), 0.0);
    }

    void closedForms() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 1e4);
        QCOMPARE(theta[0], 1.0);
        // i = d/4 = 32 gives exponent -1/2: θ = 1/sqrt(b) = 0.01 exactly in real arithmetic.
        QCOMPARE(theta[32], 0.01); // pow(1e4, 0.5) = 100 exactly, 1/100 rounds to the double 0.01
        // Ladder ratio θ_{i+1}/θ_i = b^(-2/d) everywhere (the β-base reading, β = b^(2/d)).
        const double ratio = std::pow(1e4, -2.0 / 128);
        for (int i = 0; i + 1 < 64; ++i) {
            QVERIFY(rope::test::close(theta[i + 1] / theta[i], ratio, 1e-14));
        }
    }

    void wavelengthsAreTwoPiOverTheta() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies(4, 1e4);
        // d=4: θ = {1, 0.01}, λ = {2π, 200π}.
        const Eigen::ArrayXd lambda = rope::wavelengths(theta);
        QVERIFY(rope::test::close(lambda[0], 2 * std::numbers::pi, 1e-15));
        QVERIFY(rope::test::close(lambda[1], 200 * std::numbers::pi, 1e-14));
    }

    void rotationAnglesAreLinearInPosition() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies(4, 1e4);
        const Eigen::ArrayXd a = rope::rotationAngles(theta, 7.0);
        QCOMPARE(a[0], 7.0);
        QVERIFY(rope::test::close(a[1], 0.07, 1e-14));
        QCOMPARE(rope::rotationAngles(theta, 0.0)[1], 0.0);
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("odd dim") << 7 << 1e4 << "dim";
        QTest::newRow("zero dim") << 0 << 1e4 << "dim";
        QTest::newRow("negative dim") << -4 << 1e4 << "dim";
        QTest::newRow("dim too large") << 16384 << 1e4 << "dim";
        QTest::newRow("base 1") << 64 << 1.0 << "base";
        QTest::newRow("base below 1") << 64 << 0.5 << "base";
        QTest::newRow("base NaN") << 64 << std::nan("") << "base";
        QTest::newRow("base inf") << 64 << std::numeric_limits<double>::infinity() << "base";
    }
    void rejectsInvalidInput() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(QString, parameter);
        try {
            rope::inverseFrequencies(dim, base);
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY2(QString::fromUtf8(e.what()).contains(parameter), e.what());
        }
    }

    void rejectsNonFinitePosition() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies(4, 1e4);
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                                 rope::rotationAngles(theta, std::nan("")));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::rotationAngles(theta, 1e13));
    }
};

QTEST_APPLESS_MAIN(TestFrequencies)
#include "tst_frequencies.moc"
