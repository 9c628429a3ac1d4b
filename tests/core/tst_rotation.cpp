// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "core/rotation.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numbers>
#include <random>

// Expected values: hand-computed closed forms (cos 1, sin 1 as decimal literals; quarter turns;
// literal index vectors derived from HF's view/transpose), and a long-double recomputation of
// every entry of R_m from the definition (the block layout is rebuilt here, not borrowed).
// The four application forms are compared with each other: they share only the angles m·θ_i.

Q_DECLARE_METATYPE(rope::Layout)

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

Eigen::ArrayXd randomVector(Eigen::Index n, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    Eigen::ArrayXd v(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        v[i] = u(gen);
    }
    return v;
}

Eigen::MatrixXd randomMatrix(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    Eigen::MatrixXd m(rows, cols);
    for (Eigen::Index j = 0; j < cols; ++j) {
        for (Eigen::Index i = 0; i < rows; ++i) {
            m(i, j) = u(gen);
        }
    }
    return m;
}

} // namespace

class TestRotation : public QObject {
    Q_OBJECT

private slots:
    void fourFormsAgree_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("position");
        QTest::addColumn<rope::Layout>("layout");
        for (int d : {2, 4, 8, 64, 128, 256}) {
            for (double m : {0.0, 1.0, 7.0, 1000.0, 1e6, -5.0}) {
                for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
                    QTest::addRow("d=%d m=%g %s", d, m, rope::layoutId(l)) << d << m << l;
                }
            }
        }
    }
    void fourFormsAgree() {
        QFETCH(int, dim);
        QFETCH(double, position);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, 1e4);
        const Eigen::ArrayXd x = randomVector(dim, 1000 + dim);
        const Eigen::ArrayXd dense = rope::applyRopeDense(x, theta, position, layout);
        const Eigen::ArrayXd complexForm = rope::applyRopeComplex(x, theta, position, layout);
        const Eigen::ArrayXd elementwise = layout == rope::Layout::Interleaved
                                               ? rope::applyRopeInterleaved(x, theta, position)
                                               : rope::applyRopeRotateHalf(x, theta, position);
        const Eigen::ArrayXd convenience = rope::applyRope(x, theta, position, layout);
        // All forms use the same rounded angles and cos/sin values; they differ only in how
        // two products per coordinate are summed (each ≤ 1 ulp of |x|∞ ≤ 1), so 4ε absolute.
        const double tol = 4 * kEps;
        ROPE_COMPARE_ARRAYS(complexForm, dense, 0.0, tol);
        ROPE_COMPARE_ARRAYS(elementwise, dense, 0.0, tol);
        ROPE_COMPARE_ARRAYS(convenience, elementwise, 0.0, 0.0);
        // The dense form must also equal the explicit matrix (not only its product).
        const Eigen::MatrixXd r = rope::rotationMatrix(theta, position, layout);
        ROPE_COMPARE_ARRAYS((r * x.matrix()).array(), dense, 0.0, 0.0);
    }

    void layoutsAreRelatedByPermutation_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("position");
        for (int d : {2, 8, 128}) {
            for (double m : {1.0, 1000.0, -5.0}) {
                QTest::addRow("d=%d m=%g", d, m) << d << m;
            }
        }
    }
    void layoutsAreRelatedByPermutation() {
        QFETCH(int, dim);
        QFETCH(double, position);
        // rotate_half on the permuted vector is the permuted interleaved rotation: the same
        // arithmetic on the same numbers, so equality is exact.
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, 1e4);
        const Eigen::ArrayXd x = randomVector(dim, 7);
        const Eigen::VectorXi p = rope::interleavedToHalfPermutation(dim);
        const Eigen::ArrayXd viaHalf =
            rope::applyRopeRotateHalf(rope::permuteVector(x, p), theta, position);
        const Eigen::ArrayXd viaInterleaved =
            rope::permuteVector(rope::applyRopeInterleaved(x, theta, position), p);
        ROPE_COMPARE_ARRAYS(viaHalf, viaInterleaved, 0.0, 0.0);
    }

    void matchesLongDoubleRecomputation_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("position");
        QTest::addColumn<rope::Layout>("layout");
        for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
            for (double m : {1.0, 7.0, -5.0, 1000.0, 1e6, 123456789.0}) {
                QTest::addRow("d=8 m=%g %s", m, rope::layoutId(l)) << 8 << 1e4 << m << l;
                QTest::addRow("d=128 b=5e5 m=%g %s", m, rope::layoutId(l)) << 128 << 5e5 << m << l;
            }
        }
    }
    void matchesLongDoubleRecomputation() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, position);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const Eigen::MatrixXd r = rope::rotationMatrix(theta, position, layout);
        const int half = dim / 2;
        Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(dim, dim);
        for (int i = 0; i < half; ++i) {
            const long double angle = static_cast<long double>(position) * theta[i];
            const int a = layout == rope::Layout::Interleaved ? 2 * i : i;
            const int b = layout == rope::Layout::Interleaved ? 2 * i + 1 : i + half;
            expected(a, a) = expected(b, b) = static_cast<double>(cosl(angle));
            expected(a, b) = static_cast<double>(-sinl(angle));
            expected(b, a) = static_cast<double>(sinl(angle));
        }
        // Double rounds m·θ_i to within |m·θ_i|·ε/2 (θ_0 = 1 is the largest angle rate), and
        // cos/sin add ≤ 1 ulp: tolerance |m|·ε + 2ε, absolute.
        const double tol = std::abs(position) * kEps + 2 * kEps;
        ROPE_COMPARE_ARRAYS(r.reshaped(), expected.reshaped(), 0.0, tol);
    }

    void positionZeroIsIdentity() {
        for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
            const Eigen::MatrixXd r =
                rope::rotationMatrix(rope::inverseFrequencies(64, 1e4), 0.0, l);
            QVERIFY(r == Eigen::MatrixXd::Identity(64, 64)); // cos 0 = 1 and sin 0 = 0 exactly
        }
    }

    void quarterTurns_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("cosExpected");
        QTest::addColumn<double>("sinExpected");
        QTest::newRow("k=1") << 1 << 0.0 << 1.0;
        QTest::newRow("k=2") << 2 << -1.0 << 0.0;
        QTest::newRow("k=3") << 3 << 0.0 << -1.0;
        QTest::newRow("k=4") << 4 << 1.0 << 0.0;
        QTest::newRow("k=-1") << -1 << 0.0 << -1.0;
    }
    void quarterTurns() {
        QFETCH(int, k);
        QFETCH(double, cosExpected);
        QFETCH(double, sinExpected);
        // θ = π/2 rounded to double (error ≤ 1e-16), so angle kπ/2 is off by ≤ 4·1e-16: the
        // values are 0/±1 within 1e-15.
        Eigen::ArrayXd theta(1);
        theta << std::numbers::pi / 2;
        for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
            const Eigen::MatrixXd r = rope::rotationMatrix(theta, k, l);
            QVERIFY(rope::test::close(r(0, 0), cosExpected, 0.0, 1e-15));
            QVERIFY(rope::test::close(r(1, 1), cosExpected, 0.0, 1e-15));
            QVERIFY(rope::test::close(r(1, 0), sinExpected, 0.0, 1e-15));
            QVERIFY(rope::test::close(r(0, 1), -sinExpected, 0.0, 1e-15));
        }
    }

    void handValues() {
        // cos 1 and sin 1 to 20 significant digits (the compiler rounds them to the nearest
        // double).
        const double cos1 = 0.54030230586813971740;
        const double sin1 = 0.84147098480789650665;
        Eigen::ArrayXd one(1);
        one << 1.0;
        Eigen::ArrayXd e0(2);
        e0 << 1.0, 0.0;
        Eigen::ArrayXd e1(2);
        e1 << 0.0, 1.0;
        const Eigen::ArrayXd r0 = rope::applyRope(e0, one, 1.0, rope::Layout::Interleaved);
        const Eigen::ArrayXd r1 = rope::applyRope(e1, one, 1.0, rope::Layout::Interleaved);
        Eigen::ArrayXd exp0(2);
        exp0 << cos1, sin1;
        Eigen::ArrayXd exp1(2);
        exp1 << -sin1, cos1;
        ROPE_COMPARE_ARRAYS(r0, exp0, 0.0, kEps);
        ROPE_COMPARE_ARRAYS(r1, exp1, 0.0, kEps);

        // d = 4, b = 1e4: θ = (1, 0.01). At m = 100 pair 1 turns by exactly 1 rad, with no
        // rounding: 100·fl(0.01) rounds to exactly 1.0.
        const Eigen::ArrayXd theta = rope::inverseFrequencies(4, 1e4);
        Eigen::ArrayXd x(4);
        x << 0.0, 0.0, 1.0, 0.0;
        Eigen::ArrayXd expInterleaved(4);
        expInterleaved << 0.0, 0.0, cos1, sin1;
        ROPE_COMPARE_ARRAYS(rope::applyRope(x, theta, 100.0, rope::Layout::Interleaved),
                            expInterleaved, 0.0, 2 * kEps);
        // Half layout, m = 1: pair 0 is (x0, x2). Rotating e0 by 1 rad gives (cos1, 0, sin1, 0).
        Eigen::ArrayXd y(4);
        y << 1.0, 0.0, 0.0, 0.0;
        Eigen::ArrayXd expHalf(4);
        expHalf << cos1, 0.0, sin1, 0.0;
        ROPE_COMPARE_ARRAYS(rope::applyRope(y, theta, 1.0, rope::Layout::Half), expHalf, 0.0, kEps);
    }

    void ropeTablesLayouts() {
        Eigen::ArrayXd theta(2);
        theta << 1.0, 0.5;
        const rope::RopeTables inter = rope::ropeTables(theta, 2.0, rope::Layout::Interleaved);
        const rope::RopeTables half = rope::ropeTables(theta, 2.0, rope::Layout::Half);
        const double c2 = -0.41614683654714238700; // cos 2
        const double c1 = 0.54030230586813971740;  // cos 1
        Eigen::ArrayXd expInter(4);
        expInter << c2, c2, c1, c1; // repeat_interleave
        Eigen::ArrayXd expHalf(4);
        expHalf << c2, c1, c2, c1; // cat(freqs, freqs)
        ROPE_COMPARE_ARRAYS(inter.cos, expInter, 0.0, kEps);
        ROPE_COMPARE_ARRAYS(half.cos, expHalf, 0.0, kEps);
        QVERIFY(rope::test::close(half.sin[1], 0.84147098480789650665, 0.0, kEps));
    }

    void rotationHelpers() {
        Eigen::ArrayXd x(6);
        x << 1, 2, 3, 4, 5, 6;
        Eigen::ArrayXd rot(6);
        rot << -2, 1, -4, 3, 0, 0;
        Eigen::ArrayXd half(6);
        half << -3, -4, 1, 2, 0, 0;
        Eigen::ArrayXd fullHalf(6);
        fullHalf << -4, -5, -6, 1, 2, 3;
        ROPE_COMPARE_ARRAYS(rope::rotateInterleavedPairs(x, 4), rot, 0.0, 0.0);
        ROPE_COMPARE_ARRAYS(rope::rotateHalf(x, 4), half, 0.0, 0.0);
        ROPE_COMPARE_ARRAYS(rope::rotateHalf(x, 6), fullHalf, 0.0, 0.0);
    }

    void permutationLiterals() {
        Eigen::VectorXi p(8);
        p << 0, 2, 4, 6, 1, 3, 5, 7;
        Eigen::VectorXi q(8);
        q << 0, 4, 1, 5, 2, 6, 3, 7;
        QVERIFY(rope::interleavedToHalfPermutation(8) == p);
        QVERIFY(rope::halfToInterleavedPermutation(8) == q);
        // HF permute: w.view(2 heads, 2, 2, dim).transpose(1, 2): per head rows (0,2,1,3).
        Eigen::VectorXi hf(8);
        hf << 0, 2, 1, 3, 4, 6, 5, 7;
        QVERIFY(rope::qkRowPermutation(2, 4) == hf);
    }

    void permutationAndInverseCompose_data() {
        QTest::addColumn<int>("dim");
        for (int d : {2, 4, 6, 8, 64, 128, 8192}) {
            QTest::addRow("d=%d", d) << d;
        }
    }
    void permutationAndInverseCompose() {
        QFETCH(int, dim);
        const Eigen::VectorXi p = rope::interleavedToHalfPermutation(dim);
        const Eigen::VectorXi q = rope::halfToInterleavedPermutation(dim);
        for (int j = 0; j < dim; ++j) {
            QCOMPARE(q[p[j]], j);
            QCOMPARE(p[q[j]], j);
        }
        const Eigen::ArrayXd x = randomVector(dim, 3);
        ROPE_COMPARE_ARRAYS(rope::permuteVector(rope::permuteVector(x, p), q), x, 0.0, 0.0);
    }

    void weightPermutationGivesIdenticalScores_data() {
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<double>("m");
        QTest::addColumn<double>("n");
        QTest::newRow("1 head d=8") << 1 << 8 << 3.0 << 10.0;
        QTest::newRow("4 heads d=16") << 4 << 16 << 0.0 << 17.0;
        QTest::newRow("2 heads d=64 far") << 2 << 64 << 4095.0 << 12.0;
        QTest::newRow("8 heads d=128") << 8 << 128 << 100.0 << 101.0;
    }
    void weightPermutationGivesIdenticalScores() {
        QFETCH(int, heads);
        QFETCH(int, headDim);
        QFETCH(double, m);
        QFETCH(double, n);
        const int model = heads * headDim;
        const Eigen::MatrixXd wq = randomMatrix(model, model, 11);
        const Eigen::MatrixXd wk = randomMatrix(model, model, 12);
        const Eigen::VectorXd xm = randomVector(model, 13).matrix();
        const Eigen::VectorXd xn = randomVector(model, 14).matrix();
        const Eigen::VectorXi perm = rope::qkRowPermutation(heads, headDim);
        const Eigen::MatrixXd wqHf = rope::permuteRows(wq, perm);
        const Eigen::MatrixXd wkHf = rope::permuteRows(wk, perm);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(headDim, 1e4);
        const Eigen::ArrayXd q = (wq * xm).array();
        const Eigen::ArrayXd k = (wk * xn).array();
        const Eigen::ArrayXd qHf = (wqHf * xm).array();
        const Eigen::ArrayXd kHf = (wkHf * xn).array();
        for (int h = 0; h < heads; ++h) {
            const auto seg = [&](const Eigen::ArrayXd& v) {
                return Eigen::ArrayXd(v.segment(h * headDim, headDim));
            };
            const double meta =
                rope::attentionScore(seg(q), seg(k), theta, m, n, rope::Layout::Interleaved);
            const double hf =
                rope::attentionScore(seg(qHf), seg(kHf), theta, m, n, rope::Layout::Half);
            // Same products, summed in a different order: |error| ≤ d·ε·Σ|q_i k_i| (Higham's
            // dot-product bound); Σ|q_i k_i| ≤ ‖q‖‖k‖.
            const double scale = seg(q).matrix().norm() * seg(k).matrix().norm();
            QVERIFY2(rope::test::close(hf, meta, 0.0, headDim * kEps * scale),
                     qPrintable(QStringLiteral("head %1: %2 vs %3").arg(h).arg(hf).arg(meta)));
        }
    }

    // p-RoPE switches its last pairs off with θ = 0: at any position those pairs are the
    // identity (cos 0 = 1, sin 0 = 0 exactly), and the others turn by m·θ_i as usual. Expected:
    // the closed-form 2×2 rotation by m·θ_i per pair, written out here.
    void zeroFrequencyPairsPassThrough_data() {
        QTest::addColumn<rope::Layout>("layout");
        QTest::newRow("interleaved") << rope::Layout::Interleaved;
        QTest::newRow("half") << rope::Layout::Half;
    }
    void zeroFrequencyPairsPassThrough() {
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = (Eigen::ArrayXd(4) << 1.0, 0.25, 0.0, 0.0).finished();
        const Eigen::ArrayXd x = randomVector(8, 5);
        const double m = 3.0;
        // Pair i holds coordinates (2i, 2i+1) interleaved, (i, i+4) in the half layout.
        const auto first = [layout](int i) { return layout == rope::Layout::Half ? i : 2 * i; };
        const auto second = [layout](int i) {
            return layout == rope::Layout::Half ? i + 4 : 2 * i + 1;
        };
        Eigen::ArrayXd expected = x;
        for (int i = 0; i < 4; ++i) {
            const double a = m * theta[i];
            expected[first(i)] = std::cos(a) * x[first(i)] - std::sin(a) * x[second(i)];
            expected[second(i)] = std::sin(a) * x[first(i)] + std::cos(a) * x[second(i)];
        }
        for (const Eigen::ArrayXd& y :
             {rope::applyRope(x, theta, m, layout), rope::applyRopeDense(x, theta, m, layout),
              rope::applyRopeComplex(x, theta, m, layout)}) {
            ROPE_COMPARE_ARRAYS(y, expected, 0.0, 4 * kEps);
            for (int i = 2; i < 4; ++i) {
                QCOMPARE(y[first(i)], x[first(i)]);
                QCOMPARE(y[second(i)], x[second(i)]);
            }
        }
    }

    void partialRotaryLeavesTailUntouched_data() {
        QTest::addColumn<rope::Layout>("layout");
        QTest::newRow("interleaved") << rope::Layout::Interleaved;
        QTest::newRow("half") << rope::Layout::Half;
    }
    void partialRotaryLeavesTailUntouched() {
        QFETCH(rope::Layout, layout);
        // GPT-NeoX style: head 10, rotary 6 (partial_rotary_factor 0.6).
        const Eigen::ArrayXd theta = rope::inverseFrequencies(6, 1e4);
        const Eigen::ArrayXd x = randomVector(10, 21);
        const double m = 37.0;
        const Eigen::ArrayXd full = rope::applyRope(Eigen::ArrayXd(x.head(6)), theta, m, layout);
        for (const Eigen::ArrayXd& y :
             {rope::applyRope(x, theta, m, layout), rope::applyRopeDense(x, theta, m, layout),
              rope::applyRopeComplex(x, theta, m, layout)}) {
            ROPE_COMPARE_ARRAYS(y.tail(4), x.tail(4), 0.0, 0.0);
            ROPE_COMPARE_ARRAYS(y.head(6), full, 0.0, 4 * kEps);
        }
        const Eigen::MatrixXd r = rope::rotationMatrix(theta, m, layout, 10);
        QVERIFY(r.bottomRightCorner(4, 4) == Eigen::MatrixXd::Identity(4, 4));
        QVERIFY(r.topRightCorner(6, 4).isZero(0.0));
        QVERIFY(r.bottomLeftCorner(4, 6).isZero(0.0));
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<QString>("parameter");
        QTest::newRow("empty inv_freq") << "inv_freq";
        QTest::newRow("negative inv_freq") << "inv_freq";
        QTest::newRow("nan inv_freq") << "inv_freq";
        QTest::newRow("dense dim too large") << "dim";
        QTest::newRow("partial dim smaller than rotary") << "dim";
        QTest::newRow("partial dim odd") << "dim";
        QTest::newRow("nan position") << "position";
        QTest::newRow("huge position") << "position";
        QTest::newRow("bad layout") << "layout";
        QTest::newRow("vector too short") << "vector";
        QTest::newRow("vector odd") << "vector";
        QTest::newRow("vector nan") << "vector";
        QTest::newRow("k size mismatch") << "k";
        QTest::newRow("m nan") << "m";
        QTest::newRow("n too large") << "n";
        QTest::newRow("permutation repeated") << "permutation";
        QTest::newRow("permutation wrong size") << "permutation";
        QTest::newRow("rows permutation out of range") << "permutation";
        QTest::newRow("heads zero") << "heads";
        QTest::newRow("permutation odd dim") << "dim";
        QTest::newRow("rotary-dim odd") << "rotary-dim";
        QTest::newRow("angles nan") << "angles";
    }
    void rejectsInvalidInput() {
        QFETCH(QString, parameter);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(8, 1e4);
        const Eigen::ArrayXd x = randomVector(8, 1);
        const auto I = rope::Layout::Interleaved;
        const double nan = std::nan("");
        const std::map<QString, std::function<void()>> cases = {
            {"empty inv_freq", [&] { rope::rotationMatrix(Eigen::ArrayXd(), 1.0, I); }},
            {"negative inv_freq", [&] { rope::applyRope(x, -theta, 1.0, I); }},
            {"nan inv_freq",
             [&] { rope::applyRopeComplex(x, Eigen::ArrayXd::Constant(4, nan), 1.0, I); }},
            {"dense dim too large",
             [&] { rope::rotationMatrix(rope::inverseFrequencies(2048, 1e4), 1.0, I); }},
            {"partial dim smaller than rotary", [&] { rope::rotationMatrix(theta, 1.0, I, 6); }},
            {"partial dim odd", [&] { rope::rotationMatrix(theta, 1.0, I, 9); }},
            {"nan position", [&] { rope::applyRope(x, theta, nan, I); }},
            {"huge position", [&] { rope::rotationMatrix(theta, 1e13, I); }},
            {"bad layout", [&] { rope::applyRope(x, theta, 1.0, static_cast<rope::Layout>(7)); }},
            {"vector too short",
             [&] { rope::applyRope(Eigen::ArrayXd(x.head(6)), theta, 1.0, I); }},
            {"vector odd", [&] { rope::applyRopeDense(Eigen::ArrayXd::Ones(9), theta, 1.0, I); }},
            {"vector nan", [&] { rope::applyRopeInterleaved(x * nan, theta, 1.0); }},
            {"k size mismatch",
             [&] { rope::attentionScore(x, Eigen::ArrayXd::Ones(10), theta, 1.0, 2.0, I); }},
            {"m nan", [&] { rope::attentionScore(x, x, theta, nan, 2.0, I); }},
            {"n too large", [&] { rope::attentionScore(x, x, theta, 1.0, 1e14, I); }},
            {"permutation repeated", [&] { rope::permuteVector(x, Eigen::VectorXi::Zero(8)); }},
            {"permutation wrong size",
             [&] { rope::permuteVector(x, rope::interleavedToHalfPermutation(6)); }},
            {"rows permutation out of range",
             [&] {
                 Eigen::VectorXi p = rope::interleavedToHalfPermutation(4);
                 p[0] = 4;
                 rope::permuteRows(Eigen::MatrixXd::Ones(4, 3), p);
             }},
            {"heads zero", [&] { rope::qkRowPermutation(0, 8); }},
            {"permutation odd dim", [&] { rope::interleavedToHalfPermutation(5); }},
            {"rotary-dim odd", [&] { rope::rotateHalf(x, 3); }},
            {"angles nan",
             [&] { rope::rotationMatrixFromAngles(Eigen::ArrayXd::Constant(2, nan), I, 4); }},
        };
        try {
            cases.at(QString::fromLatin1(QTest::currentDataTag()))();
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY2(QString::fromUtf8(e.what()).contains(parameter), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestRotation)
#include "tst_rotation.moc"
