// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"

#include <QString>

#include <vector>

/// \file minimal_base_curve.h
/// The dense curves of the base-bound panel: b*(L, d) at ≥ 100 contexts per decade from 256 to
/// 2^20, and the all-above threshold b_T(L, d) where it is affordable. One background thread
/// computes them in order (minimalBaseCurve() on both cores, a few contexts at a time so a
/// cancel takes effect within one chunk); every finished chunk is written to the cache folder
/// (QStandardPaths::CacheLocation), so the next start draws the whole curve at once.

namespace rope::figures {

/// \brief What is known of the dense curves for one d.
struct MinimalBaseCurveSnapshot {
    int dim = 0;
    std::vector<long long> contexts;          ///< every L of the b* curve, increasing
    std::vector<rope::MinimalBase> minimal;   ///< b* for contexts[0 … size−1], in order
    std::vector<long long> thresholdContexts; ///< every L of the b_T curve, increasing
    std::vector<rope::MinimalBase> threshold; ///< b_T for thresholdContexts[0 … size−1]
    bool running = false;                     ///< the background job is computing this d
    bool cancelled = false;                   ///< stopped by cancelMinimalBaseCurve()
    QString error;                            ///< what stopped it, if a search failed
    /// \brief Finished fraction of both curves, 0 … 1.
    double progress() const noexcept;
    bool complete() const noexcept;
};

/// \brief The contexts of the dense b* curve: 100 per decade, log-spaced, 256 … 2^20.
std::vector<long long> denseCurveContexts();

/// \brief The contexts of the b_T curve: the same spacing, 256 … 8192 (each b_T certificate
/// scans every m at every step, work ∝ L², so the dense curve stops where it stays ≤ a minute).
std::vector<long long> denseThresholdContexts();

/// \brief The curves for \p dim as known now (the disk cache is read on first use). With
/// \p start, a missing part is computed in the background unless it was cancelled (one d at a
/// time: asking for another d stops the running one after its chunk).
MinimalBaseCurveSnapshot minimalBaseCurve(int dim, bool start);

/// \brief Stops the background job after its current chunk; finished points stay cached.
void cancelMinimalBaseCurve();

/// \brief Clears a cancel for \p dim and computes what is missing in the background.
void resumeMinimalBaseCurve(int dim);

} // namespace rope::figures
