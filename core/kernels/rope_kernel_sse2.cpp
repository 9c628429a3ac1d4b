// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SSE2 kernel (the x86-64 baseline, 4 floats per register). No FMA and no contraction
// (-ffp-contract=off), so every output is fl(fl(x·c) ± fl(y·s)) exactly as in the reference:
// this path is bit-identical to it. Includes only <immintrin.h> (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_isa.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

// The per-pair step, shared by the vector body's rounding and the scalar tail:
// x_a' = x_a c − x_b s, x_b' = x_b c + x_a s.
inline void rotatePair(float* xa, float* xb, float c, float s) {
    const float a = *xa;
    const float b = *xb;
    *xa = a * c - b * s;
    *xb = b * c + a * s;
}

// Half layout: pairs (i, i + P) are two contiguous runs, so x_a and x_b load straight.
void rotateHalf(float* x, const float* c, const float* s, std::int64_t pairs) {
    float* lo = x;
    float* hi = x + pairs;
    std::int64_t i = 0;
    for (; i + 4 <= pairs; i += 4) {
        const __m128 a = _mm_loadu_ps(lo + i);
        const __m128 b = _mm_loadu_ps(hi + i);
        const __m128 vc = _mm_loadu_ps(c + i);
        const __m128 vs = _mm_loadu_ps(s + i);
        _mm_storeu_ps(lo + i, _mm_sub_ps(_mm_mul_ps(a, vc), _mm_mul_ps(b, vs)));
        _mm_storeu_ps(hi + i, _mm_add_ps(_mm_mul_ps(b, vc), _mm_mul_ps(a, vs)));
    }
    for (; i < pairs; ++i) {
        rotatePair(lo + i, hi + i, c[i], s[i]);
    }
}

// Interleaved layout: x = [a0 b0 a1 b1]. With c duplicated per pair [c0 c0 c1 c1], s
// duplicated and signed [−s0 s0 −s1 s1], and x swapped within pairs [b0 a0 b1 a1]:
// x·c + swap(x)·s± = [a0c0 − b0s0, b0c0 + a0s0, …]. Negating s is exact, so the rounding is
// that of the reference. SSE2 has no addsub (SSE3), hence the sign vector.
void rotateInterleaved(float* x, const float* c, const float* s, std::int64_t pairs) {
    const __m128 sign = _mm_set_ps(1.0f, -1.0f, 1.0f, -1.0f); // lanes 0…3 = −1, +1, −1, +1
    std::int64_t i = 0;
    for (; i + 4 <= pairs; i += 4) {
        const __m128 vc = _mm_loadu_ps(c + i);
        const __m128 vs = _mm_loadu_ps(s + i);
        const __m128 c01 = _mm_unpacklo_ps(vc, vc); // c0 c0 c1 c1
        const __m128 c23 = _mm_unpackhi_ps(vc, vc); // c2 c2 c3 c3
        const __m128 s01 = _mm_mul_ps(_mm_unpacklo_ps(vs, vs), sign);
        const __m128 s23 = _mm_mul_ps(_mm_unpackhi_ps(vs, vs), sign);
        float* p = x + 2 * i;
        const __m128 x01 = _mm_loadu_ps(p);
        const __m128 x23 = _mm_loadu_ps(p + 4);
        const __m128 w01 = _mm_shuffle_ps(x01, x01, _MM_SHUFFLE(2, 3, 0, 1));
        const __m128 w23 = _mm_shuffle_ps(x23, x23, _MM_SHUFFLE(2, 3, 0, 1));
        _mm_storeu_ps(p, _mm_add_ps(_mm_mul_ps(x01, c01), _mm_mul_ps(w01, s01)));
        _mm_storeu_ps(p + 4, _mm_add_ps(_mm_mul_ps(x23, c23), _mm_mul_ps(w23, s23)));
    }
    for (; i < pairs; ++i) {
        rotatePair(x + 2 * i, x + 2 * i + 1, c[i], s[i]);
    }
}

void rotateHead(float* x, const float* c, const float* s, std::int64_t pairs, bool half) {
    if (half) {
        rotateHalf(x, c, s, pairs);
    } else {
        rotateInterleaved(x, c, s, pairs);
    }
}

} // namespace

void rotateRowsSse2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    // A local copy lets the compiler keep the fields in registers; read through the reference
    // they are reloaded after every head's stores (the stores might alias them), which
    // measured up to 4x slower at memory-bound sizes (docs/PERFORMANCE.md).
    const KernelArgs a = args;
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        // One position per row: every head of Q and K at row t shares the row's cos/sin.
        const float* c = a.cos + t * a.pairs;
        const float* s = a.sin + t * a.pairs;
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateHead(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateHead(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
    }
}

} // namespace rope::detail
