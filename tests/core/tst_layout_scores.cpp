// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/random_inputs.h"
#include "core/rope_params.h"
#include "core/rotation.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>

// compareLayoutScores: expected scores are recomputed here in long double from the definition
// of a rotated pair, without core's rotation code: for a pair (a, b) of q and (c, e) of k turned
// by δθ_i, ⟨R_m q, R_n k⟩ = qᵀR_δ k = Σ_i (ac + be)·cos(δθ_i) + (bc − ae)·sin(δθ_i), pairs
// (2i, 2i+1) (interleaved, the reference and — after permutation — the converted checkpoint)
// or (i, i + d/2) (rotate_half applied to unconverted weights). θ_i = b^(−2i/d) in long double.
namespace {

long double pairScore(const Eigen::ArrayXd& q, const Eigen::ArrayXd& k, int d, long double base,
                      long double delta, bool interleaved) {
    long double s = 0;
    for (int i = 0; i < d / 2; ++i) {
        const int x = interleaved ? 2 * i : i;
        const int y = interleaved ? 2 * i + 1 : i + d / 2;
        const long double angle = delta * powl(base, -2.0L * i / d);
        const long double a = q[x], b = q[y], c = k[x], e = k[y];
        s += (a * c + b * e) * cosl(angle) + (b * c - a * e) * sinl(angle);
    }
    return s;
}

struct Head {
    Eigen::MatrixXd wq, wk;
    Eigen::ArrayXd xm, xn;
};

Head makeHead(int d, int dModel) {
    return {rope::seededUniformMatrix(d, dModel, 1), rope::seededUniformMatrix(d, dModel, 2),
            rope::seededUniformVector(dModel, 3), rope::seededUniformVector(dModel, 4)};
}

} // namespace

class TestLayoutScores : public QObject {
    Q_OBJECT

private slots:
    void scoresMatchTheClosedForms_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("m");
        QTest::newRow("d8") << 8 << 10000.0 << 0.0;
        QTest::newRow("d16 m 5") << 16 << 10000.0 << 5.0;
        QTest::newRow("d64 llama3 base") << 64 << 500000.0 << 1000.0;
        QTest::newRow("d128") << 128 << 10000.0 << 3.0;
    }
    void scoresMatchTheClosedForms() {
        QFETCH(int, dim);
        QFETCH(double, base);
        QFETCH(double, m);
        const Head h = makeHead(dim, 12);
        Eigen::ArrayXd offsets(6);
        offsets << 0, 1, 2, 17, 300, -40;
        const rope::LayoutScoreComparison c = rope::compareLayoutScores(
            h.wq, h.wk, h.xm, h.xn, rope::inverseFrequencies(dim, base), m, offsets);
        const Eigen::ArrayXd q = (h.wq * h.xm.matrix()).array();
        const Eigen::ArrayXd k = (h.wk * h.xn.matrix()).array();
        const double scale = q.matrix().norm() * k.matrix().norm();
        // Angles up to 1300 rad: one ulp of δθ in double is ~2e-13, times |q||k|.
        const double tol = 1e-12 * scale;
        for (Eigen::Index j = 0; j < offsets.size(); ++j) {
            const long double ref = pairScore(q, k, dim, base, offsets[j], true);
            const long double bug = pairScore(q, k, dim, base, offsets[j], false);
            QVERIFY(rope::test::close(c.reference[j], static_cast<double>(ref), 0, tol));
            QVERIFY(rope::test::close(c.permuted[j], static_cast<double>(ref), 0, tol));
            QVERIFY(rope::test::close(c.mismatched[j], static_cast<double>(bug), 0, tol));
            QVERIFY(rope::test::close(c.mismatchError[j], static_cast<double>(fabsl(bug - ref)), 0,
                                      2 * tol));
        }
        QVERIFY(c.maxPermutedDifference <= tol);
        QCOMPARE(c.offsets[3], 17.0);
    }

    void theBugIsExactOnlyWhereRotationsCancel() {
        const Head h = makeHead(16, 16);
        Eigen::ArrayXd offsets(3);
        offsets << 0, 5, 200;
        const rope::LayoutScoreComparison c = rope::compareLayoutScores(
            h.wq, h.wk, h.xm, h.xn, rope::inverseFrequencies(16, 10000.0), 7.0, offsets);
        const Eigen::ArrayXd q = (h.wq * h.xm.matrix()).array();
        const Eigen::ArrayXd k = (h.wk * h.xn.matrix()).array();
        // δ = 0: both scores are qᵀk, computed independently here.
        QVERIFY(rope::test::close(c.reference[0], q.matrix().dot(k.matrix()), 1e-13, 1e-13));
        QVERIFY(c.mismatchError[0] <= 1e-12);
        // Far offsets: the wrong pairs are turned; the error is a sizeable part of |q||k|.
        QVERIFY(c.maxMismatchError > 1e-3 * q.matrix().norm() * k.matrix().norm());
        QCOMPARE(c.maxMismatchError, c.mismatchError.maxCoeff());
    }

    void invalidInputsNameTheParameter_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("wq rows") << 0 << "wq";
        QTest::newRow("wk cols") << 1 << "wk";
        QTest::newRow("xm size") << 2 << "xm";
        QTest::newRow("xn nan") << 3 << "xn";
        QTest::newRow("offsets empty") << 4 << "offsets";
        QTest::newRow("offsets inf") << 5 << "offsets";
        QTest::newRow("m nan") << 6 << "m";
        QTest::newRow("inv_freq") << 7 << "inv_freq";
    }
    void invalidInputsNameTheParameter() {
        QFETCH(int, which);
        QFETCH(QString, parameter);
        Head h = makeHead(8, 4);
        Eigen::ArrayXd theta = rope::inverseFrequencies(8, 10000.0);
        Eigen::ArrayXd offsets = Eigen::ArrayXd::LinSpaced(4, 0, 3);
        double m = 0;
        switch (which) {
        case 0:
            h.wq = Eigen::MatrixXd::Ones(6, 4);
            break;
        case 1:
            h.wk = Eigen::MatrixXd::Ones(8, 5);
            break;
        case 2:
            h.xm = Eigen::ArrayXd::Ones(3);
            break;
        case 3:
            h.xn[1] = std::nan("");
            break;
        case 4:
            offsets.resize(0);
            break;
        case 5:
            offsets[2] = INFINITY;
            break;
        case 6:
            m = std::nan("");
            break;
        default:
            theta[0] = -1;
            break;
        }
        try {
            rope::compareLayoutScores(h.wq, h.wk, h.xm, h.xn, theta, m, offsets);
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
        }
    }
};

QTEST_APPLESS_MAIN(TestLayoutScores)
#include "tst_layout_scores.moc"
