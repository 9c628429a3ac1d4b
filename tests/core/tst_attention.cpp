// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/attention.h"
#include "core/rope_params.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <complex>
#include <numbers>

// Expected values: hand-computed two-token examples (closed forms in the comments), the complex
// form of RoPE scores Re[conj(q̃) k̃ e^{i(n−m)θ}] (RoFormer eq. 12, evaluated with std::complex,
// not with the rotation code), exact equalities that follow from permutation equivariance, and
// the a² law of the attention factor.
class TestAttention : public QObject {
    Q_OBJECT

private:
    static rope::ToyAttentionParams toy(rope::AttentionEncoding encoding,
                                        std::uint64_t seed = 2024) {
        rope::ToyAttentionParams p;
        p.encoding = encoding;
        p.seed = seed;
        return p;
    }

    template <typename Fn> static bool throwsNaming(const char* param, Fn&& fn) {
        try {
            fn();
        } catch (const rope::InvalidParameter& e) {
            return e.parameter() == param &&
                   QString::fromUtf8(e.what()).contains(QLatin1String(param));
        }
        return false;
    }

private slots:
    void encodingIdsRoundTrip() {
        QCOMPARE(rope::allAttentionEncodings().size(), std::size_t{3});
        for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
            QCOMPARE(rope::parseAttentionEncoding(rope::attentionEncodingId(e)), e);
        }
        QCOMPARE(QString(rope::attentionEncodingId(rope::AttentionEncoding::Rope)),
                 QString("rope"));
    }

    void softmaxIsStableAndNormalised() {
        Eigen::MatrixXd s(2, 2);
        s << 1000.0, 1001.0, -1e300, 0.0;
        const Eigen::MatrixXd w = rope::softmaxRows(s);
        // Row 0: e^{1000}/(e^{1000} + e^{1001}) = 1/(1 + e) without overflowing.
        QVERIFY(rope::test::close(w(0, 0), 1.0 / (1.0 + std::numbers::e), 1e-15));
        QVERIFY(rope::test::close(w(0, 1), std::numbers::e / (1.0 + std::numbers::e), 1e-15));
        // Row 1: e^{-1e300} underflows to exactly 0.
        QCOMPARE(w(1, 0), 0.0);
        QCOMPARE(w(1, 1), 1.0);
    }

    void twoTokenAttentionClosedForm() {
        // Q = I, K = [[1,0],[1,1]], V = [[1,2],[3,4]], d = 2.
        // S = QKᵀ/√2 = [[1, 1], [0, 1]]/√2. Row 0 is uniform: output (1+3)/2, (2+4)/2 = (2, 3).
        // Row 1: w = (1, e^{1/√2})/(1 + e^{1/√2}), output = w0·(1,2) + w1·(3,4).
        Eigen::MatrixXd q = Eigen::MatrixXd::Identity(2, 2);
        Eigen::MatrixXd k(2, 2), v(2, 2);
        k << 1, 0, 1, 1;
        v << 1, 2, 3, 4;
        const rope::AttentionResult r = rope::scaledDotProductAttention(q, k, v);
        const double h = 1.0 / std::sqrt(2.0);
        QVERIFY(rope::test::close(r.scores(0, 0), h, 1e-15));
        QCOMPARE(r.scores(1, 0), 0.0);
        QVERIFY(rope::test::close(r.output(0, 0), 2.0, 1e-15));
        QVERIFY(rope::test::close(r.output(0, 1), 3.0, 1e-15));
        const double w1 = std::exp(h) / (1.0 + std::exp(h));
        const double w0 = 1.0 / (1.0 + std::exp(h));
        QVERIFY(rope::test::close(r.weights(1, 1), w1, 1e-15));
        QVERIFY(rope::test::close(r.output(1, 0), w0 * 1 + w1 * 3, 1e-15));
        QVERIFY(rope::test::close(r.output(1, 1), w0 * 2 + w1 * 4, 1e-15));
    }

    void twoTokenRopeClosedForm_data() {
        QTest::addColumn<double>("factor");
        QTest::newRow("a=1") << 1.0;
        QTest::newRow("a=1.2") << 1.2;
    }
    void twoTokenRopeClosedForm() {
        QFETCH(double, factor);
        // d = 2, θ = 1, positions 0 and 1, q_t = k_t = (1, 0): rotated q'_1 = k'_1 = (cos 1, sin
        // 1). Scores a²·[[1, cos 1], [cos 1, 1]]/√2: the off-diagonal depends on n − m = ±1 only.
        Eigen::MatrixXd x(2, 2);
        x << 1, 0, 1, 0;
        Eigen::MatrixXd v(2, 1);
        v << 0, 1;
        Eigen::ArrayXd theta(1), pos(2);
        theta << 1.0;
        pos << 0.0, 1.0;
        const rope::AttentionResult r = rope::ropeAttention(x, x, v, theta, pos, factor);
        const double s = factor * factor / std::sqrt(2.0);
        QVERIFY(rope::test::close(r.scores(0, 0), s, 1e-15));
        QVERIFY(rope::test::close(r.scores(1, 1), s, 1e-15));
        QVERIFY(rope::test::close(r.scores(0, 1), s * std::cos(1.0), 1e-15));
        QVERIFY(rope::test::close(r.scores(1, 0), s * std::cos(1.0), 1e-15));
        QVERIFY(rope::test::close(r.queries(1, 1), factor * std::sin(1.0), 1e-15));
        // Output row 0 = weight of token 1 = 1/(1 + e^{s − s cos 1}).
        QVERIFY(rope::test::close(r.output(0, 0), 1.0 / (1.0 + std::exp(s - s * std::cos(1.0))),
                                  1e-15));
    }

    void toyEmbeddingsShareRowsForRepeatedTokens() {
        const rope::ToyAttention t = rope::toyAttention(toy(rope::AttentionEncoding::None));
        QCOMPARE(t.vocabulary.size(), std::size_t{4});
        QCOMPARE(t.embeddings.rows(), 5);
        QCOMPARE(t.embeddings.cols(), 8);
        QCOMPARE(rope::maxRowDifference(t.embeddings, 1, 4), 0.0);
        QVERIFY(rope::maxRowDifference(t.embeddings, 0, 1) > 0.0);
        QCOMPARE(t.wq.rows(), 8);
        QCOMPARE(t.wq.cols(), 8);
        QCOMPARE(t.positionEncoding.cwiseAbs().maxCoeff(), 0.0);
        const auto pair = rope::firstRepeatedTokenPair(rope::ToyAttentionParams{}.tokens);
        QCOMPARE(pair.first, Eigen::Index{1});
        QCOMPARE(pair.second, Eigen::Index{4});
        // Same seed, same draws: the weights do not depend on the encoding.
        const rope::ToyAttention r = rope::toyAttention(toy(rope::AttentionEncoding::Rope));
        QCOMPARE(rope::maxRowDifference(r.wk - t.wk, 0, 0), 0.0);
        QCOMPARE((r.wv - t.wv).cwiseAbs().maxCoeff(), 0.0);
    }

    void weightRowsSumToOne_data() {
        QTest::addColumn<QString>("encoding");
        for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
            QTest::newRow(rope::attentionEncodingId(e)) << QString(rope::attentionEncodingId(e));
        }
    }
    void weightRowsSumToOne() {
        QFETCH(QString, encoding);
        const auto t =
            rope::toyAttention(toy(rope::parseAttentionEncoding(encoding.toStdString())));
        const Eigen::VectorXd sums = t.attention.weights.rowwise().sum();
        for (Eigen::Index i = 0; i < sums.size(); ++i) {
            QVERIFY(rope::test::close(sums[i], 1.0, 4e-16 * 5));
        }
        QVERIFY((t.attention.weights.array() >= 0.0).all());
        QCOMPARE(t.attention.output.rows(), 5);
        QCOMPARE(t.attention.output.cols(), 8);
    }

    void dogRowsIdenticalWithoutPositions_data() {
        QTest::addColumn<quint64>("seed");
        for (quint64 s : {1ULL, 2024ULL, 777ULL, 123456789ULL}) {
            QTest::newRow(qPrintable(QString::number(s))) << s;
        }
    }
    void dogRowsIdenticalWithoutPositions() {
        QFETCH(quint64, seed);
        // Equal inputs give equal q, k, v rows; equal q rows give equal score rows against the same
        // keys, hence equal outputs: attention is permutation-equivariant. Bit-exactly 0.
        QCOMPARE(rope::repeatedTokenOutputDifference(toy(rope::AttentionEncoding::None, seed)),
                 0.0);
        // RoPE rotates q_1 and q_4 by different angles: the dog rows differ. The threshold 1e-3 is
        // far above rounding (1e-15) and far below typical differences (O(0.1)).
        QVERIFY(rope::repeatedTokenOutputDifference(toy(rope::AttentionEncoding::Rope, seed)) >
                1e-3);
        QVERIFY(rope::repeatedTokenOutputDifference(
                    toy(rope::AttentionEncoding::Sinusoidal, seed)) > 1e-3);
    }

    void ropeScoresMatchComplexForm() {
        // s_mn = a²/√d · Σ_i Re[conj(q̃_i) k̃_i e^{i(n−m)θ_i}], q̃_i = q_{2i} + i q_{2i+1}.
        auto p = toy(rope::AttentionEncoding::Rope);
        p.attentionFactor = 1.5;
        p.firstPosition = 100;
        const rope::ToyAttention t = rope::toyAttention(p);
        const Eigen::MatrixXd q = t.embeddings * t.wq;
        const Eigen::MatrixXd k = t.embeddings * t.wk;
        const int d = p.headDim;
        for (int m = 0; m < 5; ++m) {
            for (int n = 0; n < 5; ++n) {
                double s = 0.0;
                for (int i = 0; i < d / 2; ++i) {
                    const double theta = std::pow(p.base, -2.0 * i / d);
                    const std::complex<double> qc(q(m, 2 * i), q(m, 2 * i + 1));
                    const std::complex<double> kc(k(n, 2 * i), k(n, 2 * i + 1));
                    s += (std::conj(qc) * kc * std::polar(1.0, (n - m) * theta)).real();
                }
                s *= 1.5 * 1.5 / std::sqrt(static_cast<double>(d));
                QVERIFY2(rope::test::close(t.attention.scores(m, n), s, 1e-12, 1e-12),
                         qPrintable(QStringLiteral("(%1,%2): %3 vs %4")
                                        .arg(m)
                                        .arg(n)
                                        .arg(t.attention.scores(m, n), 0, 'g', 17)
                                        .arg(s, 0, 'g', 17)));
            }
        }
    }

    void ropeIgnoresAbsoluteOffset() {
        // Only n − m enters RoPE scores; sinusoidal PE is added to the input, so it does not.
        auto p = toy(rope::AttentionEncoding::Rope);
        const Eigen::MatrixXd s0 = rope::toyAttention(p).attention.scores;
        p.firstPosition = 1000;
        const Eigen::MatrixXd s1 = rope::toyAttention(p).attention.scores;
        QVERIFY((s0 - s1).cwiseAbs().maxCoeff() < 1e-12);
        auto a = toy(rope::AttentionEncoding::Sinusoidal);
        const Eigen::MatrixXd a0 = rope::toyAttention(a).attention.scores;
        a.firstPosition = 1000;
        QVERIFY((a0 - rope::toyAttention(a).attention.scores).cwiseAbs().maxCoeff() > 1e-3);
    }

    void repeatedTokenScoresAreToeplitzWithRope() {
        const auto rope = toy(rope::AttentionEncoding::Rope);
        // Rounding only: angles ≤ 63 rad, ~1e-15 relative per term.
        QVERIFY(rope::repeatedTokenToeplitzResidual(rope, 64) < 1e-12);
        // No positions: every score equals every other, exactly.
        QCOMPARE(rope::repeatedTokenToeplitzResidual(toy(rope::AttentionEncoding::None), 64), 0.0);
        // Absolute PE: (x + p_m)ᵀ W (x + p_n) has terms in p_m and p_n separately.
        QVERIFY(rope::repeatedTokenToeplitzResidual(toy(rope::AttentionEncoding::Sinusoidal), 64) >
                1e-3);
        // The helper itself: a Toeplitz matrix gives 0, one perturbed entry gives its size.
        Eigen::MatrixXd m(3, 3);
        m << 1, 2, 3, 4, 1, 2, 5, 4, 1;
        QCOMPARE(rope::toeplitzResidual(m), 0.0);
        m(2, 1) = 4.5;
        QCOMPARE(rope::toeplitzResidual(m), 0.5);
    }

    void attentionFactorScalesScoresBySquare_data() {
        QTest::addColumn<QString>("encoding");
        for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
            QTest::newRow(rope::attentionEncodingId(e)) << QString(rope::attentionEncodingId(e));
        }
    }
    void attentionFactorScalesScoresBySquare() {
        QFETCH(QString, encoding);
        auto p = toy(rope::parseAttentionEncoding(encoding.toStdString()));
        const Eigen::MatrixXd s1 = rope::toyAttention(p).attention.scores;
        p.attentionFactor = 2.0; // a power of two: a² = 4 scales every product exactly
        const Eigen::MatrixXd s2 = rope::toyAttention(p).attention.scores;
        QCOMPARE((s2 - 4.0 * s1).cwiseAbs().maxCoeff(), 0.0);
    }

    void rejectsInvalidToyParams_data() {
        QTest::addColumn<int>("modelDim");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("factor");
        QTest::addColumn<long long>("first");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("odd head dim") << 8 << 7 << 5 << 1e4 << 1.0 << 0LL << "head-dim";
        QTest::newRow("head dim too large") << 8 << 2048 << 5 << 1e4 << 1.0 << 0LL << "head-dim";
        QTest::newRow("odd model dim") << 9 << 8 << 5 << 1e4 << 1.0 << 0LL << "model-dim";
        QTest::newRow("sequence too long") << 8 << 8 << 257 << 1e4 << 1.0 << 0LL << "tokens";
        QTest::newRow("no tokens") << 8 << 8 << 0 << 1e4 << 1.0 << 0LL << "tokens";
        QTest::newRow("base 1") << 8 << 8 << 5 << 1.0 << 1.0 << 0LL << "base";
        QTest::newRow("factor 0") << 8 << 8 << 5 << 1e4 << 0.0 << 0LL << "attention-factor";
        QTest::newRow("factor NaN")
            << 8 << 8 << 5 << 1e4 << std::nan("") << 0LL << "attention-factor";
        QTest::newRow("negative first position")
            << 8 << 8 << 5 << 1e4 << 1.0 << -1LL << "first-position";
    }
    void rejectsInvalidToyParams() {
        QFETCH(int, modelDim);
        QFETCH(int, headDim);
        QFETCH(int, tokens);
        QFETCH(double, base);
        QFETCH(double, factor);
        QFETCH(long long, first);
        QFETCH(QString, parameter);
        rope::ToyAttentionParams p;
        p.encoding = rope::AttentionEncoding::Rope;
        p.modelDim = modelDim;
        p.headDim = headDim;
        p.tokens.assign(static_cast<std::size_t>(tokens), "dog");
        p.base = base;
        p.attentionFactor = factor;
        p.firstPosition = first;
        try {
            rope::toyAttention(p);
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY2(QString::fromUtf8(e.what()).contains(parameter), e.what());
        }
    }

    void rejectsInvalidLowLevelInput() {
        const Eigen::MatrixXd a = Eigen::MatrixXd::Ones(2, 2);
        Eigen::ArrayXd theta(1), pos(2);
        theta << 1.0;
        pos << 0.0, 1.0;
        QVERIFY(throwsNaming("encoding", [] { rope::parseAttentionEncoding("alibi"); }));
        QVERIFY(throwsNaming(
            "k", [&] { rope::scaledDotProductAttention(a, Eigen::MatrixXd::Ones(2, 3), a); }));
        QVERIFY(throwsNaming(
            "v", [&] { rope::scaledDotProductAttention(a, a, Eigen::MatrixXd::Ones(3, 2)); }));
        QVERIFY(throwsNaming(
            "q", [&] { rope::scaledDotProductAttention(Eigen::MatrixXd(0, 2), a, a); }));
        QVERIFY(throwsNaming("q", [&] {
            Eigen::MatrixXd bad = a;
            bad(0, 0) = std::nan("");
            rope::scaledDotProductAttention(bad, a, a);
        }));
        QVERIFY(throwsNaming("scores",
                             [] { rope::softmaxRows(Eigen::MatrixXd::Constant(1, 1, INFINITY)); }));
        QVERIFY(throwsNaming("inv_freq",
                             [&] { rope::ropeAttention(a, a, a, Eigen::ArrayXd::Ones(2), pos); }));
        QVERIFY(throwsNaming(
            "positions", [&] { rope::ropeAttention(a, a, a, theta, Eigen::ArrayXd::Zero(3)); }));
        QVERIFY(throwsNaming("attention-factor",
                             [&] { rope::ropeAttention(a, a, a, theta, pos, -1.0); }));
        QVERIFY(throwsNaming("tokens", [] { rope::firstRepeatedTokenPair({"a", "b"}); }));
        QVERIFY(throwsNaming("row", [&] { rope::maxRowDifference(a, 0, 2); }));
        QVERIFY(
            throwsNaming("matrix", [] { rope::toeplitzResidual(Eigen::MatrixXd::Ones(2, 3)); }));
        QVERIFY(throwsNaming(
            "length", [] { rope::repeatedTokenToeplitzResidual(rope::ToyAttentionParams{}, 0); }));
        QVERIFY(throwsNaming("length", [] {
            rope::repeatedTokenToeplitzResidual(rope::ToyAttentionParams{}, 257);
        }));
    }
};

QTEST_APPLESS_MAIN(TestAttention)
#include "tst_attention.moc"
