// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/position_schemes.h"

#include "core/frequencies.h"
#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace rope {

namespace {

struct SchemeName {
    PositionScheme scheme;
    const char* id;
};

constexpr SchemeName kSchemes[] = {
    {PositionScheme::None, "none"},
    {PositionScheme::Learned, "learned"},
    {PositionScheme::Sinusoidal, "sinusoidal"},
    {PositionScheme::Rope, "rope"},
    {PositionScheme::Alibi, "alibi"},
    {PositionScheme::T5, "t5"},
    {PositionScheme::Nope, "nope"},
    {PositionScheme::PRope, "p-rope"},
};

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void checkLength(int length) {
    if (length < 2 || length > limits::kMaxSchemeTokens) {
        throw InvalidParameter("length", "length must be 2 … " +
                                             std::to_string(limits::kMaxSchemeTokens) +
                                             " tokens, got " + std::to_string(length));
    }
}

void checkDim(int dim) {
    if (dim < 4 || dim > limits::kMaxSchemeDim || dim % 2 != 0) {
        throw InvalidParameter("dim", "dim must be even and 4 … " +
                                          std::to_string(limits::kMaxSchemeDim) + ", got " +
                                          std::to_string(dim));
    }
}

void checkBuckets(int buckets) {
    if (buckets < 2 || buckets > 1024) {
        throw InvalidParameter("buckets",
                               "buckets must be 2 … 1024, got " + std::to_string(buckets));
    }
}

// Rotates the interleaved pairs (x_{2i}, x_{2i+1}) of row t of \p m by t·θ_i (RoFormer eq. 34).
void rotateRow(Eigen::MatrixXd& m, int t, const Eigen::ArrayXd& invFreq) {
    auto row = m.row(t);
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        const double angle = static_cast<double>(t) * invFreq[i];
        const double c = std::cos(angle);
        const double s = std::sin(angle);
        const double a = row[2 * i];
        const double b = row[2 * i + 1];
        row[2 * i] = a * c - b * s;
        row[2 * i + 1] = a * s + b * c;
    }
}

} // namespace

const char* positionSchemeId(PositionScheme scheme) noexcept {
    for (const SchemeName& s : kSchemes) {
        if (s.scheme == scheme) {
            return s.id;
        }
    }
    return "none";
}

PositionScheme parsePositionScheme(const std::string& id) {
    for (const SchemeName& s : kSchemes) {
        if (id == s.id) {
            return s.scheme;
        }
    }
    throw InvalidParameter("scheme", "unknown position scheme '" + id +
                                         "' (valid: none, learned, sinusoidal, rope, alibi, t5, "
                                         "nope, p-rope)");
}

const std::vector<PositionScheme>& allPositionSchemes() {
    static const std::vector<PositionScheme> schemes = [] {
        std::vector<PositionScheme> all;
        for (const SchemeName& s : kSchemes) {
            all.push_back(s.scheme);
        }
        return all;
    }();
    return schemes;
}

std::vector<double> alibiSlopes(int heads) {
    if (heads < 1 || heads > 1024) {
        throw InvalidParameter("heads", "heads must be 1 … 1024, got " + std::to_string(heads));
    }
    // Powers of two: m_h = 2^(−8h/n) (Press et al. 2021, §3: "the geometric sequence that starts
    // at 2^(−8/n) and uses that number as its ratio").
    const auto powerOfTwo = [](int n) {
        std::vector<double> slopes;
        for (int h = 1; h <= n; ++h) {
            slopes.push_back(std::exp2(-8.0 * h / n));
        }
        return slopes;
    };
    int c = 1;
    while (2 * c <= heads) {
        c *= 2;
    }
    std::vector<double> slopes = powerOfTwo(c);
    if (c == heads) {
        return slopes;
    }
    // Other n: the slopes of the power of two below, then the odd-numbered slopes of 2c heads
    // (the slopes halfway between them), as the paper's reference code does.
    const std::vector<double> finer = powerOfTwo(2 * c);
    for (int k = 0; k < heads - c; ++k) {
        slopes.push_back(finer[static_cast<std::size_t>(2 * k)]);
    }
    return slopes;
}

int t5RelativePositionBucket(long long relativePosition, bool bidirectional, int numBuckets,
                             int maxDistance) {
    checkBuckets(numBuckets);
    if (bidirectional && numBuckets % 2 != 0) {
        throw InvalidParameter("buckets", "bidirectional buckets must be even, got " +
                                              std::to_string(numBuckets));
    }
    if (std::llabs(relativePosition) > (1LL << 40)) {
        throw InvalidParameter("relative-position", "relative position beyond ±2^40");
    }
    int buckets = numBuckets;
    int bucket = 0;
    long long distance = 0;
    if (bidirectional) {
        buckets /= 2;
        bucket += relativePosition > 0 ? buckets : 0;
        distance = std::llabs(relativePosition);
    } else {
        distance = relativePosition < 0 ? -relativePosition : 0;
    }
    const int maxExact = buckets / 2;
    if (maxExact < 1 || maxDistance <= maxExact || maxDistance > 1000000) {
        throw InvalidParameter("max-distance",
                               "max-distance must exceed half the buckets of a direction (" +
                                   std::to_string(maxExact) + ") and be ≤ 10^6, got " +
                                   std::to_string(maxDistance));
    }
    if (distance < maxExact) {
        return bucket + static_cast<int>(distance);
    }
    // e + ⌊ln(r/e) / ln(D/e) · (B' − e)⌋ in single precision, as transformers computes it on a
    // float tensor (the divisor ln(D/e) is a double rounded to float).
    const float ratio = static_cast<float>(distance) / static_cast<float>(maxExact);
    const float scaled = std::log(ratio) /
                         static_cast<float>(std::log(static_cast<double>(maxDistance) / maxExact)) *
                         static_cast<float>(buckets - maxExact);
    const int large = std::min(maxExact + static_cast<int>(scaled), buckets - 1);
    return bucket + large;
}

Eigen::ArrayXd pRopeInverseFrequencies(int dim, double base, double p) {
    validateDim(dim);
    validateBase(base);
    if (!(p >= 0.0 && p <= 1.0)) {
        throw InvalidParameter("p", "p (the fraction of frequencies kept) must be 0 … 1");
    }
    Eigen::ArrayXd invFreq = inverseFrequencies(dim, base);
    // Barbero et al. keep ⌊p·d/2⌋ angles, the highest frequencies, with their RoPE values (the
    // exponent keeps the full d) and give the rest an infinite wavelength.
    const auto kept = static_cast<Eigen::Index>(std::floor(p * (dim / 2)));
    for (Eigen::Index i = kept; i < invFreq.size(); ++i) {
        invFreq[i] = 0.0;
    }
    return invFreq;
}

Eigen::MatrixXd sinusoidalTable(int length, int dim, double base) {
    validateDim(dim);
    validateBase(base);
    if (length < 1 || length > 1 << 20) {
        throw InvalidParameter("length", "length must be 1 … 2^20");
    }
    Eigen::MatrixXd table(length, dim);
    for (int t = 0; t < length; ++t) {
        for (int i = 0; i < dim / 2; ++i) {
            const double angle = t * std::pow(base, -2.0 * i / dim);
            table(t, 2 * i) = std::sin(angle);
            table(t, 2 * i + 1) = std::cos(angle);
        }
    }
    return table;
}

SchemeInputs schemeInputs(const SchemeToyParams& params) {
    checkLength(params.length);
    checkDim(params.dim);
    checkBuckets(params.t5Buckets);
    const int d = params.dim;
    const int rows = limits::kMaxSchemeTokens;
    std::mt19937_64 rng(params.seed);
    std::normal_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> weight(0.0, 1.0 / std::sqrt(static_cast<double>(d)));
    std::normal_distribution<double> learned(0.0, std::sqrt(0.5));
    const auto draw = [&rng](Eigen::MatrixXd& m, std::normal_distribution<double>& dist) {
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            for (Eigen::Index c = 0; c < m.cols(); ++c) {
                m(r, c) = dist(rng);
            }
        }
    };
    SchemeInputs in;
    Eigen::MatrixXd tokens(rows, d);
    draw(tokens, unit);
    in.wq.resize(d, d);
    in.wk.resize(d, d);
    in.wv.resize(d, d);
    draw(in.wq, weight);
    draw(in.wk, weight);
    draw(in.wv, weight);
    Eigen::MatrixXd table(rows, d);
    draw(table, learned);
    for (int b = 0; b < params.t5Buckets; ++b) {
        in.t5Bias.push_back(unit(rng));
    }
    in.learned = table.topRows(params.length);
    if (params.distinctTokens) {
        in.tokens = tokens.topRows(params.length);
    } else {
        in.tokens = tokens.row(0).replicate(params.length, 1);
    }
    return in;
}

AttentionMask schemeMask(PositionScheme scheme, const SchemeToyParams& params) noexcept {
    switch (scheme) {
    case PositionScheme::None:
        return AttentionMask::Bidirectional;
    case PositionScheme::Nope:
        return AttentionMask::Causal;
    default:
        return params.mask;
    }
}

SchemeResult evaluateScheme(PositionScheme scheme, const SchemeToyParams& params,
                            const SchemeInputs& inputs, const std::vector<int>& order) {
    const auto T = static_cast<int>(inputs.tokens.rows());
    const auto d = static_cast<int>(inputs.tokens.cols());
    checkLength(T);
    checkDim(d);
    if (inputs.wq.rows() != d || inputs.wq.cols() != d || inputs.wk.rows() != d ||
        inputs.wk.cols() != d || inputs.wv.rows() != d || inputs.wv.cols() != d ||
        inputs.learned.rows() != T || inputs.learned.cols() != d) {
        throw InvalidParameter("inputs", "toy inputs of mismatched sizes");
    }
    std::vector<int> perm = order;
    if (perm.empty()) {
        for (int t = 0; t < T; ++t) {
            perm.push_back(t);
        }
    }
    std::vector<int> sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    for (int t = 0; t < T; ++t) {
        if (static_cast<int>(sorted.size()) != T || sorted[static_cast<std::size_t>(t)] != t) {
            throw InvalidParameter("order", "order must be a permutation of 0 … T−1");
        }
    }
    Eigen::MatrixXd x(T, d);
    for (int t = 0; t < T; ++t) {
        x.row(t) = inputs.tokens.row(perm[static_cast<std::size_t>(t)]);
    }
    // Absolute schemes add their table to the embeddings before the projections (Vaswani et al.
    // 2017, §3.5; GPT-2 and BERT do the same with a learned table).
    if (scheme == PositionScheme::Sinusoidal) {
        x += sinusoidalTable(T, d, params.base);
    } else if (scheme == PositionScheme::Learned) {
        x += inputs.learned;
    }
    Eigen::MatrixXd q = x * inputs.wq;
    Eigen::MatrixXd k = x * inputs.wk;
    const Eigen::MatrixXd v = x * inputs.wv;
    // RoPE rotates q and k (never v) by their positions; p-RoPE leaves its zero frequencies
    // unrotated.
    if (scheme == PositionScheme::Rope || scheme == PositionScheme::PRope) {
        const Eigen::ArrayXd invFreq =
            scheme == PositionScheme::Rope
                ? inverseFrequencies(d, params.base)
                : pRopeInverseFrequencies(d, params.base, params.pRopeFraction);
        for (int t = 0; t < T; ++t) {
            rotateRow(q, t, invFreq);
            rotateRow(k, t, invFreq);
        }
    }
    const AttentionMask mask = schemeMask(scheme, params);
    const bool causal = mask == AttentionMask::Causal;
    double slope = 0;
    if (scheme == PositionScheme::Alibi) {
        const std::vector<double> slopes = alibiSlopes(params.alibiHeads);
        if (params.alibiHead < 1 || params.alibiHead > params.alibiHeads) {
            throw InvalidParameter("head", "head must be 1 … " + std::to_string(params.alibiHeads) +
                                               ", got " + std::to_string(params.alibiHead));
        }
        slope = slopes[static_cast<std::size_t>(params.alibiHead - 1)];
    }
    if (scheme == PositionScheme::T5 &&
        static_cast<int>(inputs.t5Bias.size()) != params.t5Buckets) {
        throw InvalidParameter("buckets", "T5 bias table and bucket count differ");
    }
    SchemeResult result;
    result.mask = mask;
    result.scores.resize(T, T);
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    for (int i = 0; i < T; ++i) {
        for (int j = 0; j < T; ++j) {
            if (causal && j > i) {
                result.scores(i, j) = kNaN;
                continue;
            }
            double s = q.row(i).dot(k.row(j)) * scale;
            if (scheme == PositionScheme::Alibi) {
                // Press et al. define −m·(i − j) for a causal head only; without a mask the
                // symmetric −m·|i − j| (a common encoder variant) keeps the bias relative.
                s -= slope * std::abs(i - j);
            } else if (scheme == PositionScheme::T5) {
                const int bucket = t5RelativePositionBucket(j - i, !causal, params.t5Buckets,
                                                            params.t5MaxDistance);
                s += inputs.t5Bias[static_cast<std::size_t>(bucket)];
            }
            result.scores(i, j) = s;
        }
    }
    // Softmax over the visible keys (row maximum subtracted), then the weighted values.
    result.output = Eigen::MatrixXd::Zero(T, d);
    for (int i = 0; i < T; ++i) {
        const int last = causal ? i : T - 1;
        double top = -std::numeric_limits<double>::infinity();
        for (int j = 0; j <= last; ++j) {
            top = std::max(top, result.scores(i, j));
        }
        double total = 0;
        Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(d);
        for (int j = 0; j <= last; ++j) {
            const double w = std::exp(result.scores(i, j) - top);
            total += w;
            sum += w * v.row(j);
        }
        result.output.row(i) = sum / total;
    }
    return result;
}

std::vector<std::pair<int, double>>
distanceProfile(const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    std::vector<std::pair<int, double>> profile;
    const auto T = static_cast<int>(scores.rows());
    for (int delta = -(T - 1); delta <= T - 1; ++delta) {
        double sum = 0;
        int count = 0;
        for (int i = std::max(0, delta); i < T && i - delta < scores.cols(); ++i) {
            const double s = scores(i, i - delta);
            if (std::isfinite(s)) {
                sum += s;
                ++count;
            }
        }
        if (count > 0) {
            profile.emplace_back(delta, sum / count);
        }
    }
    return profile;
}

double diagonalSpread(const Eigen::Ref<const Eigen::MatrixXd>& scores) {
    const auto T = static_cast<int>(scores.rows());
    double spread = 0;
    for (int delta = -(T - 1); delta <= T - 1; ++delta) {
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        for (int i = std::max(0, delta); i < T && i - delta < scores.cols(); ++i) {
            const double s = scores(i, i - delta);
            if (std::isfinite(s)) {
                lo = std::min(lo, s);
                hi = std::max(hi, s);
            }
        }
        if (hi >= lo) {
            spread = std::max(spread, hi - lo);
        }
    }
    return spread;
}

double permutationResidual(PositionScheme scheme, const SchemeToyParams& params) {
    SchemeToyParams distinct = params;
    distinct.distinctTokens = true;
    const SchemeInputs inputs = schemeInputs(distinct);
    const int T = distinct.length;
    std::vector<int> reversed;
    for (int t = T - 1; t >= 0; --t) {
        reversed.push_back(t);
    }
    const SchemeResult straight = evaluateScheme(scheme, distinct, inputs);
    const SchemeResult shuffled = evaluateScheme(scheme, distinct, inputs, reversed);
    // Token reversed[t] sits at position t of the shuffled run: compare it with that token's
    // output in the straight run.
    double residual = 0;
    for (int t = 0; t < T; ++t) {
        const int token = reversed[static_cast<std::size_t>(t)];
        residual = std::max(
            residual, (shuffled.output.row(t) - straight.output.row(token)).cwiseAbs().maxCoeff());
    }
    return residual;
}

} // namespace rope
