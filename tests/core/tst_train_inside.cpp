// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_params.h"
#include "core/train/inside.h"
#include "core/train/tasks.h"
#include "core/train/trainer.h"
#include "core/train/transformer.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <random>
#include <string>
#include <vector>

// Expected values come from outside the model's code: the attention maps from a long-double
// recomputation of softmax(QKᵀ/√h + mask) written here from the weights alone (RMSNorm, the
// projections read as PyTorch [out, in] row-major matrices, the rotation of pair p at position t
// by t·b^(−2p/r) with powl, no MLP so that layer 2's input is x + W_o·att), and from the closed
// form of zero query/key weights (every score 0, so query i attends 1/(i+1) to each key j ≤ i);
// the pair norms from weights set to values whose row norms are known in closed form.
using namespace rope::train;

Q_DECLARE_METATYPE(rope::PositionScheme)
Q_DECLARE_METATYPE(rope::Layout)

using rope::test::throwsNaming;

namespace {

using LMat = std::vector<std::vector<long double>>; // [row][column]

Eigen::Index offsetOf(const Transformer<double>& m, const std::string& name) {
    for (const ParamTensor& t : m.layout()) {
        if (t.name == name) {
            return t.offset;
        }
    }
    qFatal("no tensor %s", name.c_str());
}

// y = W·x for a PyTorch [out, in] row-major weight at \p offset, x given per token (d × T).
LMat project(const Transformer<double>& m, const std::string& name, const LMat& x, int out) {
    const Eigen::Index off = offsetOf(m, name);
    const auto in = static_cast<int>(x.size());
    const auto len = static_cast<int>(x[0].size());
    LMat y(static_cast<std::size_t>(out), std::vector<long double>(static_cast<std::size_t>(len)));
    for (int r = 0; r < out; ++r) {
        for (int t = 0; t < len; ++t) {
            long double s = 0;
            for (int j = 0; j < in; ++j) {
                s += static_cast<long double>(m.parameters()[off + r * in + j]) *
                     x[static_cast<std::size_t>(j)][static_cast<std::size_t>(t)];
            }
            y[static_cast<std::size_t>(r)][static_cast<std::size_t>(t)] = s;
        }
    }
    return y;
}

// The reference: every layer's attention, recomputed in long double (model without MLP).
std::vector<std::vector<LMat>> referenceAttention(const Transformer<double>& m,
                                                  const std::vector<int>& tokens) {
    const ModelConfig& c = m.config();
    const int d = c.dModel;
    const int hs = d / c.heads;
    const auto len = static_cast<int>(tokens.size());
    const auto at = [](LMat& a, int r, int t) -> long double& {
        return a[static_cast<std::size_t>(r)][static_cast<std::size_t>(t)];
    };
    LMat x(static_cast<std::size_t>(d), std::vector<long double>(static_cast<std::size_t>(len)));
    const Eigen::Index embed = offsetOf(m, "model.embed_tokens.weight");
    for (int t = 0; t < len; ++t) {
        for (int r = 0; r < d; ++r) {
            at(x, r, t) = m.parameters()[embed + tokens[static_cast<std::size_t>(t)] * d + r];
        }
    }
    std::vector<std::vector<LMat>> out;
    for (int l = 0; l < c.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        // RMSNorm: x̂ = g ⊙ x / √(mean(x²) + 1e-5).
        LMat xn = x;
        const Eigen::Index gain = offsetOf(m, p + "input_layernorm.weight");
        for (int t = 0; t < len; ++t) {
            long double ms = 0;
            for (int r = 0; r < d; ++r) {
                ms += at(x, r, t) * at(x, r, t);
            }
            const long double inv = 1.0L / std::sqrt(ms / d + 1e-5L);
            for (int r = 0; r < d; ++r) {
                at(xn, r, t) = at(x, r, t) * inv * m.parameters()[gain + r];
            }
        }
        LMat q = project(m, p + "self_attn.q_proj.weight", xn, d);
        LMat k = project(m, p + "self_attn.k_proj.weight", xn, d);
        LMat v = project(m, p + "self_attn.v_proj.weight", xn, d);
        if (c.scheme == rope::PositionScheme::Rope) {
            const int r = rotaryDimension(c);
            for (int h = 0; h < c.heads; ++h) {
                for (int i = 0; i < r / 2; ++i) {
                    const int a = h * hs + (c.layout == rope::Layout::Interleaved ? 2 * i : i);
                    const int b = h * hs + (c.layout == rope::Layout::Interleaved ? 2 * i + 1
                                                                                  : i + r / 2);
                    const long double theta =
                        std::pow(static_cast<long double>(c.base), -2.0L * i / r);
                    for (int t = 0; t < len; ++t) {
                        const long double cs = std::cos(t * theta);
                        const long double sn = std::sin(t * theta);
                        for (LMat* qk : {&q, &k}) {
                            const long double u = at(*qk, a, t);
                            const long double w = at(*qk, b, t);
                            at(*qk, a, t) = u * cs - w * sn;
                            at(*qk, b, t) = u * sn + w * cs;
                        }
                    }
                }
            }
        }
        std::vector<LMat> maps;
        LMat att(static_cast<std::size_t>(d),
                 std::vector<long double>(static_cast<std::size_t>(len), 0.0L));
        for (int h = 0; h < c.heads; ++h) {
            LMat P(static_cast<std::size_t>(len),
                   std::vector<long double>(static_cast<std::size_t>(len), 0.0L));
            for (int i = 0; i < len; ++i) {
                std::vector<long double> s(static_cast<std::size_t>(i + 1));
                long double mx = -INFINITY;
                for (int j = 0; j <= i; ++j) {
                    long double dot = 0;
                    for (int e = h * hs; e < (h + 1) * hs; ++e) {
                        dot += at(q, e, i) * at(k, e, j);
                    }
                    s[static_cast<std::size_t>(j)] = dot / std::sqrt(static_cast<long double>(hs));
                    mx = std::max(mx, s[static_cast<std::size_t>(j)]);
                }
                long double z = 0;
                for (int j = 0; j <= i; ++j) {
                    z += std::exp(s[static_cast<std::size_t>(j)] - mx);
                }
                for (int j = 0; j <= i; ++j) {
                    at(P, i, j) = std::exp(s[static_cast<std::size_t>(j)] - mx) / z;
                    for (int e = h * hs; e < (h + 1) * hs; ++e) {
                        at(att, e, i) += at(P, i, j) * at(v, e, j);
                    }
                }
            }
            maps.push_back(std::move(P));
        }
        out.push_back(std::move(maps));
        LMat o = project(m, p + "self_attn.o_proj.weight", att, d);
        for (int r = 0; r < d; ++r) {
            for (int t = 0; t < len; ++t) {
                at(x, r, t) += at(o, r, t);
            }
        }
    }
    return out;
}

ModelConfig smallModel(rope::PositionScheme scheme, rope::Layout layout) {
    ModelConfig c;
    c.vocab = 8;
    c.layers = 2;
    c.dModel = 16;
    c.heads = 2;
    c.mlp = false; // the reference has no MLP: layer 2's input is x + W_o·att
    c.scheme = scheme;
    c.layout = layout;
    c.base = 100.0; // fast enough pairs that every position turns pair 0 visibly
    c.maxLength = 12;
    return c;
}

} // namespace

class TestTrainInside : public QObject {
    Q_OBJECT

private slots:
    // The cached probabilities of the forward pass against the long-double recomputation.
    // Bound 1e-12: the double model rounds each of ~16-term dot products and a softmax over ≤ 12
    // keys, errors of a few ulp (≈ 1e-15) of values ≤ 1; a missing rotation, a transposed map
    // (row = key instead of query) or the wrong layer errs by ≳ 1e-2.
    void attentionMatchesRecomputation_data() {
        QTest::addColumn<rope::PositionScheme>("scheme");
        QTest::addColumn<rope::Layout>("layout");
        QTest::newRow("rope interleaved") << rope::PositionScheme::Rope << rope::Layout::Interleaved;
        QTest::newRow("rope half") << rope::PositionScheme::Rope << rope::Layout::Half;
        QTest::newRow("nope") << rope::PositionScheme::Nope << rope::Layout::Interleaved;
    }
    void attentionMatchesRecomputation() {
        QFETCH(rope::PositionScheme, scheme);
        QFETCH(rope::Layout, layout);
        Transformer<double> m(smallModel(scheme, layout));
        m.initialize(7);
        // Gains away from 1 and larger q/k weights, so that the norms' gains matter and the
        // softmax is far from uniform.
        for (Eigen::Index i = 0; i < m.parameters().size(); ++i) {
            m.parameters()[i] = 3.0 * m.parameters()[i] + 0.1 * std::sin(0.37 * double(i));
        }
        const std::vector<int> tokens = {3, 1, 4, 1, 5, 2, 6, 5, 3, 5, 0, 7};
        const AttentionMaps got = attentionMaps(m, tokens);
        const auto want = referenceAttention(m, tokens);
        QCOMPARE(got.length, 12);
        QCOMPARE(got.maps.size(), std::size_t(2));
        double worst = 0;
        double spread = 0; // how far from uniform: the test is not passing on a flat map
        for (int l = 0; l < 2; ++l) {
            QCOMPARE(got.maps[std::size_t(l)].size(), std::size_t(2));
            for (int h = 0; h < 2; ++h) {
                const Eigen::MatrixXd& a = got.maps[std::size_t(l)][std::size_t(h)];
                QCOMPARE(a.rows(), Eigen::Index(12));
                QCOMPARE(a.cols(), Eigen::Index(12));
                for (int i = 0; i < 12; ++i) {
                    for (int j = 0; j < 12; ++j) {
                        const auto w = static_cast<double>(
                            want[std::size_t(l)][std::size_t(h)][std::size_t(i)][std::size_t(j)]);
                        worst = std::max(worst, std::abs(a(i, j) - w));
                        if (j <= i) {
                            spread = std::max(spread, std::abs(w - 1.0 / (i + 1)));
                        }
                    }
                }
            }
        }
        QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
        QVERIFY2(spread > 0.05, qPrintable(QString::number(spread)));
    }

    // Closed form: with W_q = W_k = 0 every score is 0 (rope rotates zero vectors to zero), so
    // row i is 1/(i+1) on keys 0 … i and 0 beyond; in the float model too (to float rounding).
    void zeroQueryKeyIsUniform() {
        ModelConfig c = smallModel(rope::PositionScheme::Rope, rope::Layout::Interleaved);
        c.mlp = true;
        Transformer<float> m(c);
        m.initialize(3);
        for (const ParamTensor& t : m.layout()) {
            if (t.name.find("q_proj") != std::string::npos ||
                t.name.find("k_proj") != std::string::npos) {
                m.parameters().segment(t.offset, Eigen::Index(t.rows) * t.cols).setZero();
            }
        }
        const AttentionMaps got = attentionMaps(m, {1, 2, 3, 4, 5, 6, 7});
        for (const auto& layer : got.maps) {
            for (const Eigen::MatrixXd& a : layer) {
                for (int i = 0; i < 7; ++i) {
                    for (int j = 0; j < 7; ++j) {
                        QVERIFY(std::abs(a(i, j) - (j <= i ? 1.0 / (i + 1) : 0.0)) < 1e-6);
                    }
                }
            }
        }
    }

    void attentionRefusesBadInput() {
        Transformer<float> m(smallModel(rope::PositionScheme::Rope, rope::Layout::Interleaved));
        QVERIFY(throwsNaming("token", [&] { attentionMaps(m, {1, 9}); }));
        QVERIFY(throwsNaming("length", [&] { attentionMaps(m, {}); }));
    }

    // Closed form: W_q[r, j] = r + 1 and W_k[r, j] = 1 for every column j of a d-wide row, so
    // ‖W_q⁽ⁱ⁾‖ = √(d·((r₁+1)² + (r₂+1)²)) and ‖W_k⁽ⁱ⁾‖ = √(2d), with r₁, r₂ the rows of pair i
    // (interleaved: h·hs + 2i, h·hs + 2i + 1; half: h·hs + i, h·hs + i + r/2). Layer 1 gets twice
    // layer 0's weights, so its norms double. Wavelengths 2π·b^(2i/r) from powl.
    void pairNormsClosedForm_data() {
        QTest::addColumn<rope::Layout>("layout");
        QTest::addColumn<double>("fraction");
        QTest::newRow("interleaved") << rope::Layout::Interleaved << 1.0;
        QTest::newRow("half") << rope::Layout::Half << 1.0;
        QTest::newRow("half, partial 1/2") << rope::Layout::Half << 0.5;
    }
    void pairNormsClosedForm() {
        QFETCH(rope::Layout, layout);
        QFETCH(double, fraction);
        ModelConfig c = smallModel(rope::PositionScheme::Rope, layout);
        c.rotaryFraction = fraction;
        c.base = 10000.0;
        Transformer<double> m(c);
        const int d = c.dModel, hs = d / c.heads;
        const int r = fraction == 1.0 ? hs : hs / 2;
        for (int l = 0; l < 2; ++l) {
            const std::string p = "model.layers." + std::to_string(l) + ".self_attn.";
            const Eigen::Index q = offsetOf(m, p + "q_proj.weight");
            const Eigen::Index k = offsetOf(m, p + "k_proj.weight");
            for (int row = 0; row < d; ++row) {
                for (int j = 0; j < d; ++j) {
                    m.parameters()[q + row * d + j] = (l + 1) * (row + 1.0);
                    m.parameters()[k + row * d + j] = 1.0;
                }
            }
        }
        const PairNorms n = pairNorms(m);
        QCOMPARE(n.layers, 2);
        QCOMPARE(n.heads, 2);
        QCOMPARE(n.pairs, r / 2);
        QCOMPARE(int(n.wavelength.size()), r / 2);
        std::vector<double> sum(std::size_t(r / 2), 0.0);
        for (int l = 0; l < 2; ++l) {
            for (int h = 0; h < 2; ++h) {
                for (int i = 0; i < r / 2; ++i) {
                    const int r1 = h * hs + (layout == rope::Layout::Interleaved ? 2 * i : i);
                    const int r2 = h * hs + (layout == rope::Layout::Interleaved ? 2 * i + 1
                                                                                 : i + r / 2);
                    const double wq = (l + 1) * std::sqrt(d * (std::pow(r1 + 1.0, 2) +
                                                              std::pow(r2 + 1.0, 2)));
                    const double wk = std::sqrt(2.0 * d);
                    QVERIFY(rope::test::close(n.q[std::size_t(l)][std::size_t(h)][std::size_t(i)],
                                              wq, 1e-14));
                    QVERIFY(rope::test::close(n.k[std::size_t(l)][std::size_t(h)][std::size_t(i)],
                                              wk, 1e-14));
                    QVERIFY(rope::test::close(n.product(l, h, i), wq * wk, 1e-14));
                    sum[std::size_t(i)] += wq * wk;
                }
            }
        }
        const std::vector<double> summed = n.summed();
        for (int i = 0; i < r / 2; ++i) {
            QVERIFY(rope::test::close(summed[std::size_t(i)], sum[std::size_t(i)], 1e-14));
            const double lambda = static_cast<double>(
                2.0L * std::numbers::pi_v<long double> * std::pow(10000.0L, 2.0L * i / r));
            QVERIFY(rope::test::close(n.wavelength[std::size_t(i)], lambda, 1e-13));
        }
        // Rows grow with r, so the largest pair is the one with the largest rows: the last
        // interleaved pair, the last half pair (rows r/2 − 1 and r − 1).
        QCOMPARE(peakPair(summed), r / 2 - 1);
    }

    void peakPairOfEmptyAndTies() {
        QCOMPARE(peakPair({}), -1);
        QCOMPARE(peakPair({1.0, 3.0, 3.0, 2.0}), 1);
    }

    // initialModel() is where trainModel() starts: the loss of step 1 (its batch before the
    // update, the first batch of the training stream) recomputed from initialModel()'s weights
    // is the curve's first loss, bit for bit; after training the weights have moved.
    void initialModelIsWhereTrainingStarts() {
        TrainOptions o;
        o.model.vocab = 16;
        o.model.layers = 1;
        o.model.dModel = 16;
        o.model.heads = 2;
        o.model.maxLength = 16;
        o.length = 16;
        o.batch = 4;
        o.steps = 3;
        o.seed = 11;
        o.threads = 1;
        const TrainRun run = trainModel(o);
        const Transformer<float> start = initialModel(o);
        std::mt19937_64 data(streamSeed(o.seed, kStreamTraining));
        const Batch batch = makeBatch(o.task, o.batch, o.length, data);
        BatchGradient<float> engine;
        const BatchStats stats = engine.compute(start, batch, start.positions(o.length), 1, nullptr);
        QCOMPARE(stats.loss, run.curve.front().loss);
        QVERIFY((start.parameters() - run.model.parameters()).cwiseAbs().maxCoeff() > 1e-4f);
    }

    // Other schemes: pairs over the whole head by the layout, no wavelengths.
    void pairNormsWithoutRope() {
        Transformer<float> m(smallModel(rope::PositionScheme::Nope, rope::Layout::Interleaved));
        m.initialize(1);
        const PairNorms n = pairNorms(m);
        QCOMPARE(n.pairs, 4);
        QVERIFY(n.wavelength.empty());
        QVERIFY(n.product(1, 1, 3) > 0.0);
    }
};

QTEST_APPLESS_MAIN(TestTrainInside)
#include "tst_train_inside.moc"
