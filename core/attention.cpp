// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/attention.h"

#include "core/frequencies.h"
#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace rope {

namespace {

// C = A·B with a fixed summation order per entry. Eigen's blocked GEMM may treat rows in the
// tail of a panel differently, so two equal rows of A could yield results differing in the last
// bit; the toy layer promises bit-identical rows for identical tokens, so it uses this loop.
Eigen::MatrixXd multiply(const Eigen::Ref<const Eigen::MatrixXd>& a,
                         const Eigen::Ref<const Eigen::MatrixXd>& b) {
    Eigen::MatrixXd c(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        for (Eigen::Index j = 0; j < b.cols(); ++j) {
            double s = 0.0;
            for (Eigen::Index k = 0; k < a.cols(); ++k) {
                s += a(i, k) * b(k, j);
            }
            c(i, j) = s;
        }
    }
    return c;
}

// Private RoPE (interleaved pairs), so this unit does not depend on rotation.h:
// (x_{2i}, x_{2i+1}) ↦ (x_{2i} cos φ − x_{2i+1} sin φ, x_{2i} sin φ + x_{2i+1} cos φ), φ = p θ_i.
Eigen::MatrixXd rotateRows(const Eigen::Ref<const Eigen::MatrixXd>& x,
                           const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                           const Eigen::Ref<const Eigen::ArrayXd>& positions) {
    Eigen::MatrixXd out(x.rows(), x.cols());
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
            const double phi = positions[r] * invFreq[i];
            const double c = std::cos(phi);
            const double s = std::sin(phi);
            const double x0 = x(r, 2 * i);
            const double x1 = x(r, 2 * i + 1);
            out(r, 2 * i) = x0 * c - x1 * s;
            out(r, 2 * i + 1) = x0 * s + x1 * c;
        }
    }
    return out;
}

void validateMatrix(const Eigen::Ref<const Eigen::MatrixXd>& m, const char* name) {
    if (m.rows() < 1 || m.cols() < 1 || m.rows() > limits::kMaxTokens ||
        m.cols() > limits::kMaxAttentionDim) {
        throw InvalidParameter(name, std::string(name) +
                                         " must have 1…256 rows and 1…1024 columns, got " +
                                         std::to_string(m.rows()) + "×" + std::to_string(m.cols()));
    }
    if (!m.allFinite()) {
        throw InvalidParameter(name, std::string(name) + " must be finite");
    }
}

void validateAttentionInputs(const Eigen::Ref<const Eigen::MatrixXd>& q,
                             const Eigen::Ref<const Eigen::MatrixXd>& k,
                             const Eigen::Ref<const Eigen::MatrixXd>& v) {
    validateMatrix(q, "q");
    validateMatrix(k, "k");
    validateMatrix(v, "v");
    if (k.cols() != q.cols()) {
        throw InvalidParameter("k", "k must have as many columns as q (" +
                                        std::to_string(q.cols()) + "), got " +
                                        std::to_string(k.cols()));
    }
    if (v.rows() != k.rows()) {
        throw InvalidParameter("v", "v must have as many rows as k (" + std::to_string(k.rows()) +
                                        "), got " + std::to_string(v.rows()));
    }
}

void validateFactor(double a) {
    if (!std::isfinite(a) || a <= 0.0) {
        throw InvalidParameter("attention-factor",
                               "attention-factor must be finite and > 0, got " + std::to_string(a));
    }
}

void validateWidth(int dim, const char* name) {
    if (dim < 2 || dim > limits::kMaxAttentionDim || dim % 2 != 0) {
        throw InvalidParameter(name, std::string(name) +
                                         " must be an even integer in [2, 1024], got " +
                                         std::to_string(dim));
    }
}

void validateToy(const ToyAttentionParams& p) {
    const auto tokens = static_cast<long long>(p.tokens.size());
    if (tokens < 1 || tokens > limits::kMaxTokens) {
        throw InvalidParameter("tokens",
                               "tokens must hold 1…256 entries, got " + std::to_string(tokens));
    }
    validateWidth(p.modelDim, "model-dim");
    validateWidth(p.headDim, "head-dim");
    validateBase(p.base, "base");
    validateFactor(p.attentionFactor);
    if (p.firstPosition < 0 ||
        p.firstPosition > static_cast<long long>(limits::kMaxPosition) - tokens) {
        throw InvalidParameter("first-position",
                               "first-position must be in [0, 2^40 − tokens], got " +
                                   std::to_string(p.firstPosition));
    }
    if (p.encoding != AttentionEncoding::None && p.encoding != AttentionEncoding::Sinusoidal &&
        p.encoding != AttentionEncoding::Rope) {
        throw InvalidParameter("encoding", "encoding must be none, sinusoidal or rope");
    }
}

} // namespace

const char* attentionEncodingId(AttentionEncoding encoding) noexcept {
    switch (encoding) {
    case AttentionEncoding::None:
        return "none";
    case AttentionEncoding::Sinusoidal:
        return "sinusoidal";
    case AttentionEncoding::Rope:
        return "rope";
    }
    return "none";
}

AttentionEncoding parseAttentionEncoding(const std::string& id) {
    for (AttentionEncoding e : allAttentionEncodings()) {
        if (id == attentionEncodingId(e)) {
            return e;
        }
    }
    throw InvalidParameter("encoding",
                           "encoding must be none, sinusoidal or rope; got '" + id + "'");
}

const std::vector<AttentionEncoding>& allAttentionEncodings() {
    static const std::vector<AttentionEncoding> encodings = {
        AttentionEncoding::None, AttentionEncoding::Sinusoidal, AttentionEncoding::Rope};
    return encodings;
}

Eigen::MatrixXd softmaxRows(const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    if (scores.size() == 0 || !scores.allFinite()) {
        throw InvalidParameter("scores", "scores must be a non-empty finite matrix");
    }
    Eigen::MatrixXd w(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const double top = scores.row(i).maxCoeff();
        double sum = 0.0;
        for (Eigen::Index j = 0; j < scores.cols(); ++j) {
            w(i, j) = std::exp(scores(i, j) - top); // ≤ 1, and = 1 at the maximum: sum ≥ 1
            sum += w(i, j);
        }
        for (Eigen::Index j = 0; j < scores.cols(); ++j) {
            w(i, j) /= sum;
        }
    }
    return w;
}

AttentionResult scaledDotProductAttention(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                          const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                          const Eigen::Ref<const Eigen::MatrixXd>& values) {
    validateAttentionInputs(queries, keys, values);
    AttentionResult r;
    r.queries = queries;
    r.keys = keys;
    r.values = values;
    const double invSqrtD = 1.0 / std::sqrt(static_cast<double>(queries.cols()));
    r.scores = multiply(queries, keys.transpose()) * invSqrtD;
    r.weights = softmaxRows(r.scores);
    r.output = multiply(r.weights, values);
    return r;
}

AttentionResult ropeAttention(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                              const Eigen::Ref<const Eigen::MatrixXd>& keys,
                              const Eigen::Ref<const Eigen::MatrixXd>& values,
                              const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                              const Eigen::Ref<const Eigen::ArrayXd>& positions,
                              double attentionFactor) {
    validateAttentionInputs(queries, keys, values);
    validateFactor(attentionFactor);
    if (queries.rows() != keys.rows()) {
        throw InvalidParameter("k", "k must have as many rows as q for RoPE self-attention (" +
                                        std::to_string(queries.rows()) + "), got " +
                                        std::to_string(keys.rows()));
    }
    // θ = 0 is allowed: p-RoPE's pairs that do not rotate.
    if (2 * invFreq.size() != queries.cols() || !invFreq.allFinite() || !(invFreq >= 0.0).all()) {
        throw InvalidParameter(
            "inv_freq", "inv_freq must hold q.cols()/2 = " + std::to_string(queries.cols() / 2) +
                            " finite non-negative entries, got " + std::to_string(invFreq.size()));
    }
    if (positions.size() != queries.rows()) {
        throw InvalidParameter("positions", "positions must hold one entry per token (" +
                                                std::to_string(queries.rows()) + "), got " +
                                                std::to_string(positions.size()));
    }
    for (Eigen::Index i = 0; i < positions.size(); ++i) {
        validatePosition(positions[i], "positions");
    }
    // HF multiplies cos and sin by attention_factor, i.e. both rotated q and k: scores × a².
    const Eigen::MatrixXd q = rotateRows(queries, invFreq, positions) * attentionFactor;
    const Eigen::MatrixXd k = rotateRows(keys, invFreq, positions) * attentionFactor;
    return scaledDotProductAttention(q, k, values);
}

ToyAttention toyAttention(const ToyAttentionParams& params) {
    validateToy(params);
    const auto T = static_cast<Eigen::Index>(params.tokens.size());
    const int dm = params.modelDim;
    const int d = params.headDim;
    ToyAttention toy;

    std::vector<Eigen::Index> row(params.tokens.size());
    for (std::size_t t = 0; t < params.tokens.size(); ++t) {
        const auto it = std::find(toy.vocabulary.begin(), toy.vocabulary.end(), params.tokens[t]);
        row[t] = it - toy.vocabulary.begin();
        if (it == toy.vocabulary.end()) {
            toy.vocabulary.push_back(params.tokens[t]);
        }
    }

    std::mt19937_64 rng(params.seed);
    std::normal_distribution<double> unit(0.0, 1.0);
    Eigen::MatrixXd table(static_cast<Eigen::Index>(toy.vocabulary.size()), dm);
    for (Eigen::Index r = 0; r < table.rows(); ++r) {
        for (Eigen::Index j = 0; j < dm; ++j) {
            table(r, j) = unit(rng);
        }
    }
    // Weight scale 1/√d_model keeps each projected coordinate at unit variance for unit inputs.
    const double scale = 1.0 / std::sqrt(static_cast<double>(dm));
    const auto draw = [&](Eigen::MatrixXd& w) {
        w.resize(dm, d);
        for (Eigen::Index r = 0; r < dm; ++r) {
            for (Eigen::Index j = 0; j < d; ++j) {
                w(r, j) = scale * unit(rng);
            }
        }
    };
    draw(toy.wq);
    draw(toy.wk);
    draw(toy.wv);

    toy.embeddings.resize(T, dm);
    for (Eigen::Index t = 0; t < T; ++t) {
        toy.embeddings.row(t) = table.row(row[static_cast<std::size_t>(t)]);
    }
    toy.positions = Eigen::ArrayXd::LinSpaced(T, 0.0, static_cast<double>(T - 1)) +
                    static_cast<double>(params.firstPosition);
    toy.positionEncoding = Eigen::MatrixXd::Zero(T, dm);
    if (params.encoding == AttentionEncoding::Sinusoidal) {
        const Eigen::ArrayXd omega = inverseFrequencies(dm, params.base);
        for (Eigen::Index t = 0; t < T; ++t) {
            for (Eigen::Index i = 0; i < omega.size(); ++i) {
                toy.positionEncoding(t, 2 * i) = std::sin(toy.positions[t] * omega[i]);
                toy.positionEncoding(t, 2 * i + 1) = std::cos(toy.positions[t] * omega[i]);
            }
        }
    }
    const Eigen::MatrixXd x = toy.embeddings + toy.positionEncoding;
    const Eigen::MatrixXd q = multiply(x, toy.wq);
    const Eigen::MatrixXd k = multiply(x, toy.wk);
    const Eigen::MatrixXd v = multiply(x, toy.wv);
    if (params.encoding == AttentionEncoding::Rope) {
        toy.attention = ropeAttention(q, k, v, inverseFrequencies(d, params.base), toy.positions,
                                      params.attentionFactor);
    } else {
        // Same a² score scaling as the RoPE path, so variants stay comparable.
        toy.attention =
            scaledDotProductAttention(q * params.attentionFactor, k * params.attentionFactor, v);
    }
    return toy;
}

double maxRowDifference(const Eigen::Ref<const Eigen::MatrixXd>& matrix, Eigen::Index a,
                        Eigen::Index b) {
    if (a < 0 || b < 0 || a >= matrix.rows() || b >= matrix.rows()) {
        throw InvalidParameter("row", "row indices must be in [0, " +
                                          std::to_string(matrix.rows()) + "), got " +
                                          std::to_string(a) + " and " + std::to_string(b));
    }
    return (matrix.row(a) - matrix.row(b)).cwiseAbs().maxCoeff();
}

std::pair<Eigen::Index, Eigen::Index>
firstRepeatedTokenPair(const std::vector<std::string>& tokens) {
    // Bounded by limits::kMaxTokens² comparisons for valid toy inputs.
    for (std::size_t b = 1; b < tokens.size(); ++b) {
        for (std::size_t a = 0; a < b; ++a) {
            if (tokens[a] == tokens[b]) {
                return {static_cast<Eigen::Index>(a), static_cast<Eigen::Index>(b)};
            }
        }
    }
    throw InvalidParameter("tokens", "tokens must contain a repeated token");
}

double repeatedTokenOutputDifference(const ToyAttentionParams& params) {
    validateToy(params);
    const auto [a, b] = firstRepeatedTokenPair(params.tokens);
    return maxRowDifference(toyAttention(params).attention.output, a, b);
}

double toeplitzResidual(const Eigen::Ref<const Eigen::MatrixXd>& matrix) {
    if (matrix.rows() < 1 || matrix.rows() != matrix.cols() || !matrix.allFinite()) {
        throw InvalidParameter("matrix", "matrix must be square, non-empty and finite, got " +
                                             std::to_string(matrix.rows()) + "×" +
                                             std::to_string(matrix.cols()));
    }
    const Eigen::Index n = matrix.rows();
    double worst = 0.0;
    for (Eigen::Index delta = -(n - 1); delta <= n - 1; ++delta) {
        double lo = std::numeric_limits<double>::infinity();
        double hi = -std::numeric_limits<double>::infinity();
        for (Eigen::Index m = std::max<Eigen::Index>(0, -delta); m < n && m + delta < n; ++m) {
            lo = std::min(lo, matrix(m, m + delta));
            hi = std::max(hi, matrix(m, m + delta));
        }
        worst = std::max(worst, hi - lo);
    }
    return worst;
}

double repeatedTokenToeplitzResidual(const ToyAttentionParams& params, int length) {
    if (length < 1 || length > limits::kMaxTokens) {
        throw InvalidParameter("length",
                               "length must be in [1, 256], got " + std::to_string(length));
    }
    validateToy(params);
    ToyAttentionParams repeated = params;
    repeated.tokens.assign(static_cast<std::size_t>(length), params.tokens.front());
    return toeplitzResidual(toyAttention(repeated).attention.scores);
}

} // namespace rope
