// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/research_rules.h"
#include "core/rope_params.h"
#include "tests/core/reference/research_rules_reference.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <vector>

// Expected values: the critical dimension of LLaMA2 as stated by Liu et al. (arXiv 2310.05209:
// d_extra = 92 for d = 128, b = 10⁴, T_train = 4096), others worked by hand in the comments,
// and the NumPy script tests/core/reference/research_rules_reference.py (Lemma 1 counted over
// the ladder; Men et al.'s Table 1 fitted again; the fit against the certified NumPy b*).

class TestResearchRules : public QObject {
    Q_OBJECT

private slots:
    void criticalDimensionOfLlama2IsThePapers() {
        QCOMPARE(rope::criticalDimension(128, 1e4, 4096), 92);
    }

    void criticalDimensionByHand_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("train");
        QTest::addColumn<int>("expected");
        // 64·log10(651.9)/6 = 64·2.8142/6 = 30.02 → 2·31.
        QTest::newRow("b=1e6") << 128 << 1e6 << 4096.0 << 62;
        // 32·log10(2048/2π)/4 = 32·2.5132/4 = 20.11 → 2·21.
        QTest::newRow("d=64 L=2048") << 64 << 1e4 << 2048.0 << 42;
        // T < 2π: log negative, no pair turns.
        QTest::newRow("T<2pi") << 128 << 1e4 << 6.0 << 0;
        // T ≥ 2π·b: (d/2)·log_b(T/2π) ≥ d/2, every pair turns.
        QTest::newRow("T>=2pi b") << 128 << 1e4 << 2 * std::numbers::pi * 1e4 * 2 << 128;
    }
    void criticalDimensionByHand() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, train);
        QFETCH(int, expected);
        QCOMPARE(rope::criticalDimension(dim, base, train), expected);
    }

    void criticalDimensionEqualsLemma1sCount() {
        for (const auto& c : rope::reference::kCriticalDimensionCases) {
            QCOMPARE(rope::criticalDimension(c.dim, c.base, c.train), c.critical);
        }
    }

    void criticalDimensionRejectsBadInput() {
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::criticalDimension(127, 1e4, 4096));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::criticalDimension(128, 1.0, 4096));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::criticalDimension(128, 1e4, 0));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                                 rope::criticalDimension(128, 1e4, std::nan("")));
    }

    void menConstantsAreTheirTable1Fit() {
        // Fitting Table 1's printed (two-digit) bounds again gives the exponent to the four
        // digits printed (1.62835) and the coefficient within 0.2 % (0.042347 against 0.0424):
        // the paper fitted its unrounded bounds, so the last digit of 0.0424 may differ.
        QCOMPARE(std::round(rope::reference::kMenTableFitExponent * 1e3) / 1e3,
                 rope::kMenFitExponent);
        QVERIFY(std::abs(rope::reference::kMenTableFitCoefficient / rope::kMenFitCoefficient - 1) <
                0.002);
    }

    void menFitAgainstExactBases() {
        std::vector<double> contexts;
        std::vector<double> exact;
        for (const auto& r : rope::reference::kMenFitRatios) {
            QVERIFY(std::abs(rope::menFittedBase(r.context) / r.exact / r.ratio - 1) < 1e-12);
            contexts.push_back(r.context);
            exact.push_back(r.exact);
        }
        const rope::FitGap gap = rope::menFitGap(contexts, exact);
        QCOMPARE(gap.context, rope::reference::kMenFitWorstContext);
        QVERIFY(std::abs(gap.ratio / rope::reference::kMenFitWorstRatio - 1) < 1e-12);
        // By hand from the table: lowest at 1k (0.786), highest at 1M (4.11).
        QVERIFY(std::abs(gap.lowestRatio - 0.7858) < 1e-4);
        QVERIFY(std::abs(gap.highestRatio - 4.1067) < 1e-4);
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::menFitGap(contexts, {}));
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::menFittedBase(0.5));
    }

    void fopeZeroesThePairsBeyondTheCriticalDimension() {
        QCOMPARE(rope::fopeFloorFrequency(4096), 2 * std::numbers::pi / 4096);
        // LLaMA2: pairs 46 … 63 have 2π·10⁴^(2i/128) > 4096 (i > 45.03): 18 = 64 − 92/2.
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 1e4);
        QCOMPARE(rope::fopeZeroedPairs(theta, 4096), 18);
        // A switched-off pair (θ = 0) is not counted again.
        Eigen::ArrayXd withZero = theta;
        withZero[63] = 0.0;
        QCOMPARE(rope::fopeZeroedPairs(withZero, 4096), 17);
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter, rope::fopeFloorFrequency(-1));
    }

    void fopeClipsStrictlyBelowTheFloor() {
        // FoPE's released code zeroes inv_freq < 2π/N, strictly: θ = 0.5 = 2π/(4π) sits on the
        // floor for N = 4π and is kept. The next double below 4π raises the floor 2π/N above
        // θ (clipped); the next one above lowers it (kept).
        const Eigen::ArrayXd theta = Eigen::ArrayXd::Constant(1, 0.5);
        const double onFloor = 4.0 * std::numbers::pi;
        QCOMPARE(2.0 * std::numbers::pi / onFloor, 0.5);
        QCOMPARE(rope::fopeZeroedPairs(theta, onFloor), 0);
        QCOMPARE(rope::fopeZeroedPairs(theta, std::nextafter(onFloor, 0.0)), 1);
        QCOMPARE(rope::fopeZeroedPairs(theta, std::nextafter(onFloor, 100.0)), 0);
    }
};

QTEST_MAIN(TestResearchRules)
#include "tst_research_rules.moc"
