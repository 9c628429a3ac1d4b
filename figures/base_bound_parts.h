// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"
#include "figures/base_bound_job.h"
#include "figures/figure_data.h"
#include "figures/figure_registry.h"

#include <array>
#include <optional>
#include <vector>

/// \file base_bound_parts.h
/// What the base-bound panel's two halves share (internal to figures/): the views that compose
/// a figure from what the job found (base_bound_figure.cpp) and the job that finds it
/// (base_bound_run.cpp).

namespace rope::figures {

const OptionTable& baseBoundOptions();

namespace base_bound {

// The "view" row's choices of baseBoundOptions(), in order.
enum class View { Curves, CosineSum, Published, Landscape };

View viewOf(const FigureOptions& options);

// What the job has for b*(L, d) (nullptr: not yet).
const rope::MinimalBase* minimalIn(const BaseBoundResult& r, long long context, int dim,
                                   bool includeContext = false);

// The curves view's grid: L = 2^kFirstLog2 … 2^lastLog2Of(options) for each d of kGridDims.
inline constexpr int kFirstLog2 = 8;
inline constexpr std::array<int, 3> kGridDims = {64, 128, 256};
int lastLog2Of(const FigureOptions& options);

// The exact values at the printed contexts up to 2^17 (about a second each at most; the longer
// ones take seconds each: rope-cli min-base, or the dense curves).
inline constexpr long long kExactLimit = 1LL << 17;

// The published rows as stored in the disk cache, or empty; and storing them (empty, or why
// the cache was not written).
std::vector<PublishedCheck> loadPublishedChecks();
QString storePublishedChecks(const std::vector<PublishedCheck>& rows);

// The feasibility landscape g(b) = min_{0≤m<L} f_b(m) against b for the current (L, d): the
// feasible bases are where g ≥ 0, a dust of islands between b* and the threshold b_T. Every
// sample is a full scan of every m; the edges of the islands are refined by bisection, and b*
// (and b_T where it is affordable) are samples themselves, so the curve agrees with the
// certified numbers at the points that matter.
// b_T is certified here only up to L·d/2 = 2^19 (L = 8192 at d = 128, a few seconds); its
// downward sweep scans every m at every step (docs/base-bound.md).
inline constexpr double kLandscapeThresholdWork = 524288.0;
// Pieces of a landscape handed over as they finish (at least 16 samples each).
inline constexpr int kLandscapePieces = 16;

// The landscape's b*, b_T and range for the current inputs, from what the job has found: the
// job computes b* and b_T first, then the landscape for the key this gives.
struct LandscapeSetup {
    std::optional<rope::MinimalBase> best;
    std::optional<rope::MinimalBase> threshold;
    QString bestNote;      ///< why there is no b* (refused), empty while it is computed
    QString thresholdNote; ///< why there is no b_T (refused or not affordable here)
    /// While b* is searched: what the other searches prove about it (never drawn as b*).
    ProvisionalBracket provisional;
    double estimate = 0.0; ///< rope::estimateMinimalBase() when nothing proves more (0: none)
    double low = 0.0;
    double high = 0.0;
    LandscapeKey key;
};

LandscapeSetup landscapeSetup(const rope::RopeParams& params, const FigureOptions& options,
                              const BaseBoundResult& results);

// The feasible region's edges for d up to \p limit (nullopt when cancelled), and the limit the
// curves view scans for d.
std::optional<std::vector<FeasibleEdge>> feasibleEdges(int dim, long long limit,
                                                       const JobControl& control);
long long feasibleEdgeLimit(int dim, int lastLog2);

// The curves view, the cosine-sum view's b* and the landscape: the figure for these inputs
// from what the job has found (nullptr: nothing yet).
FigureData composeBaseBound(const rope::RopeParams& params, const FigureOptions& options,
                            const JobResult* last);

} // namespace base_bound

} // namespace rope::figures
