// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/train/transformer.h"

#include "core/frequencies.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace rope::train {

namespace {

template <class T> using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T> using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
template <class T> using CMap = Eigen::Map<const Mat<T>>;
template <class T> using MMap = Eigen::Map<Mat<T>>;

// RMSNorm's ε inside the square root (Llama's rms_norm_eps).
constexpr double kRmsEps = 1e-5;

void require(bool ok, const char* name, const std::string& message) {
    if (!ok) {
        throw InvalidParameter(name, message);
    }
}

std::string range(int lo, int hi, int got) {
    return std::to_string(lo) + " … " + std::to_string(hi) + ", got " + std::to_string(got);
}

// The rotary dimension of a rope head: r = 2⌊f·h/2⌋.
int rotaryDim(const ModelConfig& c) {
    const int headDim = c.dModel / c.heads;
    return 2 * static_cast<int>(std::floor(c.rotaryFraction * headDim / 2.0));
}

// A PyTorch [out, in] row-major weight is, in Eigen's column-major storage, the in×out matrix
// Wᵀ; forward y = Wx is then Wtᵀx, and the gradients are dx = Wt·dy, dWt += x·dyᵀ.
template <class T> CMap<T> weight(const Vec<T>& p, Eigen::Index offset, int in, int out) {
    return CMap<T>(p.data() + offset, in, out);
}
template <class T> MMap<T> weightGrad(Vec<T>& g, Eigen::Index offset, int in, int out) {
    return MMap<T>(g.data() + offset, in, out);
}

// ---- matmul (a linear layer without bias) ----------------------------------------------------
template <class T> void matmulForward(Mat<T>& out, const Mat<T>& in, const CMap<T>& wt) {
    out.noalias() = wt.transpose() * in;
}
// dIn is overwritten (assign) or accumulated (accumulate = true); dWt is accumulated.
template <class T>
void matmulBackward(Mat<T>& dIn, MMap<T>& dWt, const Mat<T>& dOut, const Mat<T>& in,
                    const CMap<T>& wt, bool accumulate) {
    if (accumulate) {
        dIn.noalias() += wt * dOut;
    } else {
        dIn.noalias() = wt * dOut;
    }
    dWt.noalias() += in * dOut.transpose();
}

// ---- RMSNorm: y = g ⊙ x·r, r = (mean(x²) + ε)^(−1/2) (Zhang & Sennrich 2019) ----------------
template <class T> void rmsnormForward(Mat<T>& out, Vec<T>& rstd, const Mat<T>& x, const T* gain) {
    const Eigen::Index c = x.rows();
    const Eigen::Map<const Vec<T>> g(gain, c);
    out.resize(x.rows(), x.cols());
    rstd.resize(x.cols());
    for (Eigen::Index t = 0; t < x.cols(); ++t) {
        const T meanSquare = x.col(t).squaredNorm() / static_cast<T>(c);
        rstd[t] = T(1) / std::sqrt(meanSquare + static_cast<T>(kRmsEps));
        out.col(t) = x.col(t).cwiseProduct(g) * rstd[t];
    }
}
// With x̂ = x·r and dx̂ = dy ⊙ g: ∂r/∂x_k = −r³x_k/C, so
// dx = r·(dx̂ − x̂·(dx̂·x̂)/C) (added to dx) and dg += dy ⊙ x̂.
template <class T>
void rmsnormBackward(Mat<T>& dx, T* gainGrad, const Mat<T>& dout, const Mat<T>& x,
                     const Vec<T>& rstd, const T* gain) {
    const Eigen::Index c = x.rows();
    const Eigen::Map<const Vec<T>> g(gain, c);
    Eigen::Map<Vec<T>> dg(gainGrad, c);
    for (Eigen::Index t = 0; t < x.cols(); ++t) {
        const Vec<T> xhat = x.col(t) * rstd[t];
        const Vec<T> dxhat = dout.col(t).cwiseProduct(g);
        dg += dout.col(t).cwiseProduct(xhat);
        const T projection = dxhat.dot(xhat) / static_cast<T>(c);
        dx.col(t) += rstd[t] * (dxhat - xhat * projection);
    }
}

// ---- activations -----------------------------------------------------------------------------
// GELU, tanh form: y = ½x(1 + tanh u), u = √(2/π)(x + 0.044715x³);
// y' = ½(1 + tanh u) + ½x(1 − tanh²u)·√(2/π)(1 + 3·0.044715x²).
// tanh u is evaluated as 1 − 2/(1 + e^{2u}) with Eigen's vectorised exp: the same function
// (e^{2u} → ∞ gives 1, → 0 gives −1), about ten times faster than std::tanh, with an absolute
// error of a few ulp, which is all y and y' need.
template <class T> using Arr = Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T> constexpr T kGeluK0 = static_cast<T>(0.7978845608028654); // √(2/π)
template <class T> constexpr T kGeluK1 = static_cast<T>(0.044715);

template <class T> Arr<T> geluTanh(const Arr<T>& x) {
    const Arr<T> u = kGeluK0<T> * (x + kGeluK1<T> * x.cube());
    return T(1) - T(2) / (T(1) + (T(2) * u).exp());
}

template <class T> void activationForward(Mat<T>& out, const Mat<T>& in, Activation a) {
    const Arr<T> x = in.array();
    if (a == Activation::Relu) {
        out = x.max(T(0)).matrix();
    } else {
        out = (T(0.5) * x * (T(1) + geluTanh<T>(x))).matrix();
    }
}
template <class T>
void activationBackward(Mat<T>& din, const Mat<T>& dout, const Mat<T>& in, Activation a) {
    const Arr<T> x = in.array();
    if (a == Activation::Relu) {
        din = (dout.array() * (x > T(0)).template cast<T>()).matrix();
    } else {
        const Arr<T> th = geluTanh<T>(x);
        const Arr<T> derivative =
            T(0.5) * (T(1) + th) + T(0.5) * x * (T(1) - th.square()) * kGeluK0<T> *
                                       (T(1) + T(3) * kGeluK1<T> * x.square());
        din = (dout.array() * derivative).matrix();
    }
}

// ---- RoPE on q or k: pair (a, b) of head h at position t turns by t·θ_p ---------------------
// Forward (a, b) → (a·c − b·s, a·s + b·c); the backward applies the transpose (the rotation
// by −t·θ_p): (da, db) → (da·c + db·s, −da·s + db·c).
template <class T>
void ropeRotate(Mat<T>& m, const PositionContext<T>& pos, int heads, int headDim, bool inverse) {
    const auto pairs = static_cast<int>(pos.pairFirst.size());
    for (Eigen::Index t = 0; t < m.cols(); ++t) {
        for (int h = 0; h < heads; ++h) {
            T* col = m.col(t).data() + static_cast<Eigen::Index>(h) * headDim;
            for (int p = 0; p < pairs; ++p) {
                const T c = pos.cos(p, t);
                const T s = inverse ? -pos.sin(p, t) : pos.sin(p, t);
                T& a = col[pos.pairFirst[static_cast<std::size_t>(p)]];
                T& b = col[pos.pairSecond[static_cast<std::size_t>(p)]];
                const T a0 = a;
                a = a0 * c - b * s;
                b = a0 * s + b * c;
            }
        }
    }
}

// ---- causal attention of one head ------------------------------------------------------------
// Scores in the transposed layout St(j, i) = q_i·k_j/√h + bias_h(i, j), so that column i is
// query i and its softmax runs over a contiguous column; keys j > i are masked (probability 0).
template <class T>
void addBias(Mat<T>& st, const PositionContext<T>& pos, const Vec<T>& params,
             const TensorOffsets& off, PositionScheme scheme, int head, int heads) {
    const Eigen::Index len = st.cols();
    if (scheme == PositionScheme::Alibi) {
        const T slope = pos.alibiSlopes[static_cast<std::size_t>(head)];
        for (Eigen::Index i = 0; i < len; ++i) {
            for (Eigen::Index j = 0; j <= i; ++j) {
                st(j, i) -= slope * static_cast<T>(i - j); // −m·(i − j), Press et al. 2021
            }
        }
    } else if (scheme == PositionScheme::T5) {
        for (Eigen::Index i = 0; i < len; ++i) {
            for (Eigen::Index j = 0; j <= i; ++j) {
                const int bucket = pos.t5Bucket[static_cast<std::size_t>(i * len + j)];
                st(j, i) += params[off.t5 + static_cast<Eigen::Index>(bucket) * heads + head];
            }
        }
    }
}

template <class T> void causalSoftmax(Mat<T>& st) {
    const Eigen::Index len = st.cols();
    for (Eigen::Index i = 0; i < len; ++i) {
        auto visible = st.col(i).head(i + 1);
        const T maxScore = visible.maxCoeff();
        visible = (visible.array() - maxScore).exp().matrix();
        visible /= visible.sum();
        st.col(i).tail(len - i - 1).setZero();
    }
}

} // namespace

const char* activationId(Activation activation) noexcept {
    return activation == Activation::Relu ? "relu" : "gelu";
}

Activation parseActivation(const std::string& id) {
    if (id == "gelu") {
        return Activation::Gelu;
    }
    if (id == "relu") {
        return Activation::Relu;
    }
    throw InvalidParameter("activation", "unknown activation '" + id + "' (valid: gelu, relu)");
}

void validate(const ModelConfig& c) {
    require(c.vocab >= limits::kMinVocab && c.vocab <= limits::kMaxVocab, "vocab",
            "vocab must be " + range(limits::kMinVocab, limits::kMaxVocab, c.vocab));
    require(c.layers >= limits::kMinLayers && c.layers <= limits::kMaxLayers, "layers",
            "layers must be " + range(limits::kMinLayers, limits::kMaxLayers, c.layers));
    require(c.dModel >= limits::kMinDModel && c.dModel <= limits::kMaxDModel, "d-model",
            "d-model must be " + range(limits::kMinDModel, limits::kMaxDModel, c.dModel));
    require(c.heads >= limits::kMinHeads && c.heads <= limits::kMaxHeads, "heads",
            "heads must be " + range(limits::kMinHeads, limits::kMaxHeads, c.heads));
    require(c.dModel % c.heads == 0 && (c.dModel / c.heads) % 2 == 0, "heads",
            "d-model (" + std::to_string(c.dModel) + ") must be heads (" + std::to_string(c.heads) +
                ") times an even head width");
    require(c.scheme != PositionScheme::None, "scheme",
            "scheme 'none' is bidirectional and would let a decoder see its targets; use 'nope' "
            "(no position information, causal mask)");
    validateBase(c.base);
    require(c.rotaryFraction > 0.0 && c.rotaryFraction <= 1.0, "rotary-fraction",
            "rotary fraction must be in (0, 1]");
    require(c.scheme != PositionScheme::Rope || rotaryDim(c) >= 2, "rotary-fraction",
            "rotary fraction leaves no pair of the head width " +
                std::to_string(c.dModel / c.heads) + " to rotate");
    require(c.pRopeFraction >= 0.0 && c.pRopeFraction <= 1.0, "p",
            "p (the fraction of frequencies p-RoPE keeps) must be 0 … 1");
    require(c.t5Buckets >= 2 && c.t5Buckets <= 1024, "buckets",
            "buckets must be " + range(2, 1024, c.t5Buckets));
    require(c.t5MaxDistance > c.t5Buckets / 2 && c.t5MaxDistance <= 1000000, "max-distance",
            "max-distance must exceed half the buckets and be ≤ 10^6");
    require(c.maxLength >= 2 && c.maxLength <= limits::kMaxTrainLength, "max-length",
            "max-length must be " + range(2, limits::kMaxTrainLength, c.maxLength));
}

namespace {

std::vector<ParamTensor> buildLayout(const ModelConfig& c, TensorOffsets* offsets) {
    validate(c);
    std::vector<ParamTensor> layout;
    Eigen::Index next = 0;
    const auto add = [&](const std::string& name, int rows, int cols, bool decay, bool vector) {
        layout.push_back({name, next, rows, cols, decay, vector});
        next += static_cast<Eigen::Index>(rows) * cols;
        return layout.back().offset;
    };
    TensorOffsets off;
    const int d = c.dModel;
    off.embed = add("model.embed_tokens.weight", c.vocab, d, true, false);
    if (c.scheme == PositionScheme::Learned) {
        off.positions = add("model.embed_positions.weight", c.maxLength, d, true, false);
    }
    if (c.scheme == PositionScheme::T5) {
        // nn.Embedding(buckets, heads), as T5's relative_attention_bias; not decayed.
        off.t5 = add("model.relative_attention_bias.weight", c.t5Buckets, c.heads, false, false);
    }
    for (int l = 0; l < c.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        TensorOffsets::Layer lo;
        lo.norm1 = add(p + "input_layernorm.weight", d, 1, false, true);
        lo.q = add(p + "self_attn.q_proj.weight", d, d, true, false);
        lo.k = add(p + "self_attn.k_proj.weight", d, d, true, false);
        lo.v = add(p + "self_attn.v_proj.weight", d, d, true, false);
        lo.o = add(p + "self_attn.o_proj.weight", d, d, true, false);
        if (c.mlp) {
            lo.norm2 = add(p + "post_attention_layernorm.weight", d, 1, false, true);
            lo.up = add(p + "mlp.up_proj.weight", 4 * d, d, true, false);
            lo.down = add(p + "mlp.down_proj.weight", d, 4 * d, true, false);
        }
        off.layers.push_back(lo);
    }
    off.normFinal = add("model.norm.weight", d, 1, false, true);
    off.head = add("lm_head.weight", c.vocab, d, true, false);
    if (offsets != nullptr) {
        *offsets = off;
    }
    return layout;
}

} // namespace

std::vector<ParamTensor> parameterLayout(const ModelConfig& config) {
    return buildLayout(config, nullptr);
}

int rotaryDimension(const ModelConfig& config) {
    return rotaryDim(config);
}

Eigen::Index parameterCount(const ModelConfig& config) {
    const std::vector<ParamTensor> layout = parameterLayout(config);
    const ParamTensor& last = layout.back();
    return last.offset + static_cast<Eigen::Index>(last.rows) * last.cols;
}

template <class T> Transformer<T>::Transformer(const ModelConfig& config) : m_config(config) {
    // m_offsets is declared after m_layout, so both are filled here rather than in the
    // initialiser list (a member initialised later would overwrite what buildLayout wrote).
    m_layout = buildLayout(config, &m_offsets);
    m_params = Vec::Zero(parameterCount(config));
}

template <class T> void Transformer<T>::initialize(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (const ParamTensor& p : m_layout) {
        const Eigen::Index n = static_cast<Eigen::Index>(p.rows) * p.cols;
        T* data = m_params.data() + p.offset;
        double sd = 1.0;
        bool gain = p.vector;
        bool zero = p.name.find("relative_attention_bias") != std::string::npos;
        if (p.name.find("_proj") != std::string::npos || p.name == "lm_head.weight") {
            sd = 1.0 / std::sqrt(static_cast<double>(p.cols)); // fan-in = in features
            if (p.name.find("o_proj") != std::string::npos ||
                p.name.find("down_proj") != std::string::npos) {
                sd /= 2.0 * m_config.layers;
            }
        }
        for (Eigen::Index i = 0; i < n; ++i) {
            data[i] = gain ? T(1) : (zero ? T(0) : static_cast<T>(sd * normal(rng)));
        }
    }
}

template <class T>
PositionContext<T> Transformer<T>::positions(int length, const ScalingParams& scaling) const {
    require(length >= 1 && length <= limits::kMaxTrainLength, "length",
            "length must be " + range(1, limits::kMaxTrainLength, length));
    const ModelConfig& c = m_config;
    require(c.scheme != PositionScheme::Learned || length <= c.maxLength, "length",
            "length " + std::to_string(length) + " exceeds the learned table's " +
                std::to_string(c.maxLength) + " rows (ModelConfig::maxLength)");
    require(scaling.method == ScalingKind::Default || c.scheme == PositionScheme::Rope, "scaling",
            "a frequency scaling ('" + std::string(scalingId(scaling.method)) +
                "') applies to the rope scheme only");
    PositionContext<T> pos;
    pos.length = length;
    const int headDim = c.dModel / c.heads;
    if (c.scheme == PositionScheme::Rope || c.scheme == PositionScheme::PRope) {
        Eigen::ArrayXd invFreq;
        double attentionFactor = 1.0;
        Layout layout = c.layout;
        if (c.scheme == PositionScheme::Rope) {
            const int r = rotaryDim(c);
            invFreq = inverseFrequencies(r, c.base);
            if (scaling.method != ScalingKind::Default) {
                const ScalingResult scaled =
                    scalingMethod(scaling.method).apply(invFreq, c.base, scaling);
                invFreq = scaled.invFreq;
                attentionFactor = scaled.attentionFactor;
            }
        } else {
            invFreq = pRopeInverseFrequencies(headDim, c.base, c.pRopeFraction);
        }
        const auto pairs = static_cast<int>(invFreq.size());
        const int r = 2 * pairs;
        pos.cos.resize(pairs, length);
        pos.sin.resize(pairs, length);
        for (int p = 0; p < pairs; ++p) {
            // Interleaved: pair p is (2p, 2p+1); half: (p, p + r/2) (rotation.h conventions).
            pos.pairFirst.push_back(layout == Layout::Interleaved ? 2 * p : p);
            pos.pairSecond.push_back(layout == Layout::Interleaved ? 2 * p + 1 : p + r / 2);
        }
        for (int t = 0; t < length; ++t) {
            // ropeTables lays cos/sin out per coordinate; pair p's angle sits at its first
            // coordinate in either layout. Angles t·θ_p are formed in double there.
            const RopeTables tables = ropeTables(invFreq, t, layout);
            for (int p = 0; p < pairs; ++p) {
                const auto at =
                    static_cast<Eigen::Index>(pos.pairFirst[static_cast<std::size_t>(p)]);
                pos.cos(p, t) = static_cast<T>(attentionFactor * tables.cos[at]);
                pos.sin(p, t) = static_cast<T>(attentionFactor * tables.sin[at]);
            }
        }
    } else if (c.scheme == PositionScheme::Sinusoidal) {
        pos.sinusoidal = sinusoidalTable(length, c.dModel, c.base).transpose().cast<T>();
    } else if (c.scheme == PositionScheme::Alibi) {
        for (double slope : alibiSlopes(c.heads)) {
            pos.alibiSlopes.push_back(static_cast<T>(slope));
        }
    } else if (c.scheme == PositionScheme::T5) {
        pos.t5Bucket.assign(static_cast<std::size_t>(length) * length, 0);
        for (int i = 0; i < length; ++i) {
            for (int j = 0; j <= i; ++j) {
                // relative position = key − query ≤ 0: the causal (unidirectional) buckets.
                pos.t5Bucket[static_cast<std::size_t>(i) * length + j] =
                    t5RelativePositionBucket(j - i, false, c.t5Buckets, c.t5MaxDistance);
            }
        }
    }
    return pos;
}

template <class T>
SequenceStats Transformer<T>::run(const int* tokens, const int* targets,
                                  const PositionContext<T>& pos, Workspace<T>& ws, Vec* grad,
                                  T lossScale, int* predictions) const {
    const ModelConfig& c = m_config;
    const int len = pos.length;
    const int d = c.dModel;
    const int heads = c.heads;
    const int hs = d / heads;
    const T scale = T(1) / std::sqrt(static_cast<T>(hs));
    const TensorOffsets& off = m_offsets;
    const Vec& p = m_params;
    for (int t = 0; t < len; ++t) {
        if (tokens[t] < 0 || tokens[t] >= c.vocab || targets[t] >= c.vocab) {
            throw InvalidParameter("token", "token or target outside the vocabulary 0 … " +
                                                std::to_string(c.vocab - 1));
        }
    }
    if (c.scheme == PositionScheme::Learned && len > c.maxLength) {
        throw InvalidParameter("length", "sequence longer than the learned table");
    }

    // ---- encoder: x_t = E[token_t] (+ P_t) ------------------------------------------------
    ws.layers.resize(static_cast<std::size_t>(c.layers));
    Mat& x0 = ws.layers[0].x;
    x0.resize(d, len);
    const CMap<T> embed(p.data() + off.embed, d, c.vocab);
    for (int t = 0; t < len; ++t) {
        x0.col(t) = embed.col(tokens[t]);
        if (c.scheme == PositionScheme::Learned) {
            x0.col(t) += CMap<T>(p.data() + off.positions, d, c.maxLength).col(t);
        } else if (c.scheme == PositionScheme::Sinusoidal) {
            x0.col(t) += pos.sinusoidal.col(t);
        }
    }

    // ---- layers ---------------------------------------------------------------------------
    for (int l = 0; l < c.layers; ++l) {
        auto& a = ws.layers[static_cast<std::size_t>(l)];
        const TensorOffsets::Layer& lo = off.layers[static_cast<std::size_t>(l)];
        rmsnormForward<T>(a.xn1, a.rstd1, a.x, p.data() + lo.norm1);
        matmulForward<T>(a.q, a.xn1, weight<T>(p, lo.q, d, d));
        matmulForward<T>(a.k, a.xn1, weight<T>(p, lo.k, d, d));
        matmulForward<T>(a.v, a.xn1, weight<T>(p, lo.v, d, d));
        if (!pos.pairFirst.empty()) {
            ropeRotate<T>(a.q, pos, heads, hs, false);
            ropeRotate<T>(a.k, pos, heads, hs, false);
        }
        a.probs.resize(static_cast<std::size_t>(heads));
        a.att.resize(d, len);
        for (int h = 0; h < heads; ++h) {
            Mat& st = a.probs[static_cast<std::size_t>(h)];
            st.noalias() =
                (a.k.middleRows(h * hs, hs).transpose() * a.q.middleRows(h * hs, hs)) * scale;
            addBias<T>(st, pos, p, off, c.scheme, h, heads);
            causalSoftmax<T>(st);
            a.att.middleRows(h * hs, hs).noalias() = a.v.middleRows(h * hs, hs) * st;
        }
        a.h = a.x;
        a.h.noalias() += weight<T>(p, lo.o, d, d).transpose() * a.att;
        Mat& next = l + 1 < c.layers ? ws.layers[static_cast<std::size_t>(l + 1)].x : ws.x;
        next = a.h;
        if (c.mlp) {
            rmsnormForward<T>(a.xn2, a.rstd2, a.h, p.data() + lo.norm2);
            matmulForward<T>(a.up, a.xn2, weight<T>(p, lo.up, d, 4 * d));
            activationForward<T>(a.act, a.up, c.activation);
            next.noalias() += weight<T>(p, lo.down, 4 * d, d).transpose() * a.act;
        }
    }

    // ---- head and cross-entropy -------------------------------------------------------------
    rmsnormForward<T>(ws.xnFinal, ws.rstdFinal, ws.x, p.data() + off.normFinal);
    matmulForward<T>(ws.logits, ws.xnFinal, weight<T>(p, off.head, d, c.vocab));
    SequenceStats stats;
    ws.dlogits.setZero(c.vocab, len);
    for (int t = 0; t < len; ++t) {
        auto col = ws.logits.col(t);
        Eigen::Index best = 0;
        const T maxLogit = col.maxCoeff(&best);
        if (predictions != nullptr) {
            predictions[t] = static_cast<int>(best);
        }
        if (targets[t] < 0) {
            continue;
        }
        // −log softmax(z)_y = log Σ exp(z − max) + max − z_y; dz = softmax(z) − onehot(y).
        const Vec e = (col.array() - maxLogit).exp().matrix();
        const T sum = e.sum();
        stats.lossSum += static_cast<double>(std::log(sum) + maxLogit - col[targets[t]]);
        stats.counted += 1;
        stats.correct += best == targets[t] ? 1 : 0;
        ws.dlogits.col(t) = e * (lossScale / sum);
        ws.dlogits(targets[t], t) -= lossScale;
    }
    if (grad == nullptr) {
        return stats;
    }

    // ---- backward, in reverse order ----------------------------------------------------------
    Vec& g = *grad;
    {
        MMap<T> dHead = weightGrad<T>(g, off.head, d, c.vocab);
        matmulBackward<T>(ws.dxn, dHead, ws.dlogits, ws.xnFinal, weight<T>(p, off.head, d, c.vocab),
                          false);
        ws.dx.setZero(d, len);
        rmsnormBackward<T>(ws.dx, g.data() + off.normFinal, ws.dxn, ws.x, ws.rstdFinal,
                           p.data() + off.normFinal);
    }
    for (int l = c.layers - 1; l >= 0; --l) {
        auto& a = ws.layers[static_cast<std::size_t>(l)];
        const TensorOffsets::Layer& lo = off.layers[static_cast<std::size_t>(l)];
        // ws.dx = ∂loss/∂(layer output). The residual passes it straight to h.
        ws.dh = ws.dx;
        if (c.mlp) {
            MMap<T> dDown = weightGrad<T>(g, lo.down, 4 * d, d);
            Mat dact;
            matmulBackward<T>(dact, dDown, ws.dx, a.act, weight<T>(p, lo.down, 4 * d, d), false);
            activationBackward<T>(ws.dup, dact, a.up, c.activation);
            MMap<T> dUp = weightGrad<T>(g, lo.up, d, 4 * d);
            matmulBackward<T>(ws.dxn, dUp, ws.dup, a.xn2, weight<T>(p, lo.up, d, 4 * d), false);
            rmsnormBackward<T>(ws.dh, g.data() + lo.norm2, ws.dxn, a.h, a.rstd2,
                               p.data() + lo.norm2);
        }
        // h = x + W_o·att: the residual passes dh to x; dW_o and datt from the projection.
        MMap<T> dO = weightGrad<T>(g, lo.o, d, d);
        matmulBackward<T>(ws.datt, dO, ws.dh, a.att, weight<T>(p, lo.o, d, d), false);
        ws.dq.setZero(d, len);
        ws.dk.setZero(d, len);
        ws.dv.resize(d, len);
        for (int h = 0; h < heads; ++h) {
            const Mat& st = a.probs[static_cast<std::size_t>(h)];
            const auto dOut = ws.datt.middleRows(h * hs, hs);
            // att_h = V_h·P: dV_h = dOut·Pᵀ, dP = V_hᵀ·dOut (both in the column-per-query layout).
            ws.dv.middleRows(h * hs, hs).noalias() = dOut * st.transpose();
            ws.dprobs.noalias() = a.v.middleRows(h * hs, hs).transpose() * dOut;
            // Softmax: dS_ji = P_ji·(dP_ji − Σ_k P_ki·dP_ki) over the visible keys of query i.
            ws.dscores.resize(len, len);
            for (int i = 0; i < len; ++i) {
                const T inner = st.col(i).head(i + 1).dot(ws.dprobs.col(i).head(i + 1));
                ws.dscores.col(i) =
                    (st.col(i).array() * (ws.dprobs.col(i).array() - inner)).matrix();
                ws.dscores.col(i).tail(len - i - 1).setZero();
            }
            if (c.scheme == PositionScheme::T5) {
                for (int i = 0; i < len; ++i) {
                    for (int j = 0; j <= i; ++j) {
                        const int bucket = pos.t5Bucket[static_cast<std::size_t>(i) * len + j];
                        g[off.t5 + static_cast<Eigen::Index>(bucket) * heads + h] +=
                            ws.dscores(j, i);
                    }
                }
            }
            // S_ji = k_j·q_i·s: dq_i = s·Σ_j dS_ji k_j, dk_j = s·Σ_i dS_ji q_i.
            ws.dq.middleRows(h * hs, hs).noalias() =
                (a.k.middleRows(h * hs, hs) * ws.dscores) * scale;
            ws.dk.middleRows(h * hs, hs).noalias() =
                (a.q.middleRows(h * hs, hs) * ws.dscores.transpose()) * scale;
        }
        if (!pos.pairFirst.empty()) {
            ropeRotate<T>(ws.dq, pos, heads, hs, true);
            ropeRotate<T>(ws.dk, pos, heads, hs, true);
        }
        MMap<T> dWq = weightGrad<T>(g, lo.q, d, d);
        MMap<T> dWk = weightGrad<T>(g, lo.k, d, d);
        MMap<T> dWv = weightGrad<T>(g, lo.v, d, d);
        matmulBackward<T>(ws.dxn, dWq, ws.dq, a.xn1, weight<T>(p, lo.q, d, d), false);
        matmulBackward<T>(ws.dxn, dWk, ws.dk, a.xn1, weight<T>(p, lo.k, d, d), true);
        matmulBackward<T>(ws.dxn, dWv, ws.dv, a.xn1, weight<T>(p, lo.v, d, d), true);
        ws.dx = ws.dh;
        rmsnormBackward<T>(ws.dx, g.data() + lo.norm1, ws.dxn, a.x, a.rstd1, p.data() + lo.norm1);
    }
    // ---- encoder backward: scatter-add into the rows of the tokens (and positions) used --------
    MMap<T> dEmbed(g.data() + off.embed, d, c.vocab);
    for (int t = 0; t < len; ++t) {
        dEmbed.col(tokens[t]) += ws.dx.col(t);
        if (c.scheme == PositionScheme::Learned) {
            MMap<T>(g.data() + off.positions, d, c.maxLength).col(t) += ws.dx.col(t);
        }
    }
    return stats;
}

template class Transformer<float>;
template class Transformer<double>;

} // namespace rope::train
