// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Validation, threads and ISA choice of the ggml-style baseline; the loop itself is
// rope_ggml_style_body.h. Compiled with -O3 (kernels.cmake), as llama.cpp's release build
// compiles ggml.
#include "core/kernels/rope_ggml_style.h"

#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style_body.h"
#include "core/parallel.h"
#include "core/scaling/scaling_registry.h"

#include <cmath>
#include <string>
#include <vector>

namespace rope {

namespace detail {

void ggmlRopeThreadBaseline(const GgmlRopeOp& op, int ith, int nth, float* cache) {
    ggmlStyleRopeThread(op, ith, nth, cache);
}

} // namespace detail

namespace {

detail::GgmlRopeThreadFunction ggmlStyleThreadFunction() {
#if defined(ROPE_KERNEL_X86)
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("fma")) {
        return &detail::ggmlRopeThreadAvx512;
    }
#endif
    return &detail::ggmlRopeThreadBaseline;
}

void checkPositive(float v, const char* name) {
    if (!std::isfinite(v) || v <= 0.0f) {
        throw InvalidParameter(name, std::string(name) + " must be finite and positive, got " +
                                         std::to_string(v));
    }
}

// One rope op (one tensor), its rows split over `threads` as ggml's ith/nth.
void runOp(const detail::GgmlRopeOp& op, int threads) {
    const detail::GgmlRopeThreadFunction fn = ggmlStyleThreadFunction();
    // ggml's wdata: one cos/sin row of ne0 floats per thread.
    std::vector<std::vector<float>> caches(static_cast<std::size_t>(threads),
                                           std::vector<float>(static_cast<std::size_t>(op.ne0)));
    // ggml splits the rows itself by ith/nth: one block per ith (thread 0 on the calling thread),
    // nth = threads whichever threads could start, so the rows of each ith do not change.
    parallelFor(static_cast<std::size_t>(threads), threads,
                [&](std::size_t first, std::size_t last) {
                    for (std::size_t ith = first; ith < last; ++ith) {
                        fn(op, static_cast<int>(ith), threads, caches[ith].data());
                    }
                });
}

} // namespace

GgmlStyleParams ggmlStyleParams(const RopeParams& params) {
    scaledFrequencies(params); // validates params and the method's own fields
    GgmlStyleParams g;
    g.freqBase = static_cast<float>(params.base);
    // ggml's rope takes one freq_scale for all pairs: θ'_i = θ_i·freq_scale, which is the
    // unscaled ladder (1) or position interpolation (1/s); every other method reshapes the ladder.
    switch (params.scaling.method) {
    case ScalingKind::Default:
        g.freqScale = 1.0f;
        return g;
    case ScalingKind::Linear:
        g.freqScale = static_cast<float>(1.0 / params.scaling.factor);
        return g;
    case ScalingKind::Ntk:
    case ScalingKind::Dynamic:
    case ScalingKind::Yarn:
    case ScalingKind::Llama3:
    case ScalingKind::LongRope:
    case ScalingKind::Proportional:
        break;
    }
    throw InvalidParameter("method", "the ggml-style baseline supports methods 'default' and "
                                     "'linear', got '" +
                                         std::string(scalingId(params.scaling.method)) + "'");
}

void applyRopeGgmlStyle(const GgmlStyleParams& params, const std::int32_t* positions,
                        const BatchShape& shape, float* q, float* k, int threads) {
    plannedThreadCount(shape, 1); // validates every field of the shape
    if (threads < 1 || threads > limits::kMaxThreads) {
        throw InvalidParameter("threads",
                               "threads must be in [1, 256], got " + std::to_string(threads));
    }
    if (!std::isfinite(params.freqBase) || params.freqBase <= 1.0f) {
        throw InvalidParameter("freq-base", "freq-base must be finite and > 1, got " +
                                                std::to_string(params.freqBase));
    }
    checkPositive(params.freqScale, "freq-scale");
    checkPositive(params.attnFactor, "attn-factor");
    if (shape.seq > 0 && positions == nullptr) {
        throw InvalidParameter("positions",
                               "positions is null but seq is " + std::to_string(shape.seq));
    }
    for (long long t = 0; t < shape.seq; ++t) {
        if (positions[t] < -limits::kMaxKernelPosition ||
            positions[t] > limits::kMaxKernelPosition) {
            throw InvalidParameter("positions", "positions[" + std::to_string(t) +
                                                    "] = " + std::to_string(positions[t]) +
                                                    " is beyond |position| <= 2^24 = 16777216");
        }
    }
    if (q == nullptr && shape.seq > 0 && shape.headsQ > 0) {
        throw InvalidParameter("q", "q is null but seq*heads*dim is not zero");
    }
    if (k == nullptr && shape.seq > 0 && shape.headsKv > 0) {
        throw InvalidParameter("k", "k is null but seq*heads-kv*dim is not zero");
    }
    detail::GgmlRopeOp op;
    op.ne0 = shape.headDim;
    op.ne2 = shape.seq;
    op.nDims = shape.effectiveRotaryDim();
    op.neox = shape.layout == Layout::Half;
    op.pos = positions;
    op.freqBase = params.freqBase;
    op.freqScale = params.freqScale;
    op.attnFactor = params.attnFactor;
    // Two graph nodes in an engine: rope(Q), then rope(K), each with its own angle rows.
    if (shape.seq > 0 && shape.headsQ > 0) {
        op.data = q;
        op.ne1 = shape.headsQ;
        runOp(op, threads);
    }
    if (shape.seq > 0 && shape.headsKv > 0) {
        op.data = k;
        op.ne1 = shape.headsKv;
        runOp(op, threads);
    }
}

std::string ggmlStyleIsaName() {
    return ggmlStyleThreadFunction() == &detail::ggmlRopeThreadBaseline ? "x86-64" : "avx512f";
}

} // namespace rope
