// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kv_cache.h"

#include "core/parallel.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"
#include "core/vector_state.h"

#include <algorithm>
#include <atomic>
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
    clearUpperVectorState(); // see dynamicNtkKvCacheScoresOverLengths()
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

std::vector<KvCacheScores>
dynamicNtkKvCacheScoresOverLengths(int dim, double base, double factor, int originalContext,
                                   long long cachedLen, const std::vector<long long>& lengths,
                                   long long queryPos, long long keyPos) {
    const auto queryAt = [queryPos](long long len) { return queryPos < 0 ? len - 1 : queryPos; };
    for (const long long len : lengths) {
        checkPositions(cachedLen, len, queryAt(len), keyPos);
    }
    std::vector<KvCacheScores> out;
    if (lengths.empty()) {
        return out;
    }
    out.reserve(lengths.size());
    // 400 lengths × (d/2 pow + d cos) of scalar SSE code, called from the GUI thread after a
    // paint: without this the dirty AVX upper state made it 10–25× slower (vector_state.h).
    clearUpperVectorState();
    const Eigen::ArrayXd then = dynamicFrequencies(dim, base, factor, originalContext, cachedLen);
    const Eigen::ArrayXd upToL0 =
        dynamicFrequencies(dim, base, factor, originalContext, originalContext);
    for (const long long len : lengths) {
        out.push_back(len <= originalContext
                          ? scoresAt(upToL0, then, dim, queryAt(len), keyPos)
                          : scoresAt(dynamicFrequencies(dim, base, factor, originalContext, len),
                                     then, dim, queryAt(len), keyPos));
    }
    return out;
}

KvCacheMismatch dynamicNtkLargestMismatch(int dim, double base, double factor, int originalContext,
                                          long long cachedLen, long long first, long long last,
                                          long long stride, long long queryPos, long long keyPos,
                                          int threads, const WorkControl* control) {
    if (stride < 1 || first > last) {
        throw InvalidParameter("stride", "the lengths scanned need stride ≥ 1 and first ≤ last, "
                                         "got stride " +
                                             std::to_string(stride) + ", first " +
                                             std::to_string(first) + ", last " +
                                             std::to_string(last));
    }
    const auto queryAt = [queryPos](long long len) { return queryPos < 0 ? len - 1 : queryPos; };
    const long long count = (last - first) / stride + 1;
    const long long lastScanned = first + (count - 1) * stride;
    checkPositions(cachedLen, first, queryAt(first), keyPos);
    checkPositions(cachedLen, lastScanned, queryAt(lastScanned), keyPos);
    // Both end lengths passed the checks, and every check is monotone in L (the query stays in
    // [n, L) when it moves with L, and a fixed query below the first L stays below the later
    // ones), so every length between passes too; so do the parameters of both θ.
    const Eigen::ArrayXd then = dynamicFrequencies(dim, base, factor, originalContext, cachedLen);
    // Up to L₀ dynamic NTK leaves the frequencies as they are: max(L, L₀) = L₀.
    const Eigen::ArrayXd upToL0 =
        dynamicFrequencies(dim, base, factor, originalContext, originalContext);
    const int workers =
        std::max(1, std::min<int>(threads, static_cast<int>(std::min<long long>(count, 256))));
    std::vector<KvCacheMismatch> found(static_cast<std::size_t>(workers));
    std::atomic<long long> done{0};
    constexpr long long kCheckEvery = 256;
    parallelFor(
        static_cast<std::size_t>(workers), workers,
        [&](std::size_t begin, std::size_t end) {
            for (std::size_t w = begin; w < end; ++w) {
                // Worker w scans the lengths j ∈ [count·w/W, count·(w+1)/W).
                const long long from = count * static_cast<long long>(w) / workers;
                const long long to = count * static_cast<long long>(w + 1) / workers;
                KvCacheMismatch& mine = found[w];
                for (long long j = from; j < to; ++j) {
                    if ((j - from) % kCheckEvery == 0 && j != from) {
                        if (isCancelled(control)) {
                            mine.complete = false;
                            return;
                        }
                        const long long total = done.fetch_add(kCheckEvery) + kCheckEvery;
                        if (control != nullptr) {
                            control->setProgress(static_cast<double>(total) /
                                                 static_cast<double>(count));
                        }
                    }
                    const long long len = first + j * stride;
                    const KvCacheScores s =
                        len <= originalContext
                            ? scoresAt(upToL0, then, dim, queryAt(len), keyPos)
                            : scoresAt(dynamicFrequencies(dim, base, factor, originalContext, len),
                                       then, dim, queryAt(len), keyPos);
                    const double gap = std::abs(s.cachedKey - s.consistent);
                    if (gap > mine.largest || mine.atLength == 0) {
                        mine.largest = gap;
                        mine.atLength = len;
                    }
                }
            }
        },
        control);
    // Workers hold ascending ranges: a strict > keeps the first length of the largest value.
    KvCacheMismatch result;
    for (const KvCacheMismatch& part : found) {
        result.complete = result.complete && part.complete;
        if (part.atLength != 0 && (result.atLength == 0 || part.largest > result.largest)) {
            result.largest = part.largest;
            result.atLength = part.atLength;
        }
    }
    if (isCancelled(control)) {
        result.complete = false;
    }
    return result;
}

} // namespace rope
