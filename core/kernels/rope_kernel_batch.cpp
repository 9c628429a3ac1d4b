// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Validation, backend selection and row-parallel threading of the batch kernel. The kernels
// themselves (reference and one file per ISA) see only validated KernelArgs.
#include "core/kernels/rope_kernel.h"
#include "core/kernels/rope_kernel_isa.h"
#include "core/parallel.h"
#include "core/scaling/scaling_registry.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace rope {

namespace {

void validateShape(const BatchShape& shape) {
    if (shape.seq < 0 || shape.seq > limits::kMaxContext) {
        throw InvalidParameter("seq",
                               "seq must be in [0, 67108864], got " + std::to_string(shape.seq));
    }
    if (shape.headsQ < 0 || shape.headsQ > limits::kMaxHeads) {
        throw InvalidParameter("heads",
                               "heads must be in [0, 4096], got " + std::to_string(shape.headsQ));
    }
    if (shape.headsKv < 0 || shape.headsKv > limits::kMaxHeads) {
        throw InvalidParameter("heads-kv", "heads-kv must be in [0, 4096], got " +
                                               std::to_string(shape.headsKv));
    }
    validateDim(shape.headDim, "dim");
    if (shape.rotaryDim != 0) {
        validateDim(shape.rotaryDim, "rotary-dim");
        if (shape.rotaryDim > shape.headDim) {
            throw InvalidParameter("rotary-dim", "rotary-dim (" + std::to_string(shape.rotaryDim) +
                                                     ") must not exceed dim (" +
                                                     std::to_string(shape.headDim) + ")");
        }
    }
    if (shape.layout != Layout::Interleaved && shape.layout != Layout::Half) {
        throw InvalidParameter("layout", "layout must be interleaved or half");
    }
}

void checkTensors(const BatchShape& shape, const float* q, const float* k) {
    if (q == nullptr && shape.seq > 0 && shape.headsQ > 0) {
        throw InvalidParameter("q", "q is null but seq*heads*dim is not zero");
    }
    if (k == nullptr && shape.seq > 0 && shape.headsKv > 0) {
        throw InvalidParameter("k", "k is null but seq*heads-kv*dim is not zero");
    }
}

detail::KernelFunction chooseKernel(const BatchOptions& options, bool computedAngles) {
    if (options.backend == Backend::Reference) {
        return detail::selectKernel(false, "", computedAngles);
    }
    if (options.backend != Backend::Simd) {
        throw InvalidParameter("backend", "backend must be reference or simd");
    }
    detail::KernelFunction kernel = detail::selectKernel(true, options.isa.c_str(), computedAngles);
    if (kernel == nullptr) {
        std::string known;
        for (const std::string& n : simdIsaNames()) {
            known += (known.empty() ? "" : ", ") + n;
        }
        throw InvalidParameter(
            "isa", "isa '" + options.isa +
                       "' is not available on this CPU/build (available: " + known + ")");
    }
    return kernel;
}

// Contiguous row blocks, one per thread (parallelFor(): block b is rows [s·b/T, s·(b+1)/T),
// T ≤ s by plannedThreadCount()); the calling thread takes block 0, so one thread means no
// thread started at all (a decoding step pays nothing).
void runRowBlocks(detail::KernelFunction kernel, const detail::KernelArgs& args, long long seq,
                  int threads) {
    parallelFor(static_cast<std::size_t>(seq), threads, [&](std::size_t begin, std::size_t end) {
        kernel(args, static_cast<long long>(begin), static_cast<long long>(end));
    });
}

detail::KernelArgs tensorArgs(const BatchShape& shape, float* q, float* k) {
    detail::KernelArgs args;
    args.q = q;
    args.k = k;
    args.headsQ = shape.headsQ;
    args.headsKv = shape.headsKv;
    args.headDim = shape.headDim;
    args.pairs = shape.effectiveRotaryDim() / 2;
    args.halfLayout = shape.layout == Layout::Half;
    return args;
}

void checkShapeMatchesParams(const BatchShape& shape, const RopeParams& params) {
    if (shape.headDim != params.headDim) {
        throw InvalidParameter("dim", "shape dim " + std::to_string(shape.headDim) +
                                          " differs from params dim " +
                                          std::to_string(params.headDim));
    }
    if (shape.effectiveRotaryDim() != params.effectiveRotaryDim()) {
        throw InvalidParameter("rotary-dim", "shape rotary-dim " +
                                                 std::to_string(shape.effectiveRotaryDim()) +
                                                 " differs from params rotary-dim " +
                                                 std::to_string(params.effectiveRotaryDim()));
    }
    if (shape.layout != params.layout) {
        throw InvalidParameter("layout", "shape layout differs from params layout");
    }
}

} // namespace

int plannedThreadCount(const BatchShape& shape, int requested, long long minBytesPerThread) {
    const int wanted = resolveThreads(requested);
    validateShape(shape);
    if (minBytesPerThread < 0) {
        throw InvalidParameter("min-bytes-per-thread", "min-bytes-per-thread must be >= 0, got " +
                                                           std::to_string(minBytesPerThread));
    }
    // B = bytes of rotary data read (each is also written back).
    const long long bytes =
        4LL * shape.seq * (shape.headsQ + shape.headsKv) * shape.effectiveRotaryDim();
    const long long byWork =
        minBytesPerThread == 0 ? shape.seq : std::max(1LL, bytes / minBytesPerThread);
    return static_cast<int>(
        std::max(1LL, std::min({static_cast<long long>(wanted), shape.seq, byWork})));
}

void applyRopeBatch(const RopeCache& cache, const BatchShape& shape, float* q, float* k,
                    const BatchOptions& options) {
    validateShape(shape);
    const int threads = plannedThreadCount(shape, options.threads, options.minBytesPerThread);
    const int pairs = shape.effectiveRotaryDim() / 2;
    if (cache.rows != shape.seq || cache.pairs != pairs ||
        cache.cos.size() != static_cast<std::size_t>(cache.rows) * cache.pairs ||
        cache.sin.size() != cache.cos.size()) {
        throw InvalidParameter("cache",
                               "cos/sin cache is " + std::to_string(cache.rows) + "x" +
                                   std::to_string(cache.pairs) + ", expected seq x rotary/2 = " +
                                   std::to_string(shape.seq) + "x" + std::to_string(pairs));
    }
    checkTensors(shape, q, k);
    const detail::KernelFunction kernel = chooseKernel(options, false);
    if (shape.seq == 0 || (shape.headsQ == 0 && shape.headsKv == 0)) {
        return;
    }
    detail::KernelArgs args = tensorArgs(shape, q, k);
    args.cos = cache.cos.data();
    args.sin = cache.sin.data();
    runRowBlocks(kernel, args, shape.seq, threads);
}

void applyRopeBatch(const RopeParams& params, const std::int64_t* positions,
                    const BatchShape& shape, float* q, float* k, const BatchOptions& options) {
    validateShape(shape);
    checkShapeMatchesParams(shape, params);
    const RopeCache cache = buildRopeCache(params, positions, shape.seq);
    applyRopeBatch(cache, shape, q, k, options);
}

void applyRopeBatchComputed(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double attentionFactor,
                            const std::int64_t* positions, const BatchShape& shape, float* q,
                            float* k, const BatchOptions& options) {
    validateShape(shape);
    const int threads = plannedThreadCount(shape, options.threads, options.minBytesPerThread);
    const int pairs = shape.effectiveRotaryDim() / 2;
    if (invFreq.size() != pairs) {
        throw InvalidParameter("inv_freq",
                               "inv_freq has " + std::to_string(invFreq.size()) +
                                   " entries, expected rotary/2 = " + std::to_string(pairs));
    }
    // θ = 0 (p-RoPE's unrotated pairs): the angle is exactly 0, cos 1, sin 0, inside the
    // bound's range.
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all() &&
          (invFreq <= limits::kMaxComputedInvFreq).all())) {
        throw InvalidParameter("inv_freq", "inv_freq (inverse frequencies) must be finite and in "
                                           "[0, 2] rad/token for computed angles");
    }
    if (!std::isfinite(attentionFactor) || attentionFactor <= 0.0) {
        throw InvalidParameter("attention-factor",
                               "attention-factor must be finite and positive, got " +
                                   std::to_string(attentionFactor));
    }
    if (shape.seq > 0 && positions == nullptr) {
        throw InvalidParameter("positions",
                               "positions is null but seq is " + std::to_string(shape.seq));
    }
    for (long long t = 0; t < shape.seq; ++t) {
        const std::int64_t p = positions[t];
        if (p < -limits::kMaxKernelPosition || p > limits::kMaxKernelPosition) {
            throw InvalidParameter("positions", "positions[" + std::to_string(t) +
                                                    "] = " + std::to_string(p) +
                                                    " is beyond |position| <= 2^24 = 16777216");
        }
    }
    checkTensors(shape, q, k);
    const detail::KernelFunction kernel = chooseKernel(options, true);
    if (shape.seq == 0 || (shape.headsQ == 0 && shape.headsKv == 0)) {
        return;
    }
    // Contiguous copy: the kernel reads θ_i through a plain pointer.
    const Eigen::ArrayXd theta = invFreq;
    detail::KernelArgs args = tensorArgs(shape, q, k);
    args.positions = positions;
    args.invFreq = theta.data();
    args.attentionFactor = attentionFactor;
    runRowBlocks(kernel, args, shape.seq, threads);
}

void applyRopeBatchComputed(const RopeParams& params, const std::int64_t* positions,
                            const BatchShape& shape, float* q, float* k,
                            const BatchOptions& options) {
    validateShape(shape);
    checkShapeMatchesParams(shape, params);
    const ScalingResult scaled = scaledFrequencies(params);
    applyRopeBatchComputed(scaled.invFreq, scaled.attentionFactor, positions, shape, q, k, options);
}

std::vector<Backend> availableBackends() {
    return {Backend::Reference, Backend::Simd};
}

const char* backendName(Backend backend) noexcept {
    return backend == Backend::Simd ? "simd" : "reference";
}

Backend parseBackend(const std::string& id) {
    if (id == "reference") {
        return Backend::Reference;
    }
    if (id == "simd") {
        return Backend::Simd;
    }
    throw InvalidParameter("backend", "backend must be 'reference' or 'simd', got '" + id + "'");
}

} // namespace rope
