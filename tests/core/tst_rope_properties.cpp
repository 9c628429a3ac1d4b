// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "core/rotation.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

// Properties of R_m checked the way Eigen's test/geo_quaternion.cpp checks rotations: random
// vectors and positions from a seeded generator, compared against what the algebra says must
// hold (norm kept, R_0 = I, R_m R_n = R_{m+n}, R_m^T = R_{-m}, scores depend on m − n only).
// Expected values are these identities, not outputs of the code under test at other inputs
// computed the same way: each side is reached by a different sequence of rotations.

Q_DECLARE_METATYPE(rope::Layout)

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr int kRepeats = 20;

struct Sampler {
    std::mt19937_64 gen;
    explicit Sampler(std::uint64_t seed) : gen(seed) {}
    Eigen::ArrayXd vector(Eigen::Index n) {
        std::normal_distribution<double> g(0.0, 1.0);
        Eigen::ArrayXd v(n);
        for (Eigen::Index i = 0; i < n; ++i) {
            v[i] = g(gen);
        }
        return v;
    }
    double position(double maxAbs) {
        // Integer positions, as tokens are; range [−maxAbs, maxAbs].
        std::uniform_int_distribution<long long> u(-static_cast<long long>(maxAbs),
                                                   static_cast<long long>(maxAbs));
        return static_cast<double>(u(gen));
    }
};

void addRows() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<double>("base");
    QTest::addColumn<rope::Layout>("layout");
    for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
        QTest::addRow("d=2 %s", rope::layoutId(l)) << 2 << 1e4 << l;
        QTest::addRow("d=8 %s", rope::layoutId(l)) << 8 << 1e4 << l;
        QTest::addRow("d=64 b=5e5 %s", rope::layoutId(l)) << 64 << 5e5 << l;
        QTest::addRow("d=128 %s", rope::layoutId(l)) << 128 << 1e4 << l;
    }
}

} // namespace

class TestRopeProperties : public QObject {
    Q_OBJECT

private slots:
    void preservesNorm_data() { addRows(); }
    void preservesNorm() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        Sampler s(100 + dim);
        for (int r = 0; r < kRepeats; ++r) {
            const Eigen::ArrayXd x = s.vector(dim);
            const double m = s.position(1e6);
            const double before = x.matrix().norm();
            const double after = rope::applyRope(x, theta, m, layout).matrix().norm();
            // Whatever the angle, each pair is multiplied by a matrix whose cos² + sin² is
            // 1 ± 2ε, and each coordinate carries ≤ 2 roundings: relative error ≤ 4ε; allow 8ε.
            QVERIFY2(rope::test::close(after, before, 8 * kEps),
                     qPrintable(QStringLiteral("m=%1: %2 vs %3").arg(m).arg(after).arg(before)));
        }
    }

    void positionZeroIsIdentity_data() { addRows(); }
    void positionZeroIsIdentity() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        Sampler s(200 + dim);
        const Eigen::ArrayXd x = s.vector(dim);
        // cos 0 = 1, sin 0 = 0 exactly, so x·1 + turn(x)·0 = x bit for bit.
        ROPE_COMPARE_ARRAYS(rope::applyRope(x, rope::inverseFrequencies(dim, base), 0.0, layout), x,
                            0.0, 0.0);
    }

    void rotationsCompose_data() { addRows(); }
    void rotationsCompose() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        Sampler s(300 + dim);
        for (int r = 0; r < kRepeats; ++r) {
            const Eigen::ArrayXd x = s.vector(dim);
            const double m = s.position(1e4);
            const double n = s.position(1e4);
            const Eigen::ArrayXd twice =
                rope::applyRope(rope::applyRope(x, theta, n, layout), theta, m, layout);
            const Eigen::ArrayXd once = rope::applyRope(x, theta, m + n, layout);
            // Angles m·θ, n·θ, (m+n)·θ are each rounded by ≤ |angle|·ε/2 (θ_0 = 1 is the
            // fastest), the two paths differ by ≤ (|m|+|n|+|m+n|)·ε/2 rad ≤ (|m|+|n|)·ε in
            // angle, i.e. that much times ‖pair‖ ≤ ‖x‖∞·√2 in position; plus ≤ 8ε·‖x‖∞ from
            // cos/sin and the products.
            const double xmax = x.abs().maxCoeff();
            const double tol = ((std::abs(m) + std::abs(n)) * std::sqrt(2.0) + 8.0) * kEps * xmax;
            ROPE_COMPARE_ARRAYS(twice, once, 0.0, tol);
        }
    }

    void inverseIsNegativePosition_data() { addRows(); }
    void inverseIsNegativePosition() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        Sampler s(400 + dim);
        for (int r = 0; r < kRepeats; ++r) {
            const Eigen::ArrayXd x = s.vector(dim);
            const double m = s.position(1e6);
            // (−m)·θ rounds to exactly −(m·θ), so R_{−m} R_m x = x up to cos/sin and product
            // rounding only: 8ε·‖x‖∞.
            const Eigen::ArrayXd back =
                rope::applyRope(rope::applyRope(x, theta, m, layout), theta, -m, layout);
            ROPE_COMPARE_ARRAYS(back, x, 0.0, 8 * kEps * x.abs().maxCoeff());
            // And the dense matrix: R_m^T = R_{−m} exactly (cos even, sin odd in libm).
            if (dim <= 64) {
                QVERIFY(rope::rotationMatrix(theta, m, layout).transpose() ==
                        rope::rotationMatrix(theta, -m, layout));
            }
        }
    }

    void scoreDependsOnlyOnOffset_data() { addRows(); }
    void scoreDependsOnlyOnOffset() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        Sampler s(500 + dim);
        for (int r = 0; r < kRepeats; ++r) {
            const Eigen::ArrayXd q = s.vector(dim);
            const Eigen::ArrayXd k = s.vector(dim);
            const double m = s.position(500);
            const double n = s.position(500);
            const double t = s.position(500);
            const double base0 = rope::attentionScore(q, k, theta, m, n, layout);
            const double shifted = rope::attentionScore(q, k, theta, m + t, n + t, layout);
            // Each of the four rotations has angle error ≤ |position|·θ_0·ε/2, moving the score
            // by ≤ that times ‖q‖‖k‖; plus 2d·ε·Σ|q_i k_i| for the sums. With |m|, |n|, |t| ≤ 500
            // the positions sum to ≤ 3000, so the bound is ≤ 7.3e-13 relative: "~1e-12".
            const double scale = (q * k).abs().sum() + q.matrix().norm() * k.matrix().norm();
            const double tol =
                ((std::abs(m) + std::abs(n) + std::abs(m + t) + std::abs(n + t)) + 2.0 * dim) *
                kEps * scale;
            QVERIFY(tol <= 1e-12 * scale);
            QVERIFY2(rope::test::close(shifted, base0, 0.0, tol),
                     qPrintable(QStringLiteral("m=%1 n=%2 t=%3: %4 vs %5")
                                    .arg(m)
                                    .arg(n)
                                    .arg(t)
                                    .arg(shifted, 0, 'g', 17)
                                    .arg(base0, 0, 'g', 17)));
        }
    }

    void scoreAtEqualPositionsIsPlainDotProduct_data() { addRows(); }
    void scoreAtEqualPositionsIsPlainDotProduct() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        Sampler s(600 + dim);
        const Eigen::ArrayXd q = s.vector(dim);
        const Eigen::ArrayXd k = s.vector(dim);
        // R_m^T R_m = I: at m = n the score is q·k whatever m is (here m = 12345).
        const double scale = q.matrix().norm() * k.matrix().norm();
        QVERIFY(rope::test::close(rope::attentionScore(q, k, theta, 12345.0, 12345.0, layout),
                                  q.matrix().dot(k.matrix()), 0.0, (2.0 * dim + 8) * kEps * scale));
    }
};

QTEST_APPLESS_MAIN(TestRopeProperties)
#include "tst_rope_properties.moc"
