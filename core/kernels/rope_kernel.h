// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/kernels/rope_cache.h"
#include "core/rope_params.h"

#include <cstdint>
#include <string>
#include <vector>

/// \file rope_kernel.h
/// Batch RoPE over real Q/K tensors: ISA-free API over plain pointers. Two backends share one
/// signature: a scalar reference (the specification) and a SIMD path chosen at run time from
/// the CPU (SSE2, AVX2+FMA or AVX-512F). RoFormer, Su et al. 2021, arXiv 2104.09864, eq. 34.

namespace rope {

namespace limits {
/// \brief Largest head count (query or key/value) the batch kernel accepts.
inline constexpr int kMaxHeads = 4096;
/// \brief Largest worker-thread count the batch kernel accepts.
inline constexpr int kMaxThreads = 256;
/// \brief Least work, in bytes of Q/K rotary data read, given to one extra thread.
///
/// Measured on the reference machine (2-vCPU AMD EPYC VM, docs/PERFORMANCE.md): starting and
/// joining one std::thread costs ~18 µs, while the SIMD kernel rotates 8 MiB that is still in
/// cache in ~130 µs; with the second vCPU free, two threads first won between 8 and 10 MiB of
/// rotary data in total (up to 1.34× at 16 MiB), so each extra thread needs ≥ 8 MiB. A decoding
/// step (seq = 1) therefore never starts a thread.
inline constexpr long long kMinBytesPerThread = 8LL * 1024 * 1024;
} // namespace limits

/// \brief Which implementation of the batch kernel runs.
enum class Backend {
    /// Scalar loop, the specification: one pair at a time, products then sum, no FMA.
    Reference,
    /// Widest vector ISA this CPU supports (run-time detection). With ROPE_ENABLE_SIMD=OFF or
    /// on a non-x86 build it runs the reference loop.
    Simd,
};

/// \brief Shape of a Q/K batch. Both tensors are float32, contiguous, [seq][heads][headDim].
struct BatchShape {
    /// Rows (tokens) s, 0 … limits::kMaxContext.
    long long seq = 0;
    /// Query heads, 0 … limits::kMaxHeads.
    int headsQ = 0;
    /// Key heads, 0 … limits::kMaxHeads; fewer than headsQ for GQA/MQA.
    int headsKv = 0;
    /// Head dimension d, even, 2 … limits::kMaxDim.
    int headDim = 128;
    /// Rotated coordinates r (even, ≤ d); 0 means d. Coordinates r … d−1 pass through.
    int rotaryDim = 0;
    /// Pair layout within the rotary part: Interleaved (2i, 2i+1) or Half (i, i + r/2).
    /// Defaults to RopeParams' default so a shape and a params state agree unless set.
    Layout layout = Layout::Interleaved;

    /// \brief r, or d when rotaryDim is 0.
    int effectiveRotaryDim() const noexcept { return rotaryDim > 0 ? rotaryDim : headDim; }
};

/// \brief Run-time options of applyRopeBatch().
struct BatchOptions {
    /// Implementation to run.
    Backend backend = Backend::Simd;
    /// Worker threads requested; 0 means std::thread::hardware_concurrency(). The kernel uses
    /// fewer when the work is small (plannedThreadCount()).
    int threads = 0;
    /// Least bytes of rotary data per extra thread (≥ 0; 0 splits any work). The default is
    /// the threshold measured on the reference machine; `rope-cli bench
    /// --min-bytes-per-thread 0` re-measures it (docs/PERFORMANCE.md).
    long long minBytesPerThread = limits::kMinBytesPerThread;
    /// For tests and benchmarks only: force one ISA of simdIsaNames() (e.g. "sse2") instead
    /// of the widest one; empty selects the widest. Ignored by Backend::Reference.
    std::string isa;
};

/// \brief Rotates Q and K in place with a prebuilt cos/sin table.
///
/// For every row t, head h and pair i of the rotary part, with c = cache.cos(t, i),
/// s = cache.sin(t, i) and (x_a, x_b) the pair ((2i, 2i+1) interleaved, (i, i + r/2) half):
/// \f$x_a' = x_a c - x_b s,\; x_b' = x_b c + x_a s\f$. Coordinates r … d−1 are left untouched.
/// The reference rounds both products then the sum (no FMA); the AVX2/AVX-512 paths use one
/// FMA over one rounded product per output, so they differ from the reference by at most
/// \f$(2 + ε/2)\,ε\,(|x_a c| + |x_b s|)\f$, ε = 2^-23 (tests/core/tst_rope_kernel.cpp allows
/// 3ε); the SSE2 path is bit-identical to the reference.
/// \param cache cos/sin table with cache.rows == shape.seq and cache.pairs == r/2.
/// \param shape tensor shape (validated).
/// \param q query tensor, seq·headsQ·headDim floats; may be null only if that count is 0.
/// \param k key tensor, seq·headsKv·headDim floats; may be null only if that count is 0.
///          Must not overlap \p q.
/// \param options backend, threads, thread threshold, forced ISA.
/// \warning Throws InvalidParameter ("seq", "heads", "heads-kv", "dim", "rotary-dim",
///          "layout", "q", "k", "cache", "threads", "min-bytes-per-thread", "backend", "isa")
///          before touching any data. Reentrant (no shared state): concurrent calls on
///          distinct tensors are safe.
void applyRopeBatch(const RopeCache& cache, const BatchShape& shape, float* q, float* k,
                    const BatchOptions& options = {});

/// \brief Builds the table from \p params and \p positions (seq entries), then rotates Q and K.
///
/// Convenience for one-off calls; shape.headDim and shape.rotaryDim must match params.headDim
/// and params.effectiveRotaryDim(), and shape.layout must equal params.layout.
/// \warning Throws InvalidParameter as buildRopeCache() and applyRopeBatch(); "dim",
///          "rotary-dim" or "layout" if shape and params disagree.
void applyRopeBatch(const RopeParams& params, const std::int64_t* positions,
                    const BatchShape& shape, float* q, float* k, const BatchOptions& options = {});

/// \brief Backends usable in this build on this CPU: always {Reference, Simd} (Simd falls
/// back to the reference loop when no vector ISA is compiled in).
std::vector<Backend> availableBackends();

/// \brief "reference" or "simd".
const char* backendName(Backend backend) noexcept;

/// \brief Parses "reference" or "simd".
/// \warning Throws InvalidParameter("backend") for anything else.
Backend parseBackend(const std::string& id);

/// \brief Name of the ISA Backend::Simd selects on this CPU: "avx512f", "avx2+fma", "sse2",
/// or "scalar" when no vector ISA is compiled in (ROPE_ENABLE_SIMD=OFF or non-x86).
std::string simdIsaName();

/// \brief Every ISA compiled in and supported by this CPU, widest first (for tests and
/// benchmarks); "scalar" alone when none is.
std::vector<std::string> simdIsaNames();

/// \brief Worker threads applyRopeBatch() will use.
///
/// \f$T = \min\bigl(T_{req},\; s,\; \max(1, \lfloor B / B_{min} \rfloor)\bigr)\f$ with
/// B = 4·s·(headsQ + headsKv)·r the bytes of rotary data and B_min = \p minBytesPerThread
/// (every row is its own block when B_min is 0); T_req = hardware_concurrency() when
/// \p requested is 0.
/// \warning Throws InvalidParameter("threads") if \p requested is negative or above
///          limits::kMaxThreads, "min-bytes-per-thread" if \p minBytesPerThread is negative,
///          or names the bad field of \p shape.
int plannedThreadCount(const BatchShape& shape, int requested,
                       long long minBytesPerThread = limits::kMinBytesPerThread);

} // namespace rope
