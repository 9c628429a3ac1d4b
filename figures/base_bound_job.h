// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"
#include "core/base_bound_tables.h"
#include "figures/figure_registry.h"

#include <QString>

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

/// \file base_bound_job.h
/// What the base-bound panel's job computes (FigureJob): the certified b* searches of the
/// curves, the dense curves, the feasible region, the published tables and the landscape,
/// each seconds to minutes. The job runs them on the panel's worker with progress and cancel
/// and hands over a BaseBoundResult; the figure is composed from it on every step. Nothing
/// here outlives the result that holds it but the disk cache (io::DiskCache) of the dense
/// curves and the published checks.

namespace rope::figures {

/// \brief A released model's context length and RoPE base (its config.json's
/// max_position_embeddings and rope_theta), marked on the base-bound panel.
struct ModelContext {
    QString name;
    long long context = 0; ///< L (tokens)
    double base = 0;       ///< b (rope_theta)
};

/// \brief Llama 2 (4096, 1e4), Llama 3.1 (8192 → 131072, 5e5), CodeLlama (16384, 1e6),
/// Qwen2.5 (32768, 1e6), in that order (Llama 3.1 twice: pre-training and extended context).
const std::vector<ModelContext>& publishedModelContexts();

/// \brief One sampled base of the feasible region: it keeps f ≥ 0 on 0 … largestContext − 1
/// (the first negative m, or the scan limit when there is none below it).
struct FeasibleEdge {
    double base = 0;
    double largestContext = 0;
};

/// \brief A printed value of Su (2024) or Men et al. (2024) beside the exact b*(L, 128) of its
/// convention: the printed base checked on every m of its own context.
struct PublishedCheck {
    rope::PublishedMinimalBase row;
    rope::PublishedBaseCheck check;
    double exact = 0; ///< b* at the row's L, or NaN when not computed (L > 2^17)
};

/// \brief What a landscape is computed for.
struct LandscapeKey {
    long long context = 0;
    int dim = 0;
    double lowBase = 0.0;
    double highBase = 0.0;
    int samples = 0;
    std::vector<double> extraBases;
    bool operator==(const LandscapeKey&) const = default;
};

/// \brief Everything the base-bound job has computed so far. Searches are kept by their
/// arguments, so a run for new inputs reuses those of the previous result; compose draws what
/// is there for the current inputs and says what is still missing.
struct BaseBoundResult final : JobResult {
    /// b*(L, d) by (L, d, includeContext); a search refused by core keeps its message.
    std::map<std::tuple<long long, int, bool>, rope::MinimalBase> minimal;
    std::map<std::tuple<long long, int, bool>, QString> minimalRefused;
    /// A cancelled b* search's lower bracket by (L, d): every base in (1, value) is proven
    /// infeasible there (core certifies each step of the sweep before it takes it), so a later
    /// search of the same or a longer context starts from it.
    std::map<std::pair<long long, int>, double> provenBelow;
    /// Uncertified estimates of b*(L, d) by (L, d) (rope::estimateMinimalBase()), made first
    /// where nothing proven bounds b* yet (a drag of d): shown as an estimate, never as a bound,
    /// until the certified search ends.
    std::map<std::pair<long long, int>, double> estimates;
    /// b_T(L, d) by (L, d); refused ones keep their message.
    std::map<std::pair<long long, int>, rope::MinimalBase> thresholds;
    std::map<std::pair<long long, int>, QString> thresholdRefused;
    /// The feasible region of the curves view, by (d, scan limit).
    std::map<std::pair<int, long long>, std::vector<FeasibleEdge>> edges;
    /// The published tables, in table order (empty until all are checked).
    std::vector<PublishedCheck> published;
    /// The dense curves of one d (dense.dim == 0: none).
    struct Dense {
        int dim = 0;
        std::vector<long long> contexts;
        std::vector<rope::MinimalBase> minimal;
        std::vector<long long> thresholdContexts;
        std::vector<rope::MinimalBase> threshold;
        QString error; ///< why a search stopped the curves (core refused it)
        double progress() const noexcept;
        bool complete() const noexcept;
    } dense;
    /// The landscape and what it was computed for (cancelled: the points done so far).
    std::optional<LandscapeKey> landscapeKey;
    rope::FeasibilityLandscape landscape;
    /// Every piece of the landscape is computed (false while its pieces arrive).
    bool landscapeDone = false;
    /// A disk cache that could not be written (the result is right; the next start recomputes).
    QString cacheProblem;
};

/// \brief What the searches already finished prove about b*(L, d) before its own search ends.
/// b* does not decrease with L (a base that keeps f ≥ 0 on every m < L' keeps it on every
/// m < L ≤ L'), so every base below the lower bracket of a shorter context's search (finished,
/// cancelled or from the dense curve) is infeasible for L, and a base verified feasible for a
/// longer context is feasible for L: low ≤ b*(L, d) ≤ high. Provisional: a bracket, not the
/// certified value, and for a context far from the finished ones a wide one.
struct ProvisionalBracket {
    double low = 0.0;      ///< every base in (1, low) is infeasible for L (0: nothing proven)
    long long lowFrom = 0; ///< the context whose search proved it (≤ L)
    double high = 0.0;     ///< a base feasible for L (0: none known)
    long long highFrom = 0; ///< the context it was verified for (≥ L)
};

/// \brief A bracket low ≤ x ≤ high (0 < low ≤ high, finite) as readout text: each end with
/// n significant digits, the lower rounded down and the upper rounded up, so the printed
/// interval still contains the proven one. n is one more than the leading digits the two ends
/// share (so the ends show where they part), at least 2 and at most 4 (issue 22's readouts).
struct BracketText {
    QString low;
    QString high;
    double lowValue = 0.0;  ///< the printed lower end, ≤ low
    double highValue = 0.0; ///< the printed upper end, ≥ high
    int digits = 0;
};
BracketText outwardBracketText(double low, double high);

/// \brief The bracket of b*(\p context, \p dim) from \p result's other searches (m < L
/// convention; a search with m ≤ L' counts as context L' + 1).
ProvisionalBracket provisionalBracket(const BaseBoundResult& result, long long context, int dim);

/// \brief The contexts of the dense b* curve: 100 per decade, log-spaced, 256 … 2^20.
std::vector<long long> denseCurveContexts();

/// \brief The contexts of the b_T curve: the same spacing, 256 … 8192 (each b_T certificate
/// scans every m at every step, work ∝ L², so the dense curve stops where it stays ≤ a minute).
std::vector<long long> denseThresholdContexts();

/// \brief The dense curves of \p dim as stored in the disk cache (io::DiskCache::standard()):
/// the first points of each, in order; empty when nothing is stored.
BaseBoundResult::Dense loadDenseCurve(int dim);

/// \brief Computes what \p curve lacks, a few contexts at a time (minimalBaseCurve() on two
/// threads, then allFeasibleAbove()), storing the curve in the disk cache after each chunk and
/// calling \p chunkDone(curve). Stops within one certified step once \p control is cancelled,
/// keeping every finished point.
/// \return empty, or the disk cache's message when a chunk could not be stored.
/// \throws rope::InvalidParameter from core (a search refused).
QString extendDenseCurve(BaseBoundResult::Dense& curve, const JobControl& control,
                         const std::function<void(const BaseBoundResult::Dense&)>& chunkDone);

/// \brief The point of \p result's landscape closest to \p base in ln b (the cursor readout),
/// or nullopt when \p result is not a base-bound result or holds no landscape.
std::optional<rope::LandscapePoint> landscapePointNear(const JobResult* result, double base);

} // namespace rope::figures
