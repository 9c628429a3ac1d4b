// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/identities.h"
#include "core/rope_params.h"
#include "core/rotation.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <random>

// Expected values: every residual is 0 in exact arithmetic (the identities of RoFormer §3.4 and
// kexue.fm/archives/8397), so the test bounds its size by a rounding model stated per slot.
// The generator B and exp(B) at θ = 1 are also checked against hand-written literals, so the
// exponential side is pinned independently of cos/sin.
//
// Rounding model. m·θ_i is rounded to double with error ≤ |m|·θ_0·ε/2 (θ_0 = max θ_i), so
// every matrix built from positions m, n carries angle errors of that size; a residual that
// combines R_m, R_n and R_{n±m} is therefore ≤ (|m| + |n|)·θ_0·ε plus a few ε from cos/sin and
// one 2-term dot product per entry. The tests allow twice that: 2(|m| + |n|)·θ_0·ε + 8ε, which
// is ≈ 4.4e-11 at m, n = ±1e5 (measured: ≈ 1.5e-11).

Q_DECLARE_METATYPE(rope::Layout)

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

double positionTolerance(double thetaMax, double m, double n) {
    return 2.0 * (std::abs(m) + std::abs(n)) * thetaMax * kEps + 8.0 * kEps;
}

Eigen::ArrayXd randomVector(Eigen::Index n, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    Eigen::ArrayXd v(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        v[i] = g(gen);
    }
    return v;
}

void addRows() {
    QTest::addColumn<int>("dim");
    QTest::addColumn<double>("base");
    QTest::addColumn<double>("m");
    QTest::addColumn<double>("n");
    QTest::addColumn<rope::Layout>("layout");
    struct Row {
        int dim;
        double base, m, n;
    };
    const Row rows[] = {
        {128, 1e4, 0, 0},      {128, 1e4, 3, 10},       {128, 1e4, -7, 5},
        {128, 1e4, 1000, 1},   {128, 1e4, 4096, -4096}, {128, 1e4, 99999, 12345},
        {128, 1e4, 1e5, -1e5}, {128, 1e4, 1e5, 1e5},    {2, 1e4, 65536, 3},
        {8, 10.0, -123, 456},  {64, 5e5, 32768, 32767}, {256, 1e6, 50000, -2},
    };
    for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
        for (const Row& r : rows) {
            QTest::addRow("d=%d b=%g m=%g n=%g %s", r.dim, r.base, r.m, r.n, rope::layoutId(l))
                << r.dim << r.base << r.m << r.n << l;
        }
    }
}

} // namespace

class TestIdentities : public QObject {
    Q_OBJECT

private slots:
    void relativity_data() { addRows(); }
    void relativity() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(double, n);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const Eigen::MatrixXd r = rope::relativityResidualMatrix(theta, m, n, layout);
        QCOMPARE(r.rows(), dim);
        QCOMPARE(r.cols(), dim);
        const double res = rope::relativityResidual(theta, m, n, layout);
        QCOMPARE(res, r.cwiseAbs().maxCoeff());
        QVERIFY2(res <= positionTolerance(theta.maxCoeff(), m, n),
                 qPrintable(QString::number(res)));
    }

    void composition_data() { addRows(); }
    void composition() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(double, n);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const double res = rope::compositionResidual(theta, m, n, layout);
        QVERIFY2(res <= positionTolerance(theta.maxCoeff(), m, n),
                 qPrintable(QString::number(res)));
    }

    void orthogonality_data() { addRows(); }
    void orthogonality() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(rope::Layout, layout);
        // cos² + sin² of the same rounded angle is 1 within ~2ε, whatever the position.
        const double res =
            rope::orthogonalityResidual(rope::inverseFrequencies(dim, base), m, layout);
        QVERIFY2(res <= 4 * kEps, qPrintable(QString::number(res)));
    }

    void normPreserved_data() { addRows(); }
    void normPreserved() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd x = randomVector(dim, 5);
        // Dense product: each coordinate is a 2-term sum (other terms are exact zeros) with
        // ≤ 2ε relative error, and the norm adds ≤ d·ε/2: allow (d + 8)·ε·‖x‖.
        const double res = rope::normResidual(x, rope::inverseFrequencies(dim, base), m, layout);
        QVERIFY2(res <= (dim + 8) * kEps * x.matrix().norm(), qPrintable(QString::number(res)));
    }

    void scoreIdentity_data() { addRows(); }
    void scoreIdentity() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(double, n);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        const Eigen::ArrayXd q = randomVector(dim, 6);
        const Eigen::ArrayXd k = randomVector(dim, 7);
        // Angle errors as above move the score by ≤ that many radians times ‖q‖‖k‖; the two
        // d-term dot products add ≤ 2d·ε·‖q‖‖k‖ (Higham, dot-product bound).
        const double scale = q.matrix().norm() * k.matrix().norm();
        const double tol = (positionTolerance(theta.maxCoeff(), m, n) + 2.0 * dim * kEps) * scale;
        const double res = rope::scoreResidual(q, k, theta, m, n, layout);
        QVERIFY2(res <= tol, qPrintable(QStringLiteral("%1 > %2").arg(res).arg(tol)));
    }

    void exponentialEqualsRotation_data() {
        // Own rows: a 256×256 exponential at large m costs ~18 s in the sanitizer (Debug) build,
        // so d = 256 is left to the cheaper identities; d = 128 keeps the realistic case.
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("m");
        QTest::addColumn<rope::Layout>("layout");
        for (rope::Layout l : {rope::Layout::Interleaved, rope::Layout::Half}) {
            for (double m : {0.0, 3.0, -7.0, 4096.0}) {
                QTest::addRow("d=128 m=%g %s", m, rope::layoutId(l)) << 128 << 1e4 << m << l;
            }
            QTest::addRow("d=2 m=65536 %s", rope::layoutId(l)) << 2 << 1e4 << 65536.0 << l;
            QTest::addRow("d=8 b=10 m=-123 %s", rope::layoutId(l)) << 8 << 10.0 << -123.0 << l;
            QTest::addRow("d=64 b=5e5 m=-1e5 %s", rope::layoutId(l)) << 64 << 5e5 << -1e5 << l;
        }
        // exp(mB) does not depend on where the pairs sit; the far position once is enough.
        QTest::newRow("d=128 m=1e5 interleaved") << 128 << 1e4 << 1e5 << rope::Layout::Interleaved;
        QTest::newRow("d=128 m=-1e5 half") << 128 << 1e4 << -1e5 << rope::Layout::Half;
    }
    void exponentialEqualsRotation() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        QFETCH(rope::Layout, layout);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, base);
        // R_m carries angle error ≤ |m|θ_0·ε/2. Eigen's exp (Higham 2005: Padé 13, scaling by
        // 2^-s with s ≈ log2‖mB‖, then s squarings) has backward error ~ε in the scaled
        // matrix, i.e. a forward error ~‖mB‖·ε = |m|θ_0·ε for this normal matrix, and each
        // squaring of a d×d orthogonal matrix adds ≲ d·ε. Allow 4|m|θ_0·ε + 2d·ε + 8ε
        // (measured at d = 128, |m| = 1e5: 8.4e-12 against 9e-11).
        const double tol = 4.0 * std::abs(m) * theta.maxCoeff() * kEps + (2.0 * dim + 8) * kEps;
        const double res = rope::exponentialResidual(theta, m, layout);
        QVERIFY2(res <= tol, qPrintable(QStringLiteral("%1 > %2").arg(res).arg(tol)));
        const Eigen::MatrixXd resMatrix = rope::exponentialResidualMatrix(theta, m, layout);
        QCOMPARE(resMatrix.cwiseAbs().maxCoeff(), res);
    }

    void generatorLiterals() {
        Eigen::ArrayXd theta(2);
        theta << 1.0, 0.5;
        Eigen::MatrixXd inter(4, 4);
        inter << 0, -1, 0, 0, //
            1, 0, 0, 0,       //
            0, 0, 0, -0.5,    //
            0, 0, 0.5, 0;
        Eigen::MatrixXd half(4, 4);
        half << 0, 0, -1, 0, //
            0, 0, 0, -0.5,   //
            1, 0, 0, 0,      //
            0, 0.5, 0, 0;
        QVERIFY(rope::rotationGenerator(theta, rope::Layout::Interleaved) == inter);
        QVERIFY(rope::rotationGenerator(theta, rope::Layout::Half) == half);
        // B is skew-symmetric: Bᵀ = −B (the relativity condition of archives/8397).
        QVERIFY(Eigen::MatrixXd(inter.transpose()) == -inter);
    }

    void exponentialLiterals() {
        // exp(2B) with θ = (1, 0.5): rotations by 2 rad and by 1 rad. Literals to 20 digits.
        Eigen::ArrayXd theta(2);
        theta << 1.0, 0.5;
        const double c2 = -0.41614683654714238700, s2 = 0.90929742682568169540;
        const double c1 = 0.54030230586813971740, s1 = 0.84147098480789650665;
        Eigen::MatrixXd expected(4, 4);
        expected << c2, -s2, 0, 0, //
            s2, c2, 0, 0,          //
            0, 0, c1, -s1,         //
            0, 0, s1, c1;
        const Eigen::MatrixXd e = rope::rotationExponential(theta, 2.0, rope::Layout::Interleaved);
        // Padé approximation of a matrix of norm 2 after one halving: a few ε.
        ROPE_COMPARE_ARRAYS(e.reshaped(), expected.reshaped(), 0.0, 8 * kEps);
    }

    void scaledFrequenciesWorkToo() {
        // Any θ array works: position interpolation divides θ by s = 4.
        const Eigen::ArrayXd theta = rope::inverseFrequencies(64, 1e4) / 4.0;
        QVERIFY(rope::relativityResidual(theta, 30000.0, -2000.0) <=
                positionTolerance(0.25, 30000.0, -2000.0));
        QVERIFY(rope::exponentialResidual(theta, 30000.0) <=
                4.0 * 30000 * 0.25 * kEps + 136 * kEps);
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<QString>("parameter");
        QTest::newRow("m nan") << "m";
        QTest::newRow("n too large") << "n";
        QTest::newRow("dense dim too large") << "dim";
        QTest::newRow("exp dim too large") << "dim";
        QTest::newRow("exp position nan") << "position";
        QTest::newRow("orthogonality position inf") << "position";
        QTest::newRow("norm vector odd") << "vector";
        QTest::newRow("score k mismatch") << "k";
        QTest::newRow("generator bad layout") << "layout";
        QTest::newRow("empty inv_freq") << "inv_freq";
        QTest::newRow("negative inv_freq") << "inv_freq";
    }
    void rejectsInvalidInput() {
        QFETCH(QString, parameter);
        const Eigen::ArrayXd theta = rope::inverseFrequencies(8, 1e4);
        const Eigen::ArrayXd x = randomVector(8, 1);
        const double nan = std::nan("");
        const std::map<QString, std::function<void()>> cases = {
            {"m nan", [&] { rope::relativityResidual(theta, nan, 1.0); }},
            {"n too large", [&] { rope::compositionResidual(theta, 1.0, 1e13); }},
            {"dense dim too large",
             [&] { rope::relativityResidual(rope::inverseFrequencies(2048, 1e4), 1.0, 2.0); }},
            {"exp dim too large",
             [&] { rope::exponentialResidual(rope::inverseFrequencies(512, 1e4), 1.0); }},
            {"exp position nan", [&] { rope::rotationExponential(theta, nan); }},
            {"orthogonality position inf",
             [&] { rope::orthogonalityResidual(theta, std::numeric_limits<double>::infinity()); }},
            {"norm vector odd", [&] { rope::normResidual(Eigen::ArrayXd::Ones(9), theta, 1.0); }},
            {"score k mismatch",
             [&] { rope::scoreResidual(x, Eigen::ArrayXd::Ones(12), theta, 1.0, 2.0); }},
            {"generator bad layout",
             [&] { rope::rotationGenerator(theta, static_cast<rope::Layout>(9)); }},
            {"empty inv_freq", [&] { rope::rotationGenerator(Eigen::ArrayXd()); }},
            {"negative inv_freq",
             [&] { rope::orthogonalityResidual(Eigen::ArrayXd::Constant(4, -0.5), 1.0); }},
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

QTEST_APPLESS_MAIN(TestIdentities)
#include "tst_identities.moc"
