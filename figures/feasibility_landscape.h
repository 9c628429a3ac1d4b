// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"

#include <optional>

/// \file feasibility_landscape.h
/// The landscape view of the base-bound panel computes g(b) = min_m f_b(m) at ~1 000 bases,
/// one full scan each: up to seconds at long contexts. The figure's data function runs it on
/// the panel's worker thread (or in rope-cli); this file keeps what the UI needs beside it: the
/// progress of the running computation, a cancel, and the last finished landscape (redraws and
/// the cursor readout reuse it). Thread-safe.

namespace rope::figures {

/// \brief What a landscape is computed for (the cache key).
struct LandscapeKey {
    long long context = 0;
    int dim = 0;
    double lowBase = 0.0;
    double highBase = 0.0;
    int samples = 0;
    bool includeContext = false;
    std::vector<double> extraBases;
    bool operator==(const LandscapeKey&) const = default;
};

/// \brief rope::feasibilityLandscape() for \p key on two threads, reporting progress for
/// landscapeProgress(); a finished result is kept, so asking again for the same key is free.
/// A cancelled computation returns what it has (cancelled = true) and is not kept.
rope::FeasibilityLandscape cachedLandscape(const LandscapeKey& key);

/// \brief Progress of the running slow base-bound view (the landscape, or the published tables'
/// first computation), 0 … 1, or nullopt if none runs.
std::optional<double> landscapeProgress();

/// \brief Stops every landscape computation started so far (after its current base).
void cancelLandscape();

/// \brief While alive, a slow base-bound view reports its progress through landscapeProgress().
class ViewProgress {
public:
    ViewProgress();
    ~ViewProgress();
    ViewProgress(const ViewProgress&) = delete;
    ViewProgress& operator=(const ViewProgress&) = delete;
    void set(double fraction);
};

/// \brief The point of the last finished landscape closest to \p base in ln b (the cursor
/// readout), or nullopt if none was computed.
std::optional<rope::LandscapePoint> landscapePointNear(double base);

} // namespace rope::figures
