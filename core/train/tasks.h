// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

/// \file tasks.h
/// Synthetic tasks that can only be solved with position information, generated on the fly from
/// a seed. Each position t of a sequence carries an input token x_t and a target y_t, or no
/// target (y_t = −1) where the task is undefined; the loss and the accuracy count only the
/// positions with a target.

namespace rope::train {

/// \brief The tasks of the training lab.
enum class Task {
    /// y_t = x_{t−k} for t ≥ k: copy the token k back. A relative-position task: one head
    /// attending at offset k solves it at every length.
    OffsetCopy,
    /// Each sequence is a block of d distinct tokens repeated to fill the length, with d drawn
    /// per sequence; y_t = the token that followed the most recent earlier occurrence of x_t,
    /// for positions whose token occurred before (here t ≥ d, and y_t = x_{t+1}). Because d
    /// varies, no fixed offset solves it: the model has to find the earlier occurrence
    /// (an induction head, Olsson et al. 2022).
    Induction,
    /// y_t = (x_t + t) mod 2: the parity of the absolute position, flipped by the token's
    /// parity. Needs absolute position; a purely relative scheme has to count from the start.
    PositionParity,
};

/// \brief "offset-copy", "induction", "position-parity".
const char* taskId(Task task) noexcept;
/// \brief Parses a task id. \warning Throws InvalidParameter("task") naming the valid ids.
Task parseTask(const std::string& id);

/// \brief A task and its settings.
struct TaskParams {
    Task task = Task::OffsetCopy;
    /// Vocabulary V the tokens are drawn from (2 … 512; induction needs V ≥ 4).
    int vocab = 16;
    /// Offset-copy: k, 1 … length − 1.
    int offset = 4;
};

/// \brief Checks the task against a sequence length.
/// \warning Throws InvalidParameter("vocab", "offset", "length").
void validate(const TaskParams& task, int length);

/// \brief Induction's range of repeat distances d: \f$[\max(2, \lceil V/4\rceil),
/// \min(V, \lfloor T/2\rfloor)]\f$, so that the block is repeated at least once and holds
/// distinct tokens. The range depends on T only through T/2, so sequences longer than 2V use the
/// same distances at every test length.
std::pair<int, int> inductionDistances(int vocab, int length);

/// \brief A batch: \p count sequences of \p length tokens, row-major (sequence b, position t at
/// b·length + t).
struct Batch {
    int count = 0;
    int length = 0;
    std::vector<int> tokens;
    std::vector<int> targets; ///< −1 = no target
    /// Positions with a target.
    int counted() const;
};

/// \brief Draws a batch from \p rng (std::mt19937_64; integers below n by rejection sampling
/// of the raw 64-bit output, so the draws do not depend on the standard library's
/// distributions).
/// \warning Throws as validate(); count 1 … 1 << 16.
Batch makeBatch(const TaskParams& task, int count, int length, std::mt19937_64& rng);

/// \brief An integer uniform in [0, n), n ≥ 1, by rejection (portable across standard libraries).
int uniformBelow(std::mt19937_64& rng, int n);

/// \brief Independent seeds for the separate streams of one run (weights, training batches,
/// held-out evaluation), from the run's seed by splitmix64 (Steele et al. 2014).
std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream);

/// Stream ids of streamSeed().
inline constexpr std::uint64_t kStreamWeights = 1;
inline constexpr std::uint64_t kStreamTraining = 2;
inline constexpr std::uint64_t kStreamEvaluation = 3;

} // namespace rope::train
