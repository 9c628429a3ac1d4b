// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SSE2 per-pair steps (the x86-64 baseline, 4 floats per register); the loops are
// rope_kernel_driver.h. No FMA and no contraction (-ffp-contract=off), so every output is
// fl(fl(x·c) ± fl(y·s)) exactly as in the reference: this path is bit-identical to it.
// Includes only the driver and <immintrin.h> (see rope_kernel_isa.h).
#include "core/kernels/rope_kernel_driver.h"

#include <immintrin.h>

namespace rope::detail {

namespace {

struct Sse2Step {
    static constexpr std::int64_t kHalfPairs = 4;
    static constexpr std::int64_t kHalfWidePairs = 0;
    static constexpr std::int64_t kInterleavedPairs = 4;
    static constexpr int kAngleLanes = 4;

    // x_a' = x_a c − x_b s, x_b' = x_b c + x_a s: the vector steps' rounding, for the tail.
    static void pair(float* xa, float* xb, float c, float s) {
        const float a = *xa;
        const float b = *xb;
        *xa = a * c - b * s;
        *xb = b * c + a * s;
    }

    // Half layout: x_a and x_b load straight from the two runs.
    static void half(float* lo, float* hi, const float* c, const float* s) {
        const __m128 a = _mm_loadu_ps(lo);
        const __m128 b = _mm_loadu_ps(hi);
        const __m128 vc = _mm_loadu_ps(c);
        const __m128 vs = _mm_loadu_ps(s);
        _mm_storeu_ps(lo, _mm_sub_ps(_mm_mul_ps(a, vc), _mm_mul_ps(b, vs)));
        _mm_storeu_ps(hi, _mm_add_ps(_mm_mul_ps(b, vc), _mm_mul_ps(a, vs)));
    }

    // Interleaved, 4 pairs: x = [a0 b0 a1 b1]. With c duplicated per pair [c0 c0 c1 c1], s
    // duplicated and signed [−s0 s0 −s1 s1], and x swapped within pairs [b0 a0 b1 a1]:
    // x·c + swap(x)·s± = [a0c0 − b0s0, b0c0 + a0s0, …]. Negating s is exact, so the rounding
    // is that of the reference. SSE2 has no addsub (SSE3), hence the sign vector.
    static void interleaved(float* x, const float* c, const float* s) {
        const __m128 sign = _mm_set_ps(1.0f, -1.0f, 1.0f, -1.0f); // lanes 0…3 = −1, +1, −1, +1
        const __m128 vc = _mm_loadu_ps(c);
        const __m128 vs = _mm_loadu_ps(s);
        const __m128 c01 = _mm_unpacklo_ps(vc, vc); // c0 c0 c1 c1
        const __m128 c23 = _mm_unpackhi_ps(vc, vc); // c2 c2 c3 c3
        const __m128 s01 = _mm_mul_ps(_mm_unpacklo_ps(vs, vs), sign);
        const __m128 s23 = _mm_mul_ps(_mm_unpackhi_ps(vs, vs), sign);
        const __m128 x01 = _mm_loadu_ps(x);
        const __m128 x23 = _mm_loadu_ps(x + 4);
        const __m128 w01 = _mm_shuffle_ps(x01, x01, _MM_SHUFFLE(2, 3, 0, 1));
        const __m128 w23 = _mm_shuffle_ps(x23, x23, _MM_SHUFFLE(2, 3, 0, 1));
        _mm_storeu_ps(x, _mm_add_ps(_mm_mul_ps(x01, c01), _mm_mul_ps(w01, s01)));
        _mm_storeu_ps(x + 4, _mm_add_ps(_mm_mul_ps(x23, c23), _mm_mul_ps(w23, s23)));
    }

    static void finish() {}
};

} // namespace

void rotateRowsSse2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsTable<Sse2Step>(args, rowBegin, rowEnd);
}

void rotateRowsComputedSse2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    rotateRowsComputed<Sse2Step>(args, rowBegin, rowEnd);
}

} // namespace rope::detail
