// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_bench.h"

#include "core/parallel.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <functional>
#include <string>

namespace rope {

namespace {

void checkRuns(int warmup, int reps) {
    if (warmup < 0 || warmup > limits::kMaxBenchWarmup) {
        throw InvalidParameter("warmup", "warmup must be in [0, " +
                                             std::to_string(limits::kMaxBenchWarmup) + "], got " +
                                             std::to_string(warmup));
    }
    if (reps < 1 || reps > limits::kMaxBenchReps) {
        throw InvalidParameter("reps", "reps must be in [1, " +
                                           std::to_string(limits::kMaxBenchReps) + "], got " +
                                           std::to_string(reps));
    }
}

Throughput timeRuns(const std::function<void()>& run, int warmup, int reps, long long bytes) {
    for (int i = 0; i < warmup; ++i) {
        run();
    }
    Throughput t;
    t.bytes = bytes;
    for (int i = 0; i < reps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        run();
        t.secondsPerRep.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    t.medianSeconds = medianOf(t.secondsPerRep);
    // A clock tick of 0 s (a tiny copy) would give infinite GB/s: floor at 1 ns.
    t.gbps = static_cast<double>(bytes) / std::max(t.medianSeconds, 1e-9) * 1e-9;
    return t;
}

// Q+K float count; plannedThreadCount() validates every field of the shape first.
long long qkFloats(const BatchShape& shape) {
    plannedThreadCount(shape, 1);
    return shape.seq * (static_cast<long long>(shape.headsQ) + shape.headsKv) * shape.headDim;
}

} // namespace

long long batchBytesMoved(const BatchShape& shape) {
    return 2 * 4 * qkFloats(shape) + 8 * shape.seq;
}

long long copyBytesMoved(const BatchShape& shape) {
    return 2 * 4 * qkFloats(shape);
}

double medianOf(std::vector<double> values) {
    if (values.empty()) {
        throw InvalidParameter("values", "the median of no values is undefined");
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

Throughput measureBatch(const RopeCache& cache, const BatchShape& shape, float* q, float* k,
                        const BatchOptions& options, int warmup, int reps) {
    checkRuns(warmup, reps);
    const long long bytes = batchBytesMoved(shape);
    // applyRopeBatch() validates before touching data, so a bad input throws on the first run.
    return timeRuns([&] { applyRopeBatch(cache, shape, q, k, options); }, warmup, reps, bytes);
}

Throughput measureBatchComputed(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                double attentionFactor, const std::int64_t* positions,
                                const BatchShape& shape, float* q, float* k,
                                const BatchOptions& options, int warmup, int reps) {
    checkRuns(warmup, reps);
    const long long bytes = batchBytesMoved(shape);
    // One contiguous copy outside the timing, so every run sees the same input.
    const Eigen::ArrayXd theta = invFreq;
    return timeRuns(
        [&] { applyRopeBatchComputed(theta, attentionFactor, positions, shape, q, k, options); },
        warmup, reps, bytes);
}

Throughput measureGgmlStyle(const GgmlStyleParams& params, const std::int32_t* positions,
                            const BatchShape& shape, float* q, float* k, int threads, int warmup,
                            int reps) {
    checkRuns(warmup, reps);
    const long long bytes = batchBytesMoved(shape);
    return timeRuns([&] { applyRopeGgmlStyle(params, positions, shape, q, k, threads); }, warmup,
                    reps, bytes);
}

Throughput measureCacheBuild(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                             double attentionFactor, const std::int64_t* positions, long long rows,
                             int warmup, int reps) {
    checkRuns(warmup, reps);
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq", "inv_freq must have 1 to 4096 entries, got " +
                                               std::to_string(invFreq.size()));
    }
    const long long bytes = ropeCacheBytes(rows, static_cast<int>(invFreq.size()));
    const Eigen::ArrayXd theta = invFreq;
    return timeRuns([&] { buildRopeCache(theta, attentionFactor, positions, rows); }, warmup, reps,
                    bytes);
}

const char* angleModeId(AngleMode mode) noexcept {
    switch (mode) {
    case AngleMode::Computed:
        return "computed";
    case AngleMode::GgmlStyle:
        return "ggml-style";
    case AngleMode::Table:
        break;
    }
    return "table";
}

AngleMode parseAngleMode(const std::string& id) {
    for (AngleMode m : {AngleMode::Table, AngleMode::Computed, AngleMode::GgmlStyle}) {
        if (id == angleModeId(m)) {
            return m;
        }
    }
    throw InvalidParameter("angles",
                           "angles must be 'table', 'computed' or 'ggml-style', got '" + id + "'");
}

long long ropeCacheBytes(long long rows, int pairs) {
    if (rows < 0 || rows > limits::kMaxContext) {
        throw InvalidParameter("seq", "seq must be in [0, 67108864], got " + std::to_string(rows));
    }
    if (pairs < 1 || pairs > limits::kMaxDim / 2) {
        throw InvalidParameter("pairs", "pairs must be in [1, 4096], got " + std::to_string(pairs));
    }
    return 2LL * 4LL * rows * pairs;
}

Throughput measureCopy(float* dst, const float* src, long long count, int threads, int warmup,
                       int reps) {
    checkRuns(warmup, reps);
    if (count < 0) {
        throw InvalidParameter("count", "count must be >= 0, got " + std::to_string(count));
    }
    if (threads < 1 || threads > limits::kMaxThreads) {
        throw InvalidParameter("threads", "threads must be in [1, " +
                                              std::to_string(limits::kMaxThreads) + "], got " +
                                              std::to_string(threads));
    }
    if (count > 0 && src == nullptr) {
        throw InvalidParameter("src", "src is null but count is " + std::to_string(count));
    }
    if (count > 0 && dst == nullptr) {
        throw InvalidParameter("dst", "dst is null but count is " + std::to_string(count));
    }
    const auto n = static_cast<std::size_t>(count);
    // Same split as the kernel's rows: contiguous blocks, block 0 on the calling thread.
    const auto copy = [=] {
        parallelFor(n, threads, [=](std::size_t begin, std::size_t end) {
            std::memcpy(dst + begin, src + begin, (end - begin) * sizeof(float));
        });
    };
    return timeRuns(copy, warmup, reps, 8 * count);
}

} // namespace rope
