// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The specification of the batch kernel: the plainest loop, one pair at a time. Compiled with
// -ffp-contract=off (kernels.cmake) so that x_a·c − x_b·s really is two rounded products and
// one rounded difference on every compiler and -march, which is what makes the SSE2 path
// bit-identical to it and bounds the FMA paths' difference (tst_rope_kernel.cpp).
#include "core/kernels/rope_kernel_isa.h"

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

} // namespace rope::detail
