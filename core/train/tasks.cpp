// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/train/tasks.h"

#include "core/rope_params.h"
#include "core/train/transformer.h"

#include <algorithm>
#include <numeric>

namespace rope::train {

const char* taskId(Task task) noexcept {
    switch (task) {
    case Task::OffsetCopy:
        return "offset-copy";
    case Task::Induction:
        return "induction";
    case Task::PositionParity:
        return "position-parity";
    }
    return "offset-copy";
}

Task parseTask(const std::string& id) {
    for (Task t : {Task::OffsetCopy, Task::Induction, Task::PositionParity}) {
        if (id == taskId(t)) {
            return t;
        }
    }
    throw InvalidParameter("task", "unknown task '" + id +
                                       "' (valid: offset-copy, induction, position-parity)");
}

std::pair<int, int> inductionDistances(int vocab, int length) {
    return {std::max(2, (vocab + 3) / 4), std::min(vocab, length / 2)};
}

void validate(const TaskParams& task, int length) {
    if (length < 2 || length > limits::kMaxTrainLength) {
        throw InvalidParameter("length", "length must be 2 … " +
                                             std::to_string(limits::kMaxTrainLength) + ", got " +
                                             std::to_string(length));
    }
    if (task.vocab < limits::kMinVocab || task.vocab > limits::kMaxVocab) {
        throw InvalidParameter("vocab", "vocab must be " + std::to_string(limits::kMinVocab) +
                                            " … " + std::to_string(limits::kMaxVocab) + ", got " +
                                            std::to_string(task.vocab));
    }
    if (task.task == Task::OffsetCopy && (task.offset < 1 || task.offset >= length)) {
        throw InvalidParameter("offset", "offset must be 1 … length − 1 (" +
                                             std::to_string(length - 1) + "), got " +
                                             std::to_string(task.offset));
    }
    if (task.task == Task::Induction) {
        const auto [lo, hi] = inductionDistances(task.vocab, length);
        if (task.vocab < 4 || lo > hi) {
            throw InvalidParameter("length", "induction needs vocab ≥ 4 and length ≥ 2·" +
                                                 std::to_string(lo) + " (vocab " +
                                                 std::to_string(task.vocab) + ", length " +
                                                 std::to_string(length) + ")");
        }
    }
}

int Batch::counted() const {
    return static_cast<int>(
        std::count_if(targets.begin(), targets.end(), [](int y) { return y >= 0; }));
}

int uniformBelow(std::mt19937_64& rng, int n) {
    // Reject the top partial range so every residue is equally likely.
    const auto range = static_cast<std::uint64_t>(n);
    const std::uint64_t limit =
        std::mt19937_64::max() - (std::mt19937_64::max() % range + 1) % range;
    std::uint64_t draw = rng();
    while (draw > limit) {
        draw = rng();
    }
    return static_cast<int>(draw % range);
}

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream) {
    // splitmix64 of seed + stream·golden gamma: consecutive streams give unrelated seeds.
    std::uint64_t z = seed + stream * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

Batch makeBatch(const TaskParams& task, int count, int length, std::mt19937_64& rng) {
    validate(task, length);
    if (count < 1 || count > (1 << 16)) {
        throw InvalidParameter("batch", "batch must be 1 … 65536, got " + std::to_string(count));
    }
    Batch batch;
    batch.count = count;
    batch.length = length;
    const auto n = static_cast<std::size_t>(count) * static_cast<std::size_t>(length);
    batch.tokens.assign(n, 0);
    batch.targets.assign(n, -1);
    std::vector<int> pool(static_cast<std::size_t>(task.vocab));
    for (int b = 0; b < count; ++b) {
        int* x = batch.tokens.data() + static_cast<std::size_t>(b) * length;
        int* y = batch.targets.data() + static_cast<std::size_t>(b) * length;
        switch (task.task) {
        case Task::OffsetCopy:
            for (int t = 0; t < length; ++t) {
                x[t] = uniformBelow(rng, task.vocab);
                y[t] = t >= task.offset ? x[t - task.offset] : -1;
            }
            break;
        case Task::PositionParity:
            for (int t = 0; t < length; ++t) {
                x[t] = uniformBelow(rng, task.vocab);
                y[t] = (x[t] + t) % 2;
            }
            break;
        case Task::Induction: {
            const auto [lo, hi] = inductionDistances(task.vocab, length);
            const int d = lo + uniformBelow(rng, hi - lo + 1);
            // d distinct tokens: the first d entries of a partial Fisher–Yates shuffle.
            std::iota(pool.begin(), pool.end(), 0);
            for (int i = 0; i < d; ++i) {
                const int j = i + uniformBelow(rng, task.vocab - i);
                std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(j)]);
            }
            for (int t = 0; t < length; ++t) {
                x[t] = pool[static_cast<std::size_t>(t % d)];
            }
            // The block's tokens are distinct, so for t ≥ d the most recent earlier occurrence of
            // x_t is t − d, and what followed it is x_{t−d+1} (= x_{t+1} when t + 1 < length);
            // t − d + 1 ≤ t, so the target is inside the sequence for every t ≥ d.
            for (int t = d; t < length; ++t) {
                y[t] = x[t - d + 1];
            }
            break;
        }
        }
    }
    return batch;
}

} // namespace rope::train
