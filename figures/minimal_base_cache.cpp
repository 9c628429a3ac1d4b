// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/minimal_base_cache.h"

#include <map>
#include <mutex>
#include <tuple>
#include <utility>

namespace rope::figures {

namespace {

struct Memo {
    std::mutex mutex;
    std::map<std::tuple<long long, int, bool>, rope::MinimalBase> results;
    std::map<std::pair<long long, int>, rope::MinimalBase> thresholds;
};

Memo& memo() {
    static Memo instance;
    return instance;
}

} // namespace

rope::MinimalBase cachedMinimalBase(long long context, int dim, bool includeContext) {
    const std::tuple<long long, int, bool> key{context, dim, includeContext};
    {
        const std::lock_guard<std::mutex> lock(memo().mutex);
        const auto it = memo().results.find(key);
        if (it != memo().results.end()) {
            return it->second;
        }
    }
    rope::MinimalBaseOptions options;
    options.includeContext = includeContext;
    // The panel computes on a worker with its busy overlay: no time cap (d = 256, L = 2^20
    // needs more than the CLI's).
    options.workLimit = 0.0;
    const rope::MinimalBase result = rope::minimalBase(context, dim, options);
    const std::lock_guard<std::mutex> lock(memo().mutex);
    memo().results.emplace(key, result);
    return result;
}

rope::MinimalBase cachedAllFeasibleAbove(long long context, int dim) {
    const std::pair<long long, int> key{context, dim};
    {
        const std::lock_guard<std::mutex> lock(memo().mutex);
        const auto it = memo().thresholds.find(key);
        if (it != memo().thresholds.end()) {
            return it->second;
        }
    }
    const rope::MinimalBase result = rope::allFeasibleAbove(context, dim);
    const std::lock_guard<std::mutex> lock(memo().mutex);
    memo().thresholds.emplace(key, result);
    return result;
}

} // namespace rope::figures
