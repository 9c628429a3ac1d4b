// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kv_cache.h"

#include "core/rope_params.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"

#include <cmath>
#include <string>

namespace rope {

namespace {

Eigen::ArrayXd dynamicFrequencies(int dim, double base, double factor, int originalContext,
                                  long long seqLen) {
    RopeParams p;
    p.headDim = dim;
    p.base = base;
    p.scaling.method = ScalingKind::Dynamic;
    p.scaling.factor = factor;
    p.scaling.originalContext = originalContext;
    p.scaling.seqLen = seqLen;
    return scaledFrequencies(p).invFreq;
}

void checkPositions(long long cachedLen, long long seqLen, long long queryPos, long long keyPos) {
    if (seqLen < 1 || seqLen > limits::kMaxContext) {
        throw InvalidParameter(std::string(field::kSeqLen), std::string(field::kSeqLen) +
                                                                " must be in [1, 67108864], got " +
                                                                std::to_string(seqLen));
    }
    if (cachedLen < 1 || cachedLen > seqLen) {
        throw InvalidParameter("cached-len",
                               "cached-len must be in [1, " + std::string(field::kSeqLen) + " = " +
                                   std::to_string(seqLen) + "], got " + std::to_string(cachedLen));
    }
    if (keyPos < 0 || keyPos >= cachedLen) {
        throw InvalidParameter("k-pos",
                               "k-pos must be in [0, cached-len = " + std::to_string(cachedLen) +
                                   "), got " + std::to_string(keyPos));
    }
    if (queryPos < keyPos || queryPos >= seqLen) {
        throw InvalidParameter("q-pos", "q-pos must be in [k-pos = " + std::to_string(keyPos) +
                                            ", seq-len = " + std::to_string(seqLen) + "), got " +
                                            std::to_string(queryPos));
    }
}

// Each pair contributes |q_i||k_i| cos(α − β) = (2/D) cos(α − β).
KvCacheScores scoresAt(const Eigen::ArrayXd& now, const Eigen::ArrayXd& then, int dim,
                       long long queryPos, long long keyPos) {
    const double m = static_cast<double>(queryPos);
    const double n = static_cast<double>(keyPos);
    const double pairWeight = 2.0 / dim;
    KvCacheScores r;
    r.consistent = pairWeight * ((m - n) * now).cos().sum();
    r.cachedKey = pairWeight * (m * now - n * then).cos().sum();
    return r;
}

} // namespace

Eigen::MatrixXd dynamicNtkKvCacheCurve(int dim, double base, double factor, int originalContext,
                                       long long cachedLen, long long seqLen, long long keyPos,
                                       const std::vector<long long>& queryPositions) {
    for (const long long m : queryPositions) {
        checkPositions(cachedLen, seqLen, m, keyPos);
    }
    const Eigen::ArrayXd now = dynamicFrequencies(dim, base, factor, originalContext, seqLen);
    const Eigen::ArrayXd then = dynamicFrequencies(dim, base, factor, originalContext, cachedLen);
    Eigen::MatrixXd out(static_cast<Eigen::Index>(queryPositions.size()), 2);
    for (std::size_t i = 0; i < queryPositions.size(); ++i) {
        const KvCacheScores s = scoresAt(now, then, dim, queryPositions[i], keyPos);
        out(static_cast<Eigen::Index>(i), 0) = s.consistent;
        out(static_cast<Eigen::Index>(i), 1) = s.cachedKey;
    }
    return out;
}

KvCacheScores dynamicNtkKvCacheScores(int dim, double base, double factor, int originalContext,
                                      long long cachedLen, long long seqLen, long long queryPos,
                                      long long keyPos) {
    checkPositions(cachedLen, seqLen, queryPos, keyPos);
    const Eigen::ArrayXd now = dynamicFrequencies(dim, base, factor, originalContext, seqLen);
    const Eigen::ArrayXd then = dynamicFrequencies(dim, base, factor, originalContext, cachedLen);
    return scoresAt(now, then, dim, queryPos, keyPos);
}

} // namespace rope
