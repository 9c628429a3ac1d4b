// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/minimal_base_cache.h"

#include <map>
#include <mutex>
#include <utility>

namespace rope::figures {

namespace {

struct Memo {
    std::mutex mutex;
    std::map<std::pair<long long, int>, rope::MinimalBase> results;
};

Memo& memo() {
    static Memo instance;
    return instance;
}

} // namespace

rope::MinimalBase cachedMinimalBase(long long context, int dim) {
    const std::pair<long long, int> key{context, dim};
    {
        const std::lock_guard<std::mutex> lock(memo().mutex);
        const auto it = memo().results.find(key);
        if (it != memo().results.end()) {
            return it->second;
        }
    }
    const rope::MinimalBase result = rope::minimalBase(context, dim);
    const std::lock_guard<std::mutex> lock(memo().mutex);
    memo().results.emplace(key, result);
    return result;
}

} // namespace rope::figures
