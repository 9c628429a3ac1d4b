// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/position_schemes.h"
#include "core/rope_params.h"
#include "tests/core/reference/position_schemes_reference.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <limits>

// Expected values: ALiBi's slopes in closed form (2^(−8h/n); for n = 12 the odd slopes of 16
// heads, 2^(−(2k+1)/2)) and from tests/core/reference/position_schemes_reference.py (NumPy,
// Press et al.'s get_slopes); T5 bucket ids from the same script (NumPy following transformers'
// T5Attention._relative_position_bucket); the sinusoidal table at hand-evaluated points; and
// exact structural laws: RoPE's score depends on i − j alone (a Toeplitz score map for a
// repeated token), ALiBi and T5 add a bias that is a function of i − j (the difference to NoPE's
// scores on the same input), p = 1 is RoPE and p = 0 is NoPE, attention without positions and
// without a mask is permutation equivariant, a causal layer is not.
using rope::test::throwsNaming;

class TestPositionSchemes : public QObject {
    Q_OBJECT


    static rope::SchemeResult run(rope::PositionScheme s, const rope::SchemeToyParams& p) {
        return rope::evaluateScheme(s, p, rope::schemeInputs(p));
    }

private slots:
    void idsAreTheContract() {
        const char* ids[] = {"none",  "learned", "sinusoidal", "rope",
                             "alibi", "t5",      "nope",       "p-rope"};
        QCOMPARE(rope::allPositionSchemes().size(), std::size_t{8});
        for (std::size_t i = 0; i < 8; ++i) {
            const rope::PositionScheme s = rope::allPositionSchemes()[i];
            QCOMPARE(QString(rope::positionSchemeId(s)), QString(ids[i]));
            QCOMPARE(rope::parsePositionScheme(ids[i]), s);
        }
        QVERIFY(throwsNaming("scheme", [] { rope::parsePositionScheme("xpos"); }));
    }

    void alibiSlopesPowerOfTwo() {
        // n = 8: 2^(−h), h = 1 … 8 (Press et al. 2021, §3).
        const std::vector<double> s = rope::alibiSlopes(8);
        QCOMPARE(s.size(), std::size_t{8});
        for (int h = 1; h <= 8; ++h) {
            QCOMPARE(s[static_cast<std::size_t>(h - 1)], std::ldexp(1.0, -h));
        }
        // n = 1: 2^(−8); n = 16: 2^(−h/2).
        QCOMPARE(rope::alibiSlopes(1).front(), std::ldexp(1.0, -8));
        QVERIFY(std::abs(rope::alibiSlopes(16)[2] - std::pow(2.0, -1.5)) < 1e-16);
    }

    void alibiSlopesOtherCounts() {
        // n = 12: the 8 slopes of 8 heads, then slopes 1, 3, 5, 7 of 16 heads: 2^(−(2k+1)/2).
        const std::vector<double> s = rope::alibiSlopes(12);
        QCOMPARE(s.size(), std::size_t{12});
        for (int h = 1; h <= 8; ++h) {
            QCOMPARE(s[static_cast<std::size_t>(h - 1)], std::ldexp(1.0, -h));
        }
        for (int k = 0; k < 4; ++k) {
            const double expected = std::pow(2.0, -(2.0 * k + 1.0) / 2.0);
            QVERIFY2(std::abs(s[static_cast<std::size_t>(8 + k)] - expected) < 1e-15,
                     qPrintable(QString::number(k)));
        }
        for (const auto& row : rope::reference::kAlibiSlopes) {
            const std::vector<double> got = rope::alibiSlopes(row.heads);
            QCOMPARE(static_cast<int>(got.size()), row.heads);
            for (int h = 0; h < row.heads; ++h) {
                QVERIFY2(std::abs(got[static_cast<std::size_t>(h)] - row.slopes[h]) <=
                             1e-15 * row.slopes[h],
                         qPrintable(QStringLiteral("n=%1 h=%2").arg(row.heads).arg(h)));
            }
        }
        QVERIFY(throwsNaming("heads", [] { rope::alibiSlopes(0); }));
    }

    void t5BucketsMatchTransformers() {
        for (const auto& row : rope::reference::kT5Buckets) {
            const int got = rope::t5RelativePositionBucket(row.relativePosition, row.bidirectional,
                                                           row.numBuckets, row.maxDistance);
            QVERIFY2(got == row.bucket, qPrintable(QStringLiteral("B=%1 D=%2 bi=%3 r=%4: %5 ≠ %6")
                                                       .arg(row.numBuckets)
                                                       .arg(row.maxDistance)
                                                       .arg(row.bidirectional)
                                                       .arg(row.relativePosition)
                                                       .arg(got)
                                                       .arg(row.bucket)));
        }
        QVERIFY(throwsNaming("buckets", [] { rope::t5RelativePositionBucket(1, true, 7, 128); }));
        QVERIFY(
            throwsNaming("max-distance", [] { rope::t5RelativePositionBucket(1, true, 32, 8); }));
    }

    void sinusoidalTableClosedForm() {
        const Eigen::MatrixXd pe = rope::sinusoidalTable(3, 4, 10000.0);
        // PE(t, 2i) = sin(t / 10000^(2i/4)), PE(t, 2i+1) = cos(…): 10000^(1/2) = 100.
        QCOMPARE(pe(0, 0), 0.0);
        QCOMPARE(pe(0, 1), 1.0);
        QVERIFY(std::abs(pe(1, 0) - std::sin(1.0)) < 1e-15);
        QVERIFY(std::abs(pe(1, 1) - std::cos(1.0)) < 1e-15);
        QVERIFY(std::abs(pe(2, 2) - std::sin(0.02)) < 1e-15);
        QVERIFY(std::abs(pe(2, 3) - std::cos(0.02)) < 1e-15);
    }

    void pRopeKeepsTheHighestFrequencies() {
        // d = 8, p = 0.5: ⌊0.5·4⌋ = 2 pairs keep θ_i = b^(−2i/8); the two lowest are 0.
        const Eigen::ArrayXd f = rope::pRopeInverseFrequencies(8, 10000.0, 0.5);
        QCOMPARE(f.size(), Eigen::Index{4});
        QCOMPARE(f[0], 1.0);
        QVERIFY(std::abs(f[1] - 0.1) < 1e-16);
        QCOMPARE(f[2], 0.0);
        QCOMPARE(f[3], 0.0);
        // p = 0.75 of 4 pairs: ⌊3⌋ = 3 kept.
        QVERIFY(rope::pRopeInverseFrequencies(8, 10000.0, 0.75)[2] > 0.0);
        QVERIFY(throwsNaming("p", [] { rope::pRopeInverseFrequencies(8, 10000.0, 1.5); }));
    }

    void masks() {
        rope::SchemeToyParams p;
        p.length = 6;
        p.dim = 8;
        for (rope::PositionScheme s : rope::allPositionSchemes()) {
            const rope::SchemeResult r = run(s, p);
            const bool causal = s != rope::PositionScheme::None;
            for (int i = 0; i < 6; ++i) {
                for (int j = 0; j < 6; ++j) {
                    QCOMPARE(std::isnan(r.scores(i, j)), causal && j > i);
                }
            }
        }
        p.mask = rope::AttentionMask::Bidirectional;
        QVERIFY(std::isnan(run(rope::PositionScheme::Nope, p).scores(0, 1)));
        QVERIFY(!std::isnan(run(rope::PositionScheme::Rope, p).scores(0, 1)));
    }

    void relativeSchemesDependOnDistanceOnly() {
        // One token repeated: RoPE's q_i·k_j = q·R(j−i)k, and the biases of ALiBi and T5 are
        // functions of j − i, so every diagonal is constant (rounding only); absolute tables
        // added to x are not.
        rope::SchemeToyParams p;
        p.length = 24;
        p.dim = 32;
        for (rope::AttentionMask mask :
             {rope::AttentionMask::Causal, rope::AttentionMask::Bidirectional}) {
            p.mask = mask;
            for (rope::PositionScheme s : rope::allPositionSchemes()) {
                const double spread = rope::diagonalSpread(run(s, p).scores);
                const bool absolute =
                    s == rope::PositionScheme::Learned || s == rope::PositionScheme::Sinusoidal;
                QVERIFY2(absolute ? spread > 0.05 : spread < 1e-12,
                         qPrintable(
                             QStringLiteral("%1: %2").arg(rope::positionSchemeId(s)).arg(spread)));
            }
        }
    }

    void ropeScoreDependsOnOffsetOnlyForDistinctTokens() {
        // Distinct tokens: s(i, j) for token pair (a, b) placed at (i, j) equals the same pair
        // placed at (i + 3, j + 3): evaluate the same two tokens in two orders.
        rope::SchemeToyParams p;
        p.length = 8;
        p.dim = 16;
        p.distinctTokens = true;
        p.mask = rope::AttentionMask::Bidirectional;
        const rope::SchemeInputs in = rope::schemeInputs(p);
        const rope::SchemeResult a = rope::evaluateScheme(rope::PositionScheme::Rope, p, in);
        // Shift every token 3 places to the right (cyclically): token t now sits at t + 3.
        std::vector<int> order(8);
        for (int t = 0; t < 8; ++t) {
            order[static_cast<std::size_t>((t + 3) % 8)] = t;
        }
        const rope::SchemeResult b = rope::evaluateScheme(rope::PositionScheme::Rope, p, in, order);
        for (int i = 0; i < 5; ++i) {
            for (int j = 0; j < 5; ++j) {
                QVERIFY(std::abs(a.scores(i, j) - b.scores(i + 3, j + 3)) < 1e-12);
            }
        }
        // Sinusoidal: the same shift changes the score.
        const rope::SchemeResult c = rope::evaluateScheme(rope::PositionScheme::Sinusoidal, p, in);
        const rope::SchemeResult e =
            rope::evaluateScheme(rope::PositionScheme::Sinusoidal, p, in, order);
        QVERIFY(std::abs(c.scores(0, 1) - e.scores(3, 4)) > 1e-3);
    }

    void alibiAndT5AreBiasesOnNoPe() {
        rope::SchemeToyParams p;
        p.length = 20;
        p.dim = 8;
        p.distinctTokens = true;
        p.alibiHeads = 8;
        p.alibiHead = 3; // slope 2^(−3)
        const rope::SchemeInputs in = rope::schemeInputs(p);
        const Eigen::MatrixXd nope = rope::evaluateScheme(rope::PositionScheme::Nope, p, in).scores;
        const Eigen::MatrixXd alibi =
            rope::evaluateScheme(rope::PositionScheme::Alibi, p, in).scores;
        const Eigen::MatrixXd t5 = rope::evaluateScheme(rope::PositionScheme::T5, p, in).scores;
        for (int i = 0; i < 20; ++i) {
            for (int j = 0; j <= i; ++j) {
                QVERIFY(std::abs(alibi(i, j) - nope(i, j) + 0.125 * (i - j)) < 1e-13);
            }
        }
        // T5, causal, B = 32, D = 128: the bias of bucket(j − i) from the NumPy table.
        int checked = 0;
        for (const auto& row : rope::reference::kT5Buckets) {
            if (row.numBuckets != 32 || row.maxDistance != 128 || row.bidirectional ||
                row.relativePosition > 0 || row.relativePosition <= -20) {
                continue;
            }
            const int delta = static_cast<int>(-row.relativePosition);
            const double bias = in.t5Bias[static_cast<std::size_t>(row.bucket)];
            for (int i = delta; i < 20; ++i) {
                QVERIFY(std::abs(t5(i, i - delta) - nope(i, i - delta) - bias) < 1e-13);
            }
            ++checked;
        }
        QVERIFY(checked >= 8);
    }

    void pRopeLimits() {
        rope::SchemeToyParams p;
        p.length = 10;
        p.dim = 16;
        p.distinctTokens = true;
        const rope::SchemeInputs in = rope::schemeInputs(p);
        p.pRopeFraction = 1.0;
        const Eigen::MatrixXd full =
            rope::evaluateScheme(rope::PositionScheme::PRope, p, in).scores;
        const Eigen::MatrixXd rope = rope::evaluateScheme(rope::PositionScheme::Rope, p, in).scores;
        p.pRopeFraction = 0.0;
        const Eigen::MatrixXd none =
            rope::evaluateScheme(rope::PositionScheme::PRope, p, in).scores;
        const Eigen::MatrixXd nope = rope::evaluateScheme(rope::PositionScheme::Nope, p, in).scores;
        for (int i = 0; i < 10; ++i) {
            for (int j = 0; j <= i; ++j) {
                QCOMPARE(full(i, j), rope(i, j));
                QCOMPARE(none(i, j), nope(i, j));
            }
        }
    }

    void permutationTest() {
        rope::SchemeToyParams p;
        p.length = 8;
        p.dim = 16;
        // No positions, no mask: reordering the tokens reorders the outputs (rounding only).
        QVERIFY(rope::permutationResidual(rope::PositionScheme::None, p) < 1e-12);
        // Every other scheme sees the order (NoPE through its causal mask alone).
        for (rope::PositionScheme s : rope::allPositionSchemes()) {
            if (s != rope::PositionScheme::None) {
                QVERIFY2(rope::permutationResidual(s, p) > 1e-3, rope::positionSchemeId(s));
            }
        }
        // NoPE's last query sees every key as a set: permuting the tokens before it leaves its
        // output unchanged, while an earlier query's output changes.
        p.distinctTokens = true;
        const rope::SchemeInputs in = rope::schemeInputs(p);
        const std::vector<int> prefixShuffled = {3, 0, 6, 1, 5, 2, 4, 7};
        const rope::SchemeResult a = rope::evaluateScheme(rope::PositionScheme::Nope, p, in);
        const rope::SchemeResult b =
            rope::evaluateScheme(rope::PositionScheme::Nope, p, in, prefixShuffled);
        QVERIFY((a.output.row(7) - b.output.row(7)).cwiseAbs().maxCoeff() < 1e-12);
        QVERIFY((a.output.row(0) - b.output.row(1)).cwiseAbs().maxCoeff() > 1e-3);
        QVERIFY(throwsNaming("order", [&] {
            rope::evaluateScheme(rope::PositionScheme::Nope, p, in, {0, 0, 1, 2, 3, 4, 5, 6});
        }));
    }

    void learnedTableIsSeededAndPrefixStable() {
        rope::SchemeToyParams p;
        p.length = 5;
        p.dim = 8;
        const rope::SchemeInputs a = rope::schemeInputs(p);
        const rope::SchemeInputs b = rope::schemeInputs(p);
        QCOMPARE(a.learned, b.learned);
        p.length = 9;
        QCOMPARE(rope::schemeInputs(p).learned.topRows(5), a.learned);
        p.seed = 7;
        QVERIFY((rope::schemeInputs(p).learned.topRows(5) - a.learned).cwiseAbs().maxCoeff() >
                1e-3);
    }

    void distanceProfileOfAKnownMatrix() {
        // s(i, j) = 10·i + j, causal: diagonal δ = i − j ≥ 0 holds 10i + i − δ = 11i − δ,
        // i = δ … 2, so its mean is 11·(δ + 2)/2 − δ.
        Eigen::MatrixXd s(3, 3);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        s << 0, nan, nan, 10, 11, nan, 20, 21, 22;
        const auto profile = rope::distanceProfile(s);
        QCOMPARE(profile.size(), std::size_t{3});
        for (const auto& [delta, mean] : profile) {
            QVERIFY(delta >= 0);
            QCOMPARE(mean, 11.0 * (delta + 2) / 2.0 - delta);
        }
        QCOMPARE(rope::diagonalSpread(s), 22.0);
    }

    void badSizes() {
        rope::SchemeToyParams p;
        p.length = 1;
        QVERIFY(throwsNaming("length", [&] { rope::schemeInputs(p); }));
        p.length = 8;
        p.dim = 7;
        QVERIFY(throwsNaming("dim", [&] { rope::schemeInputs(p); }));
        p.dim = 8;
        p.alibiHead = 9;
        QVERIFY(throwsNaming("head", [&] { run(rope::PositionScheme::Alibi, p); }));
    }
};

QTEST_MAIN(TestPositionSchemes)
#include "tst_position_schemes.moc"
