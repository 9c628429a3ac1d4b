// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style.h"
#include "core/kernels/rope_kernel.h"

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

/// \file rope_bench.h
/// Throughput measurement of the batch RoPE kernel and of a plain memcpy of the same bytes: the
/// one implementation behind `rope-cli bench` and the explorer's "batch" panel
/// (docs/PERFORMANCE.md). Wall-clock timings are not reproducible; everything else is.

namespace rope {

namespace limits {
/// \brief Most timed repetitions one measurement runs.
inline constexpr int kMaxBenchReps = 1000;
/// \brief Most untimed warm-up runs one measurement runs.
inline constexpr int kMaxBenchWarmup = 100;
} // namespace limits

/// \brief Where the batch kernel's cos/sin come from (`rope-cli bench --angles`).
enum class AngleMode {
    /// Read from a prebuilt float table (buildRopeCache(); built outside the timed apply).
    Table,
    /// Formed inside the pass from positions and θ_i (applyRopeBatchComputed()).
    Computed,
    /// The ggml-style baseline (applyRopeGgmlStyle()): float-accumulated angles, libm
    /// cosf/sinf per token and tensor, a plain pair loop.
    GgmlStyle,
};

/// \brief "table", "computed" or "ggml-style".
const char* angleModeId(AngleMode mode) noexcept;

/// \brief Parses an angle mode id.
/// \warning Throws InvalidParameter("angles") listing the valid ids for anything else.
AngleMode parseAngleMode(const std::string& id);

/// \brief Bytes of a float cos/sin table for \p rows × \p pairs: \f$2 \cdot 4 \cdot rows \cdot
/// pairs\f$ (what Table mode keeps in memory and reads once per apply; 2 MiB for 4096 × 64).
/// \warning Throws InvalidParameter("seq") if rows ∉ [0, limits::kMaxContext], "pairs" if
///          pairs ∉ [1, limits::kMaxDim/2].
long long ropeCacheBytes(long long rows, int pairs);

/// \brief Timed runs of one operation and the throughput they imply.
struct Throughput {
    /// Wall-clock seconds of each timed run (std::chrono::steady_clock), in run order.
    std::vector<double> secondsPerRep;
    /// Median of secondsPerRep (mean of the middle two for an even count), seconds.
    double medianSeconds = 0;
    /// Bytes one run moves (see batchBytesMoved(), copyBytesMoved()).
    long long bytes = 0;
    /// \f$G = \mathrm{bytes} / t_{med} \cdot 10^{-9}\f$, GB/s (GB = 10⁹ bytes).
    double gbps = 0;
};

/// \brief Bytes one in-place apply moves: \f$2 \cdot 4 (s h_q d + s h_{kv} d) + 8 s\f$ — Q and K
/// read and written (float32), the int64 positions read once.
/// \warning Throws InvalidParameter naming the bad field of \p shape.
long long batchBytesMoved(const BatchShape& shape);

/// \brief Bytes one memcpy of Q and K moves: \f$2 \cdot 4 (s h_q d + s h_{kv} d)\f$ (read +
/// written). \warning Throws InvalidParameter naming the bad field of \p shape.
long long copyBytesMoved(const BatchShape& shape);

/// \brief Median of \p values (mean of the middle two for an even count).
/// \warning Throws InvalidParameter("values") if \p values is empty.
double medianOf(std::vector<double> values);

/// \brief Times applyRopeBatch(cache, shape, q, k, options): \p warmup untimed runs, then
/// \p reps timed runs, in place (Q and K are rotated warmup + reps times).
/// \param warmup 0 … limits::kMaxBenchWarmup.
/// \param reps 1 … limits::kMaxBenchReps.
/// \warning Throws InvalidParameter("warmup", "reps") or as applyRopeBatch() before timing.
Throughput measureBatch(const RopeCache& cache, const BatchShape& shape, float* q, float* k,
                        const BatchOptions& options, int warmup, int reps);

/// \brief Times applyRopeBatchComputed(invFreq, attentionFactor, positions, shape, q, k,
/// options) like measureBatch(); bytes = batchBytesMoved(shape), the same count as Table mode
/// (no table is read).
/// \warning Throws InvalidParameter("warmup", "reps") or as applyRopeBatchComputed().
Throughput measureBatchComputed(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                double attentionFactor, const std::int64_t* positions,
                                const BatchShape& shape, float* q, float* k,
                                const BatchOptions& options, int warmup, int reps);

/// \brief Times applyRopeGgmlStyle() like measureBatch(); bytes = batchBytesMoved(shape).
/// \warning Throws InvalidParameter("warmup", "reps") or as applyRopeGgmlStyle().
Throughput measureGgmlStyle(const GgmlStyleParams& params, const std::int32_t* positions,
                            const BatchShape& shape, float* q, float* k, int threads, int warmup,
                            int reps);

/// \brief Times buildRopeCache(invFreq, attentionFactor, positions, rows): the cost Table mode
/// pays before its apply; bytes = ropeCacheBytes(rows, invFreq.size()) (table written).
/// \warning Throws InvalidParameter("warmup", "reps") or as buildRopeCache().
Throughput measureCacheBuild(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                             double attentionFactor, const std::int64_t* positions, long long rows,
                             int warmup, int reps);

/// \brief Times a memcpy of \p count floats from \p src to \p dst, split into \p threads
/// contiguous blocks (block 0 on the calling thread): the memory ceiling of the same bytes.
/// \param count ≥ 0 floats; bytes = 8·count (read + written).
/// \param threads 1 … limits::kMaxThreads.
/// \warning Throws InvalidParameter("count", "threads", "warmup", "reps", "src"/"dst" when
///          null with count > 0). \p src and \p dst must not overlap.
Throughput measureCopy(float* dst, const float* src, long long count, int threads, int warmup,
                       int reps);

} // namespace rope
