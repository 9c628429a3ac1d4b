// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/kernels/rope_cache.h"
#include "core/rope_params.h"

#include <Eigen/Core>

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
/// joining one thread costs ~18 µs, while the SIMD kernel rotates 8 MiB that is still in
/// cache in ~130 µs; with the second vCPU free, two threads first won between 8 and 10 MiB of
/// rotary data in total (up to 1.34× at 16 MiB), so each extra thread needs ≥ 8 MiB. A decoding
/// step (seq = 1) therefore never starts a thread.
inline constexpr long long kMinBytesPerThread = 8LL * 1024 * 1024;
/// \brief Largest inverse frequency θ_i (rad/token) applyRopeBatchComputed() accepts.
///
/// Why 2: with |p| ≤ kMaxKernelPosition = 2^24 the angle stays ≤ 2^25 rad, the range over
/// which the kernel's Cody–Waite reduction by π/2 is exact (its constants have 28 bits, the
/// quadrant index k < 2^25). Every RoPE variant here has θ_i ≤ 1 (θ_0 = b^0 = 1 and every
/// scaling method divides or interpolates towards smaller values).
inline constexpr double kMaxComputedInvFreq = 2.0;
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
    /// Worker threads requested; 0 means every core (resolveThreads(0)). The kernel uses
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

/// \brief Rotates Q and K in place, forming each row's cos/sin inside the pass (no table).
///
/// Same rotation and layouts as the table overload, with
/// \f$c_{t,i} = \mathrm{fl}_{32}(a\cos(p_t θ_i))\f$ and
/// \f$s_{t,i} = \mathrm{fl}_{32}(a\sin(p_t θ_i))\f$ computed per row into a buffer that stays
/// in L1 and is shared by all heads of the row, so the pass reads no table: what an inference
/// engine without a cos/sin cache does (ggml's CPU rope computes its angles per row, in float;
/// see rope_ggml_style.h).
/// - Reference backend: p_t·θ_i, cos, sin and the product by a in double (std::cos/std::sin),
///   one rounding to float: bit-identical to buildRopeCache() + the table overload.
/// - Simd backend: p_t·θ_i in double, vectorised Cody–Waite reduction by π/2 and Taylor
///   polynomials in double (rope_kernel_driver.h), one rounding to float. Error bound:
///   \f$|c - a\cos(p θ)| \le \tfrac12\mathrm{ulp}_{32}(a\cos(pθ)) + a(3 \cdot 10^{-14}
///   + |pθ|\,2^{-53})\f$, and likewise for sin: the table's half ulp plus at most
///   1.2·10⁻¹⁰·a at |pθ| ≤ 2^20.
/// Rotated outputs: with A = a(|x_a| + |x_b|) and ε = 2^-23, every backend is within 2ε·A of
/// the exact rotation by the exact angle p·θ_i (half ulp of cos/sin: ε/2·A; the float
/// products and sum: ε·A(1+ε/2)); tests/core/tst_rope_kernel_computed.cpp checks both bounds
/// against long double for positions up to 2^20.
/// \param invFreq θ_i in rad/token: exactly r/2 entries, finite, in
///        [0, limits::kMaxComputedInvFreq] (0: a pair that does not rotate).
/// \param attentionFactor a (finite, > 0).
/// \param positions p_t: shape.seq integers with |p_t| ≤ limits::kMaxKernelPosition, in any
///        order, repeats allowed.
/// \warning Throws InvalidParameter as the table overload ("cache" aside), plus "inv_freq",
///          "attention-factor" and "positions", before touching any data.
void applyRopeBatchComputed(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double attentionFactor,
                            const std::int64_t* positions, const BatchShape& shape, float* q,
                            float* k, const BatchOptions& options = {});

/// \brief applyRopeBatchComputed() with θ'_i and the attention factor from
/// scaledFrequencies(params) (every registered scaling method).
/// \warning Throws as the other overload; "dim", "rotary-dim" or "layout" if shape and
///          params disagree.
void applyRopeBatchComputed(const RopeParams& params, const std::int64_t* positions,
                            const BatchShape& shape, float* q, float* k,
                            const BatchOptions& options = {});

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
