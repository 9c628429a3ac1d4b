// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The specification of the batch kernel: the plainest loop, one pair at a time. Compiled with
// -ffp-contract=off (kernels.cmake) so that x_a·c − x_b·s really is two rounded products and
// one rounded difference on every compiler and -march, which is what makes the SSE2 path
// bit-identical to it and bounds the FMA paths' difference (tst_rope_kernel.cpp). Also
// compiled with -fno-tree-vectorize (kernels.cmake): the "SIMD vs scalar" contrast the batch
// panel and `rope-cli bench --backend reference` show must not depend on whether the build
// type lets the compiler vectorise this loop (GCC's -O3 would); a CTest
// (kernel_reference_is_scalar) checks the object code for packed arithmetic.
#include "core/kernels/rope_kernel_isa.h"

#include <cmath>

namespace rope::detail {

namespace {

// Rotates the first 2·pairs coordinates of one head vector x.
void rotateHead(float* x, const float* c, const float* s, std::int64_t pairs, bool halfLayout) {
    for (std::int64_t i = 0; i < pairs; ++i) {
        // Interleaved pairs (2i, 2i+1) as RoFormer/GPT-J; half pairs (i, i + r/2) as NeoX.
        const std::int64_t a = halfLayout ? i : 2 * i;
        const std::int64_t b = halfLayout ? i + pairs : 2 * i + 1;
        const float xa = x[a];
        const float xb = x[b];
        // [x_a'; x_b'] = [c −s; s c]·[x_a; x_b], the 2×2 block of R_Θ,m (RoFormer eq. 13).
        x[a] = xa * c[i] - xb * s[i];
        x[b] = xb * c[i] + xa * s[i];
    }
}

} // namespace

void rotateRowsReference(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
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

void rotateRowsComputedReference(const KernelArgs& args, std::int64_t rowBegin,
                                 std::int64_t rowEnd) {
    // The same formula as buildRopeCache() (rope_cache.cpp), one row at a time: angle, cos,
    // sin and the attention factor in double, one rounding to float. So this path is
    // bit-identical to buildRopeCache() + rotateRowsReference().
    const KernelArgs a = args;
    float c[kMaxKernelPairs];
    float s[kMaxKernelPairs];
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        const double p = static_cast<double>(a.positions[t]);
        for (std::int64_t i = 0; i < a.pairs; ++i) {
            const double angle = p * a.invFreq[i];
            c[i] = static_cast<float>(a.attentionFactor * std::cos(angle));
            s[i] = static_cast<float>(a.attentionFactor * std::sin(angle));
        }
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateHead(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateHead(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs, a.halfLayout);
        }
    }
}

} // namespace rope::detail
