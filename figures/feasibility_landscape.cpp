// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/feasibility_landscape.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

namespace rope::figures {

namespace {

struct State {
    std::mutex mutex;
    std::optional<LandscapeKey> lastKey;
    rope::FeasibilityLandscape last;
    // Computations are numbered; cancelLandscape() stops every number ≤ cancelUpTo.
    std::atomic<unsigned long long> started{0};
    std::atomic<unsigned long long> cancelUpTo{0};
    std::atomic<int> running{0};
    std::atomic<double> progress{0.0};
};

State& state() {
    static State instance;
    return instance;
}

} // namespace

rope::FeasibilityLandscape cachedLandscape(const LandscapeKey& key) {
    State& s = state();
    {
        const std::lock_guard<std::mutex> lock(s.mutex);
        if (s.lastKey && *s.lastKey == key) {
            return s.last;
        }
    }
    const unsigned long long id = ++s.started;
    rope::LandscapeOptions options;
    options.lowBase = key.lowBase;
    options.highBase = key.highBase;
    options.samples = key.samples;
    options.includeContext = key.includeContext;
    options.extraBases = key.extraBases;
    options.threads = 2;
    ++s.running;
    s.progress = 0.0;
    struct Done {
        State& s;
        ~Done() { --s.running; }
    } done{s};
    rope::FeasibilityLandscape result =
        rope::feasibilityLandscape(key.context, key.dim, options, [&s, id](double fraction) {
            s.progress = fraction;
            return id > s.cancelUpTo.load();
        });
    if (!result.cancelled) {
        const std::lock_guard<std::mutex> lock(s.mutex);
        s.lastKey = key;
        s.last = result;
    }
    return result;
}

ViewProgress::ViewProgress() {
    ++state().running;
    state().progress = 0.0;
}

ViewProgress::~ViewProgress() {
    --state().running;
}

void ViewProgress::set(double fraction) {
    state().progress = fraction;
}

std::optional<double> landscapeProgress() {
    const State& s = state();
    if (s.running.load() > 0) {
        return s.progress.load();
    }
    return std::nullopt;
}

void cancelLandscape() {
    state().cancelUpTo = state().started.load();
}

std::optional<rope::LandscapePoint> landscapePointNear(double base) {
    State& s = state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    const std::vector<rope::LandscapePoint>& points = s.last.points;
    if (points.empty() || !(base > 0.0)) {
        return std::nullopt;
    }
    const auto it = std::lower_bound(
        points.begin(), points.end(), base,
        [](const rope::LandscapePoint& p, double b) { return p.base < b; });
    if (it == points.begin()) {
        return *it;
    }
    if (it == points.end()) {
        return points.back();
    }
    const auto before = std::prev(it);
    return std::log(base / before->base) < std::log(it->base / base) ? *before : *it;
}

} // namespace rope::figures
