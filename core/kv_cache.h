// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <vector>

/// \file kv_cache.h
/// Dynamic NTK and the KV cache: a key cached while the sequence was short was rotated with the
/// frequencies of that moment; a query computed later uses the frequencies of the longer
/// sequence, so the score no longer depends on m − n alone.

namespace rope {

/// \brief The two scores of one query/key pair under dynamic NTK.
struct KvCacheScores {
    /// ⟨R_{θ(L)}(m) q, R_{θ(L)}(n) k⟩: key and query rotated with today's frequencies (what a
    /// model without a cache, or one that re-rotates its cache, computes).
    double consistent = 0.0;
    /// ⟨R_{θ(L)}(m) q, R_{θ(C)}(n) k⟩: the key keeps the rotation it got when it was cached.
    double cachedKey = 0.0;
};

/// \brief Scores of q = k = (1/√D, …, 1/√D) at query position m and key position n.
///
/// θ(ℓ) are the dynamic-NTK frequencies for sequence length ℓ (applyDynamicNtkScaling:
/// \f$b' = b\,(s\max(ℓ, L_0)/L_0 - (s-1))^{D/(D-2)}\f$). Each pair of q and k is (1/√D, 1/√D),
/// so ⟨R(α)q_i, R(β)k_i⟩ = (2/D)·cos(α − β) and
/// \f$\mathrm{consistent} = \frac{2}{D}\sum_i \cos\bigl((m-n)θ_i(L)\bigr)\f$,
/// \f$\mathrm{cachedKey} = \frac{2}{D}\sum_i \cos\bigl(mθ_i(L) - nθ_i(C)\bigr)\f$.
/// Both are 1 at m = n when C = L. The pair layout does not matter for this q and k.
/// \param dim head dimension D (even, 4 … limits::kMaxDim).
/// \param base b, finite in (1, 1e30].
/// \param factor s ∈ [1, 1e6]; \param originalContext L₀ ∈ [1, limits::kMaxContext].
/// \param cachedLen C: sequence length when the key was cached, n < C ≤ L.
/// \param seqLen L: sequence length now, ≤ limits::kMaxContext.
/// \param queryPos m ∈ [n, L) (causal: the query is not before the key).
/// \param keyPos n ∈ [0, C).
/// \warning Throws InvalidParameter("dim"), ("base"), ("factor"), ("original-context"),
/// ("cached-len"), ("seq-len"), ("q-pos") or ("k-pos").
/// Source: emozilla 2023, "Dynamically Scaled RoPE" (r/LocalLLaMA), and the caveat in HF's
/// `dynamic_rope_update` (transformers 4.4x–5.x): inv_freq is recomputed when the sequence grows,
/// while keys already in the cache keep their old rotation.
KvCacheScores dynamicNtkKvCacheScores(int dim, double base, double factor, int originalContext,
                                      long long cachedLen, long long seqLen, long long queryPos,
                                      long long keyPos);

/// \brief Both scores for a key at \p keyPos and every query position in \p queryPositions
/// (same rules and limits as dynamicNtkKvCacheScores; θ(C) and θ(L) are computed once).
/// \return queryPositions.size() × 2 matrix: column 0 consistent, column 1 cached key.
/// \warning Throws InvalidParameter as dynamicNtkKvCacheScores, naming "q-pos" for the first
/// query position outside [keyPos, seqLen).
Eigen::MatrixXd dynamicNtkKvCacheCurve(int dim, double base, double factor, int originalContext,
                                       long long cachedLen, long long seqLen, long long keyPos,
                                       const std::vector<long long>& queryPositions);

/// \brief dynamicNtkKvCacheScores() at each sequence length of \p lengths (ascending or not),
/// the query at \p queryPos or, when \p queryPos < 0, at m = L − 1; θ(C) is computed once, and
/// θ(L) once for all lengths up to L₀ (dynamic NTK keeps the original frequencies there).
/// \warning Throws InvalidParameter as dynamicNtkKvCacheScores for the first bad length.
std::vector<KvCacheScores> dynamicNtkKvCacheScoresOverLengths(int dim, double base, double factor,
                                                              int originalContext,
                                                              long long cachedLen,
                                                              const std::vector<long long>& lengths,
                                                              long long queryPos, long long keyPos);

/// \brief What dynamicNtkLargestMismatch() found.
struct KvCacheMismatch {
    /// max over the lengths scanned of |cachedKey − consistent| (0 when none was scanned).
    double largest = 0.0;
    /// The first length L at which it is reached (0 when none was scanned).
    long long atLength = 0;
    /// False when the scan was cancelled before its end (largest then covers only part).
    bool complete = true;
};

class WorkControl;

/// \brief The largest |cachedKey − consistent| of dynamicNtkKvCacheScores() over the sequence
/// lengths L = first, first + stride, first + 2·stride, … ≤ last, the query at \p queryPos or,
/// when \p queryPos < 0, at m = L − 1 (the newest token). Each length gives the same scores as
/// dynamicNtkKvCacheScores() (θ(C) is computed once, θ(L) once per length above L₀ and once for
/// every length up to L₀, where dynamic NTK keeps the original frequencies).
/// \param threads workers over the lengths (1 … 256; resolveThreads() resolves 0); the result
/// does not depend on it.
/// \param control checked every few hundred lengths; progress is the fraction of lengths done.
/// \warning Throws InvalidParameter as dynamicNtkKvCacheScores for the first and the last length
/// scanned, and InvalidParameter("stride") for a stride below 1 or first > last.
KvCacheMismatch dynamicNtkLargestMismatch(int dim, double base, double factor, int originalContext,
                                          long long cachedLen, long long first, long long last,
                                          long long stride, long long queryPos, long long keyPos,
                                          int threads = 1, const WorkControl* control = nullptr);

} // namespace rope
