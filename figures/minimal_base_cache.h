// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base_bound.h"

#include <QString>

#include <vector>

/// \file minimal_base_cache.h
/// A process-wide memo of rope::minimalBase(L, d). One search takes up to seconds (L = 2^20 at
/// d = 128: ~4 s), and the base-bound panel redraws the same grid of (L, d) on every parameter
/// change, so results are kept for the life of the process. Core stays pure; the memo is UI
/// state. Thread-safe: figures compute on worker threads.

namespace rope::figures {

/// \brief rope::minimalBase(context, dim) with default options, computed once per (L, d).
/// Two threads asking for the same new key may both compute it (same result); the lock is not
/// held during the search. \throws rope::InvalidParameter as rope::minimalBase().
rope::MinimalBase cachedMinimalBase(long long context, int dim, bool includeContext = false);

/// \brief rope::allFeasibleAbove(context, dim) with default options, computed once per (L, d),
/// as cachedMinimalBase(). \throws rope::InvalidParameter as rope::allFeasibleAbove().
rope::MinimalBase cachedAllFeasibleAbove(long long context, int dim);

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

} // namespace rope::figures
