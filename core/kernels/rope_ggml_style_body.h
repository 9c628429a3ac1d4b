// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The ggml-style rope loop (rope_ggml_style.h), included by rope_ggml_style.cpp (baseline
// x86-64) and rope_ggml_style_avx512.cpp (-mavx512f). Everything is in an unnamed namespace
// and uses only builtins (__builtin_cosf/sinf/powf call libm directly, no inline <cmath>
// wrapper), so no function is shared between the two objects (see rope_kernel_isa.h).

#include <cstdint>

namespace rope::detail {

/// One ggml rope op over one tensor [seq][heads][headDim], in place.
struct GgmlRopeOp {
    float* data = nullptr;
    std::int64_t ne0 = 0; // head dim
    std::int64_t ne1 = 0; // heads
    std::int64_t ne2 = 0; // tokens
    std::int64_t nDims = 0;
    bool neox = true;
    const std::int32_t* pos = nullptr;
    float freqBase = 10000.0f;
    float freqScale = 1.0f;
    float attnFactor = 1.0f;
};

/// Thread \p ith of \p nth; \p cache holds ne0 floats (ggml's per-thread wdata row).
using GgmlRopeThreadFunction = void (*)(const GgmlRopeOp& op, int ith, int nth, float* cache);

void ggmlRopeThreadBaseline(const GgmlRopeOp& op, int ith, int nth, float* cache);
#if defined(ROPE_KERNEL_X86)
void ggmlRopeThreadAvx512(const GgmlRopeOp& op, int ith, int nth, float* cache);
#endif

namespace {

// ggml_rope_cache_init with ext_factor = 0 and no freq_factors: rope_yarn() reduces to
// cos/sin of freq_scale·θ times mscale; θ accumulates in float.
inline void ggmlStyleCacheInit(float thetaBase, float freqScale, std::int64_t ne0, float mscale,
                               float* cache, float thetaScale) {
    float theta = thetaBase;
    for (std::int64_t i0 = 0; i0 < ne0; i0 += 2) {
        const float thetaInterp = freqScale * theta;
        cache[i0 + 0] = __builtin_cosf(thetaInterp) * mscale;
        cache[i0 + 1] = __builtin_sinf(thetaInterp) * mscale;
        theta *= thetaScale;
    }
}

// ggml's rotate_pairs<float>: n = n_dims, pairs (ic, ic + nOffset) with ic = i0/scale.
inline void ggmlStyleRotatePairs(std::int64_t n, std::int64_t nOffset, const float* cache,
                                 const float* src, float* dst, int scale) {
    for (std::int64_t i0 = 0; i0 < n; i0 += 2) {
        const std::int64_t ic = i0 / scale;
        const float cosTheta = cache[i0 + 0];
        const float sinTheta = cache[i0 + 1];
        const float x0 = src[ic];
        const float x1 = src[ic + nOffset];
        dst[ic] = x0 * cosTheta - x1 * sinTheta;
        dst[ic + nOffset] = x0 * sinTheta + x1 * cosTheta;
    }
}

inline void ggmlStyleRopeThread(const GgmlRopeOp& op, int ith, int nth, float* cache) {
    const std::int64_t nr = op.ne1 * op.ne2; // rows = heads × tokens
    const std::int64_t dr = (nr + nth - 1) / nth;
    const std::int64_t ir0 = dr * ith;
    const std::int64_t ir1 = ir0 + dr < nr ? ir0 + dr : nr;
    std::int64_t ir = 0;
    const float thetaScale = __builtin_powf(op.freqBase, -2.0f / static_cast<float>(op.nDims));
    for (std::int64_t i2 = 0; i2 < op.ne2; ++i2) { // tokens
        // As ggml: the row is built before the thread knows whether it owns any head of it.
        const std::int64_t p = op.pos[i2];
        ggmlStyleCacheInit(static_cast<float>(p), op.freqScale, op.ne0, op.attnFactor, cache,
                           thetaScale);
        for (std::int64_t i1 = 0; i1 < op.ne1; ++i1) { // heads
            if (ir++ < ir0) {
                continue;
            }
            if (ir > ir1) {
                break;
            }
            float* row = op.data + (i2 * op.ne1 + i1) * op.ne0;
            if (op.neox) {
                ggmlStyleRotatePairs(op.nDims, op.nDims / 2, cache, row, row, 2);
            } else {
                ggmlStyleRotatePairs(op.nDims, 1, cache, row, row, 1);
            }
            // ggml then copies the channels past n_dims from src to dst: in place, the identity.
        }
    }
}

} // namespace
} // namespace rope::detail
