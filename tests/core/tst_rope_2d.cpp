// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/rope_2d.h"
#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numbers>
#include <random>

// Expected values, all computed here independently of the code under test:
// - R_{x,y} from the block matrix of kexue.fm/archives/8397, rebuilt entry by entry in long
//   double;
// - scores from the closed form of one 2×2 block, qᵀR_φk = cos φ·(q_a k_a + q_b k_b) +
//   sin φ·(q_b k_a − q_a k_b), summed in long double over pairs with φ = Δx·θ_j, Δy·θ_j (2D) or
//   Δ·θ_i with Δ the flattened token offset (1D);
// - exp of the non-commuting so(3) pair by Rodrigues' formula: xB₁ + yB₂ = [ω]× with
//   ω = (y, 0, x), exp([ω]×) = I + (sin t/t)[ω]× + ((1 − cos t)/t²)[ω]×², t = ‖ω‖.

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
using LMatrix = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;

Eigen::ArrayXd randomVector(Eigen::Index n, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::normal_distribution<double> g(0.0, 1.0);
    Eigen::ArrayXd v(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        v[i] = g(gen);
    }
    return v;
}

// qᵀ R_φ k over the pair (a, b), R_φ = [[cos, −sin], [sin, cos]].
long double pairTerm(const Eigen::ArrayXd& q, const Eigen::ArrayXd& k, Eigen::Index a,
                     Eigen::Index b, long double phi) {
    const long double qa = q[a], qb = q[b], ka = k[a], kb = k[b];
    return cosl(phi) * (qa * ka + qb * kb) + sinl(phi) * (qb * ka - qa * kb);
}

double score2d(const Eigen::ArrayXd& q, const Eigen::ArrayXd& k, const Eigen::ArrayXd& theta,
               double dx, double dy) {
    const Eigen::Index nq = theta.size();
    long double s = 0;
    for (Eigen::Index j = 0; j < nq; ++j) {
        s += pairTerm(q, k, 2 * j, 2 * j + 1, static_cast<long double>(dx) * theta[j]);
        s += pairTerm(q, k, 2 * nq + 2 * j, 2 * nq + 2 * j + 1,
                      static_cast<long double>(dy) * theta[j]);
    }
    return static_cast<double>(s);
}

double score1d(const Eigen::ArrayXd& q, const Eigen::ArrayXd& k, const Eigen::ArrayXd& theta,
               double delta) {
    long double s = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        s += pairTerm(q, k, 2 * i, 2 * i + 1, static_cast<long double>(delta) * theta[i]);
    }
    return static_cast<double>(s);
}

LMatrix rodrigues(long double x, long double y) {
    LMatrix a = LMatrix::Zero(3, 3);
    a(0, 1) = -x;
    a(1, 0) = x;
    a(1, 2) = -y;
    a(2, 1) = y;
    const long double t = sqrtl(x * x + y * y);
    LMatrix e = LMatrix::Identity(3, 3);
    if (t > 0) {
        e += (sinl(t) / t) * a + ((1 - cosl(t)) / (t * t)) * (a * a);
    }
    return e;
}

} // namespace

class TestRope2d : public QObject {
    Q_OBJECT

private slots:
    void defaultLadder() {
        // θ_j = b^(−4j/d): d = 8, b = 1e4 gives (1, 1e4^(−1/2) = 0.01).
        Eigen::ArrayXd expected(2);
        expected << 1.0, 0.01;
        ROPE_COMPARE_ARRAYS(rope::inverseFrequencies2d(8, 1e4), expected, 2 * kEps, 0.0);
        QCOMPARE(rope::inverseFrequencies2d(4, 123.0).size(), 1);
    }

    void matrixOfTheSeed() {
        // archives/8397 eq. (rope-2d), d = 4, θ = 1, (x, y) = (1, 2).
        Eigen::ArrayXd theta(1);
        theta << 1.0;
        const double c1 = 0.54030230586813971740, s1 = 0.84147098480789650665;
        const double c2 = -0.41614683654714238700, s2 = 0.90929742682568169540;
        Eigen::MatrixXd expected(4, 4);
        expected << c1, -s1, 0, 0, //
            s1, c1, 0, 0,          //
            0, 0, c2, -s2,         //
            0, 0, s2, c2;
        ROPE_COMPARE_ARRAYS(rope::rotationMatrix2d(theta, 1.0, 2.0).reshaped(), expected.reshaped(),
                            0.0, kEps);
    }

    void matrixMatchesLongDouble_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::newRow("d=8 (3,-2)") << 8 << 3.0 << -2.0;
        QTest::newRow("d=64 (255,17)") << 64 << 255.0 << 17.0;
        QTest::newRow("d=128 (1e4,0.5)") << 128 << 1e4 << 0.5;
    }
    void matrixMatchesLongDouble() {
        QFETCH(int, dim);
        QFETCH(double, x);
        QFETCH(double, y);
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(dim, 1e4);
        Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(dim, dim);
        for (int half = 0; half < 2; ++half) {
            const long double pos = half == 0 ? x : y;
            for (int j = 0; j < dim / 4; ++j) {
                const int a = half * dim / 2 + 2 * j;
                const long double phi = pos * theta[j];
                expected(a, a) = expected(a + 1, a + 1) = static_cast<double>(cosl(phi));
                expected(a, a + 1) = static_cast<double>(-sinl(phi));
                expected(a + 1, a) = static_cast<double>(sinl(phi));
            }
        }
        const Eigen::MatrixXd r = rope::rotationMatrix2d(theta, x, y);
        // Angle rounding ≤ max(|x|,|y|)·θ_0·ε/2, plus 1 ulp for cos/sin.
        const double tol = std::max(std::abs(x), std::abs(y)) * kEps + 2 * kEps;
        ROPE_COMPARE_ARRAYS(r.reshaped(), expected.reshaped(), 0.0, tol);
        // The elementwise form applies the same matrix.
        const Eigen::ArrayXd v = randomVector(dim, 9);
        ROPE_COMPARE_ARRAYS(rope::applyRope2d(v, theta, x, y), (r * v.matrix()).array(), 0.0,
                            4 * kEps * v.abs().maxCoeff());
    }

    void relativity_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("x1");
        QTest::addColumn<double>("y1");
        QTest::addColumn<double>("x2");
        QTest::addColumn<double>("y2");
        for (int d : {4, 16, 64}) {
            QTest::addRow("d=%d origin", d) << d << 0.0 << 0.0 << 0.0 << 0.0;
            QTest::addRow("d=%d small", d) << d << 1.0 << 2.0 << 3.0 << 4.0;
            QTest::addRow("d=%d mixed signs", d) << d << -5.0 << 7.0 << 100.0 << -3.0;
            QTest::addRow("d=%d grid corner", d) << d << 255.0 << 255.0 << 0.0 << 0.0;
            QTest::addRow("d=%d large", d) << d << 1e4 << -3.0 << 2.0 << 1e4;
        }
    }
    void relativity() {
        QFETCH(int, dim);
        QFETCH(double, x1);
        QFETCH(double, y1);
        QFETCH(double, x2);
        QFETCH(double, y2);
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(dim, 100.0);
        // Same rounding model as the 1D identities: 2·(sum of |positions|)·θ_0·ε + 8ε.
        const double tol =
            2.0 * (std::abs(x1) + std::abs(y1) + std::abs(x2) + std::abs(y2)) * kEps + 8 * kEps;
        const double res = rope::relativity2dResidual(theta, x1, y1, x2, y2);
        QVERIFY2(res <= tol, qPrintable(QStringLiteral("%1 > %2").arg(res).arg(tol)));
    }

    void invertibilityRoundTrip_data() {
        QTest::addColumn<double>("scale");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::newRow("origin") << 1.0 << 0.0 << 0.0;
        QTest::newRow("(1,2)") << 1.0 << 1.0 << 2.0;
        QTest::newRow("(-3,3)") << 1.0 << -3.0 << 3.0;
        QTest::newRow("near pi") << 1.0 << 3.1 << -3.1;
        QTest::newRow("fractional") << 1.0 << 0.5 << 2.75;
        QTest::newRow("theta/4 (12,-12.5)") << 4.0 << 12.0 << -12.5;
        // Beyond the fastest pair's π/θ₀ (unwrapped by the slower pairs).
        QTest::newRow("(8,8)") << 1.0 << 8.0 << 8.0;
        QTest::newRow("(100,-250)") << 1.0 << 100.0 << -250.0;
    }
    void invertibilityRoundTrip() {
        QFETCH(double, scale);
        QFETCH(double, x);
        QFETCH(double, y);
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(16, 1e4) / scale;
        const rope::Position2d p =
            rope::recoverPosition2d(rope::rotationMatrix2d(theta, x, y), theta);
        // Angle x·θ_0 rounds by ≤ |x|θ_0·ε/2, cos/sin and atan2 add ~1 ulp each of a number
        // ≤ π, and dividing by θ_0 scales by 1/θ_0: ≤ 4ε·(1 + |x|θ_0)/θ_0.
        QVERIFY(rope::test::close(p.x, x, 0.0, 4 * kEps * (1 + std::abs(x) / scale) * scale));
        QVERIFY(rope::test::close(p.y, y, 0.0, 4 * kEps * (1 + std::abs(y) / scale) * scale));
    }

    void invertibilityUnwrapsBeyondTheFastestPair() {
        // d = 8, b = 10⁴: θ = (1, 10⁻²). x = 4 and x = 250 are beyond the fastest pair's
        // (−π, π) but inside the slowest pair's (−100π, 100π): recovered exactly (to the
        // fastest pair's precision, 4ε(1 + |x|)).
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(8, 1e4);
        for (const auto& [x, y] : {std::pair{4.0, -1.0}, {250.0, -17.5}, {-300.0, 8.0}}) {
            const rope::Position2d p =
                rope::recoverPosition2d(rope::rotationMatrix2d(theta, x, y), theta);
            QVERIFY(rope::test::close(p.x, x, 0.0, 4 * kEps * (1 + std::abs(x))));
            QVERIFY(rope::test::close(p.y, y, 0.0, 4 * kEps * (1 + std::abs(y))));
        }
    }

    void invertibilityAliasesOutsideTheSlowestRange() {
        // Beyond |x|·θ_min < π the code is periodic: x = 400 > 100π comes back as 400 − 200π
        // (θ_min = 10⁻²: period 2π/θ_min = 200π patches).
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(8, 1e4);
        const rope::Position2d p =
            rope::recoverPosition2d(rope::rotationMatrix2d(theta, 400.0, 0.0), theta);
        QVERIFY(rope::test::close(p.x, 400.0 - 200.0 * std::numbers::pi, 0.0, 1e-12));
        QVERIFY(rope::test::close(p.y, 0.0, 0.0, 1e-15));
    }

    void commutingGeneratorsKeepRelativity() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(16, 100.0);
        const rope::Generators2d g = rope::ropeGenerators2d(theta);
        // Disjoint planes: every product B₁B₂ and B₂B₁ is an exact zero.
        QCOMPARE(rope::commutatorNorm(g), 0.0);
        // exp(xB₁ + yB₂) = R_{x,y}: the exponential's forward error ~‖xB₁ + yB₂‖·ε plus d·ε from
        // squaring (see tst_identities), plus the angle rounding of R_{x,y}.
        for (const auto& [x, y] : {std::pair{0.0, 0.0}, {1.0, 2.0}, {-7.0, 30.0}, {200.0, 255.0}}) {
            const double tol = (4.0 * (std::abs(x) + std::abs(y)) + 2 * 16 + 8) * kEps;
            const double res = rope::exponential2dResidual(theta, x, y);
            QVERIFY2(res <= tol, qPrintable(QStringLiteral("(%1,%2): %3").arg(x).arg(y).arg(res)));
        }
        const double res = rope::generatorRelativityResidual(g, 3.0, -4.0, 10.0, 20.0);
        QVERIFY2(res <= (8.0 * 37 + 64) * kEps, qPrintable(QString::number(res)));
    }

    void nonCommutingGeneratorsBreakRelativity_data() {
        QTest::addColumn<double>("x1");
        QTest::addColumn<double>("y1");
        QTest::addColumn<double>("x2");
        QTest::addColumn<double>("y2");
        QTest::newRow("(1,0) vs (0,1)") << 1.0 << 0.0 << 0.0 << 1.0;
        QTest::newRow("(0.5,0.25) vs (-0.3,1.2)") << 0.5 << 0.25 << -0.3 << 1.2;
        QTest::newRow("(2,1) vs (3,-1)") << 2.0 << 1.0 << 3.0 << -1.0;
    }
    void nonCommutingGeneratorsBreakRelativity() {
        QFETCH(double, x1);
        QFETCH(double, y1);
        QFETCH(double, x2);
        QFETCH(double, y2);
        const rope::Generators2d g = rope::nonCommutingGenerators();
        // [B₁, B₂] = E₀₂ − E₂₀ (hand-multiplied), so its largest entry is exactly 1.
        QCOMPARE(rope::commutatorNorm(g), 1.0);
        const LMatrix expected =
            rodrigues(x1, y1).transpose() * rodrigues(x2, y2) - rodrigues(x2 - x1, y2 - y1);
        const Eigen::MatrixXd res = rope::generatorRelativityResidualMatrix(g, x1, y1, x2, y2);
        // ‖A‖ ≤ 3.2 here: exp to a few ε times ‖A‖; three exponentials and one product.
        ROPE_COMPARE_ARRAYS(res.reshaped(), expected.cast<double>().reshaped(), 0.0, 64 * kEps);
        QVERIFY2(rope::generatorRelativityResidual(g, x1, y1, x2, y2) > 1e-2,
                 qPrintable(QString::number(rope::generatorRelativityResidual(g, x1, y1, x2, y2))));
    }

    void gridScoresMatchDirectComputation() {
        const int dim = 16, h = 5, w = 7, xq = 2, yq = 3;
        const Eigen::ArrayXd theta2d = rope::inverseFrequencies2d(dim, 100.0);
        const Eigen::ArrayXd theta1d = rope::inverseFrequencies(dim, 100.0);
        const Eigen::ArrayXd q = randomVector(dim, 31);
        const Eigen::ArrayXd k = randomVector(dim, 32);
        const Eigen::MatrixXd s2 = rope::gridScores2d(q, k, theta2d, h, w, xq, yq);
        const Eigen::MatrixXd s1 = rope::gridScoresFlattened(q, k, theta1d, h, w, xq, yq);
        QCOMPARE(s2.rows(), h);
        QCOMPARE(s2.cols(), w);
        QCOMPARE(s1.rows(), h);
        QCOMPARE(s1.cols(), w);
        // Positions ≤ h·w = 35: angle rounding ≤ 70ε·θ_0 per score term, and the 16-term sums
        // ≤ 2d·ε, all times ‖q‖‖k‖.
        const double scale = q.matrix().norm() * k.matrix().norm();
        const double tol = (2.0 * 2 * h * w + 2.0 * dim) * kEps * scale;
        for (int x = 0; x < h; ++x) {
            for (int y = 0; y < w; ++y) {
                QVERIFY(
                    rope::test::close(s2(x, y), score2d(q, k, theta2d, x - xq, y - yq), 0.0, tol));
                const double delta = double(x * w + y) - double(xq * w + yq);
                QVERIFY(rope::test::close(s1(x, y), score1d(q, k, theta1d, delta), 0.0, tol));
                QCOMPARE(rope::patchScore2d(q, k, theta2d, xq, yq, x, y), s2(x, y));
            }
        }
    }

    void gridScoresAreTranslationInvariant() {
        // 2D: moving the query by (2, 3) moves the whole heatmap by (2, 3).
        const int dim = 16, h = 6, w = 7;
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(dim, 100.0);
        const Eigen::ArrayXd q = randomVector(dim, 41);
        const Eigen::ArrayXd k = randomVector(dim, 42);
        const Eigen::MatrixXd a = rope::gridScores2d(q, k, theta, h, w, 1, 1);
        const Eigen::MatrixXd b = rope::gridScores2d(q, k, theta, h, w, 3, 4);
        const double tol = (4.0 * h * w + 2.0 * dim) * kEps * q.matrix().norm() * k.matrix().norm();
        for (int x = 0; x + 2 < h; ++x) {
            for (int y = 0; y + 3 < w; ++y) {
                QVERIFY(rope::test::close(b(x + 2, y + 3), a(x, y), 0.0, tol));
            }
        }
    }

    void flatteningConfusesNeighbours() {
        const int dim = 16, h = 4, w = 6;
        const Eigen::ArrayXd theta2d = rope::inverseFrequencies2d(dim, 100.0);
        const Eigen::ArrayXd theta1d = rope::inverseFrequencies(dim, 100.0);
        const Eigen::ArrayXd q = randomVector(dim, 51);
        const Eigen::ArrayXd k = randomVector(dim, 52);
        const double scale = q.matrix().norm() * k.matrix().norm();
        const double tol = (4.0 * h * w + 2.0 * dim) * kEps * scale;

        // Flattened: the last patch of row 1 sees the first patch of row 2 exactly as the first
        // patch of row 1 sees its right neighbour (both 1 token apart) ...
        const Eigen::MatrixXd fromRowEnd = rope::gridScoresFlattened(q, k, theta1d, h, w, 1, w - 1);
        const Eigen::MatrixXd fromRowStart = rope::gridScoresFlattened(q, k, theta1d, h, w, 1, 0);
        QVERIFY(rope::test::close(fromRowEnd(2, 0), fromRowStart(1, 1), 0.0, tol));
        // ... and the patch directly below is w tokens away.
        QVERIFY(rope::test::close(fromRowStart(2, 0), score1d(q, k, theta1d, w), 0.0, tol));
        // 2D keeps those two apart: offsets (1, −(w−1)) and (0, 1) give different scores.
        const Eigen::MatrixXd twoDEnd = rope::gridScores2d(q, k, theta2d, h, w, 1, w - 1);
        const Eigen::MatrixXd twoDStart = rope::gridScores2d(q, k, theta2d, h, w, 1, 0);
        const double gap2d =
            std::abs(score2d(q, k, theta2d, 1, -(w - 1)) - score2d(q, k, theta2d, 0, 1));
        QVERIFY2(gap2d > 1e-1, qPrintable(QString::number(gap2d))); // property of these q, k
        QVERIFY(rope::test::close(std::abs(twoDEnd(2, 0) - twoDStart(1, 1)), gap2d, 0.0, 2 * tol));

        const rope::FlatteningComparison c = rope::compareFlattening(q, k, theta2d, theta1d, w);
        QCOMPARE(c.horizontalNeighbourDistance, 1.0);
        QCOMPARE(c.verticalNeighbourDistance, double(w));
        QVERIFY(c.rowWrapGapFlattened <= tol);
        QVERIFY(rope::test::close(c.rowWrapGap2d, gap2d, 0.0, 2 * tol));
    }

    void flattenedOffsetsLiteral() {
        Eigen::MatrixXd expected(2, 3);
        expected << -1, 0, 1, //
            2, 3, 4;
        QVERIFY(rope::flattenedTokenOffsets(2, 3, 0, 1) == expected);
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<QString>("parameter");
        for (const char* tag : {"dim not multiple of 4",
                                "q wrong size",
                                "k nan",
                                "h zero",
                                "w too large",
                                "xq outside",
                                "yq negative",
                                "generators not skew",
                                "generators size mismatch",
                                "generators too large",
                                "x nan",
                                "y huge",
                                "x1 nan",
                                "rotation wrong size",
                                "w one",
                                "inv_freq 1d wrong size",
                                "exp dim too large",
                                "dense dim too large",
                                "vector wrong size",
                                "xk nan"}) {
            QTest::newRow(tag) << QString();
        }
    }
    void rejectsInvalidInput() {
        const Eigen::ArrayXd theta = rope::inverseFrequencies2d(16, 1e4);
        const Eigen::ArrayXd v = randomVector(16, 1);
        const double nan = std::nan("");
        rope::Generators2d notSkew = rope::nonCommutingGenerators();
        notSkew.b1(0, 1) = 0.5;
        rope::Generators2d mismatch = rope::nonCommutingGenerators();
        mismatch.b2 = Eigen::MatrixXd::Zero(4, 4);
        const rope::Generators2d big{Eigen::MatrixXd::Zero(300, 300),
                                     Eigen::MatrixXd::Zero(300, 300)};
        const std::map<QString, std::pair<QString, std::function<void()>>> cases = {
            {"dim not multiple of 4", {"dim", [&] { rope::inverseFrequencies2d(6, 1e4); }}},
            {"q wrong size",
             {"q", [&] { rope::gridScores2d(Eigen::ArrayXd(v.head(8)), v, theta, 2, 2, 0, 0); }}},
            {"k nan", {"k", [&] { rope::patchScore2d(v, v * nan, theta, 0, 0, 1, 1); }}},
            {"h zero", {"h", [&] { rope::gridScores2d(v, v, theta, 0, 2, 0, 0); }}},
            {"w too large", {"w", [&] { rope::flattenedTokenOffsets(2, 300, 0, 0); }}},
            {"xq outside", {"xq", [&] { rope::gridScores2d(v, v, theta, 3, 3, 3, 0); }}},
            {"yq negative",
             {"yq",
              [&] {
                  rope::gridScoresFlattened(v, v, rope::inverseFrequencies(16, 1e4), 3, 3, 0, -1);
              }}},
            {"generators not skew",
             {"generators", [&] { rope::generatorExponential(notSkew, 1, 1); }}},
            {"generators size mismatch", {"generators", [&] { rope::commutatorNorm(mismatch); }}},
            {"generators too large",
             {"generators", [&] { rope::generatorExponential(big, 1, 1); }}},
            {"x nan", {"x", [&] { rope::rotationMatrix2d(theta, nan, 0); }}},
            {"y huge", {"y", [&] { rope::applyRope2d(v, theta, 0, 1e15); }}},
            {"x1 nan", {"x1", [&] { rope::relativity2dResidual(theta, nan, 0, 0, 0); }}},
            {"rotation wrong size",
             {"rotation",
              [&] { rope::recoverPosition2d(Eigen::MatrixXd::Identity(8, 8), theta); }}},
            {"w one",
             {"w",
              [&] { rope::compareFlattening(v, v, theta, rope::inverseFrequencies(16, 1e4), 1); }}},
            {"inv_freq 1d wrong size",
             {"inv_freq", [&] { rope::compareFlattening(v, v, theta, theta, 4); }}},
            {"exp dim too large",
             {"dim",
              [&] { rope::exponential2dResidual(rope::inverseFrequencies2d(512, 1e4), 1, 1); }}},
            {"dense dim too large",
             {"dim", [&] { rope::rotationMatrix2d(rope::inverseFrequencies2d(2048, 1e4), 1, 1); }}},
            {"vector wrong size",
             {"vector", [&] { rope::applyRope2d(Eigen::ArrayXd::Ones(12), theta, 1, 1); }}},
            {"xk nan", {"xk", [&] { rope::patchScore2d(v, v, theta, 0, 0, nan, 1); }}},
        };
        const auto& [parameter, call] = cases.at(QString::fromLatin1(QTest::currentDataTag()));
        try {
            call();
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY2(QString::fromUtf8(e.what()).contains(parameter), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestRope2d)
#include "tst_rope_2d.moc"
