// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"

#include "core/scaling/scaling_registry.h"

#include <cmath>
#include <string>

namespace rope {

namespace {

void validateRows(long long rows) {
    if (rows < 0 || rows > limits::kMaxContext) {
        throw InvalidParameter("seq", "seq must be in [0, 67108864], got " + std::to_string(rows));
    }
}

void validatePositions(const std::int64_t* positions, long long rows) {
    if (rows > 0 && positions == nullptr) {
        throw InvalidParameter("positions", "positions is null but seq is " + std::to_string(rows));
    }
    for (long long r = 0; r < rows; ++r) {
        const std::int64_t p = positions[r];
        if (p < -limits::kMaxKernelPosition || p > limits::kMaxKernelPosition) {
            throw InvalidParameter("positions", "positions[" + std::to_string(r) +
                                                    "] = " + std::to_string(p) +
                                                    " is beyond |position| <= 2^24 = 16777216");
        }
    }
}

} // namespace

RopeCache buildRopeCache(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double attentionFactor,
                         const std::int64_t* positions, long long rows) {
    validateRows(rows);
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq", "inv_freq must have 1 to 4096 entries, got " +
                                               std::to_string(invFreq.size()));
    }
    // θ = 0 (p-RoPE's unrotated pairs) gives the rows cos 1, sin 0: the pair passes through.
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw InvalidParameter("inv_freq", "inv_freq (inverse frequencies) must be finite and "
                                           "non-negative (0 = a pair that does not rotate)");
    }
    if (!std::isfinite(attentionFactor) || attentionFactor <= 0.0) {
        throw InvalidParameter("attention-factor",
                               "attention-factor must be finite and positive, got " +
                                   std::to_string(attentionFactor));
    }
    validatePositions(positions, rows);

    RopeCache cache;
    cache.rows = rows;
    cache.pairs = static_cast<int>(invFreq.size());
    cache.attentionFactor = attentionFactor;
    const std::size_t n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cache.pairs);
    cache.cos.resize(n);
    cache.sin.resize(n);
    for (long long r = 0; r < rows; ++r) {
        // |p| ≤ 2^24 is exact in double; p·θ_i carries one rounding (≤ |p θ_i|·2^-53 rad).
        const double p = static_cast<double>(positions[r]);
        float* c = cache.cos.data() + r * cache.pairs;
        float* s = cache.sin.data() + r * cache.pairs;
        for (int i = 0; i < cache.pairs; ++i) {
            const double angle = p * invFreq[i];
            // One rounding to float at the end: |c − a·cos(angle)| ≤ 2^-24·|a·cos(angle)| + the
            // double error, which is ~1e-9 of that.
            c[i] = static_cast<float>(attentionFactor * std::cos(angle));
            s[i] = static_cast<float>(attentionFactor * std::sin(angle));
        }
    }
    return cache;
}

RopeCache buildRopeCache(const RopeParams& params, const std::int64_t* positions, long long rows) {
    const ScalingResult scaled = scaledFrequencies(params);
    return buildRopeCache(scaled.invFreq, scaled.attentionFactor, positions, rows);
}

} // namespace rope
