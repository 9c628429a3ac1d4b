// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The loop over rows, heads, pairs and the scalar tail, written once and included by every
// ISA file (rope_kernel_sse2.cpp, _avx2.cpp, _avx512.cpp), as google/highway's
// foreach_target.h re-includes one body per target. An ISA file supplies only a `Step` type
// with the per-pair step in its vector and scalar forms:
//
//   struct Step {
//       static constexpr std::int64_t kHalfPairs;        // pairs per half-layout step
//       static constexpr std::int64_t kHalfWidePairs;    // 0, or pairs per wider step taken
//       static constexpr std::uintptr_t kHalfWideAlign;  //   when both halves are aligned
//                                                        //   (only if kHalfWidePairs > 0)
//       static constexpr std::int64_t kInterleavedPairs; // pairs per interleaved step
//       static constexpr int kAngleLanes;                // doubles per angle step (≥ 4:
//                                                        //   the float results fill ≥ 16 bytes)
//       static void pair(float* xa, float* xb, float c, float s);          // scalar tail
//       static void half(float* lo, float* hi, const float* c, const float* s);
//       static void halfWide(float* lo, float* hi, const float* c, const float* s);
//       static void interleaved(float* x, const float* c, const float* s);
//       static void finish();                            // e.g. vzeroupper
//   };
//
// ODR: everything below is in an unnamed namespace, and each ISA file's Step is too, so every
// instantiation has internal linkage: the linker never merges the AVX-512 copy of a function
// with the SSE2 one (which would let an SSE2-only CPU run AVX-512 code). The CTest
// kernel_isa_objects_share_no_symbols checks with `nm` that the ISA objects define no weak
// (COMDAT) symbol (kernels.cmake). Like the ISA files, this header includes nothing
// that other translation units also instantiate (no <cmath>, no std:: templates).

#include "core/kernels/rope_kernel_isa.h"

#include <cstdint>

namespace rope::detail {
namespace {

// ---- Rotation with a row of cos/sin -------------------------------------------------------

template <class Step>
[[gnu::always_inline]] inline void rotateHalf(float* x, const float* c, const float* s,
                                              std::int64_t pairs) {
    // Half layout: pairs (i, i + P), two contiguous runs.
    float* lo = x;
    float* hi = x + pairs;
    std::int64_t i = 0;
    if constexpr (Step::kHalfWidePairs > 0) {
        const auto address = [](const float* p) { return reinterpret_cast<std::uintptr_t>(p); };
        if (((address(lo) | address(hi)) & (Step::kHalfWideAlign - 1)) == 0) {
            for (; i + Step::kHalfWidePairs <= pairs; i += Step::kHalfWidePairs) {
                Step::halfWide(lo + i, hi + i, c + i, s + i);
            }
        }
    }
    for (; i + Step::kHalfPairs <= pairs; i += Step::kHalfPairs) {
        Step::half(lo + i, hi + i, c + i, s + i);
    }
    for (; i < pairs; ++i) {
        Step::pair(lo + i, hi + i, c[i], s[i]);
    }
}

template <class Step>
[[gnu::always_inline]] inline void rotateInterleaved(float* x, const float* c, const float* s,
                                                     std::int64_t pairs) {
    // Interleaved layout: pairs (2i, 2i+1).
    std::int64_t i = 0;
    for (; i + Step::kInterleavedPairs <= pairs; i += Step::kInterleavedPairs) {
        Step::interleaved(x + 2 * i, c + i, s + i);
    }
    for (; i < pairs; ++i) {
        Step::pair(x + 2 * i, x + 2 * i + 1, c[i], s[i]);
    }
}

// Every head of Q and K at row t shares the row's cos/sin.
template <class Step>
[[gnu::always_inline]] inline void rotateRow(const KernelArgs& a, std::int64_t t, const float* c,
                                             const float* s) {
    if (a.halfLayout) {
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateHalf<Step>(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateHalf<Step>(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs);
        }
    } else {
        for (std::int64_t h = 0; h < a.headsQ; ++h) {
            rotateInterleaved<Step>(a.q + (t * a.headsQ + h) * a.headDim, c, s, a.pairs);
        }
        for (std::int64_t h = 0; h < a.headsKv; ++h) {
            rotateInterleaved<Step>(a.k + (t * a.headsKv + h) * a.headDim, c, s, a.pairs);
        }
    }
}

/// Table mode: rows [rowBegin, rowEnd) with cos/sin read from the prebuilt table.
template <class Step>
void rotateRowsTable(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    // A local copy lets the compiler keep the fields in registers; read through the reference
    // they are reloaded after every head's stores (the stores might alias them), which
    // measured up to 4x slower at memory-bound sizes (docs/PERFORMANCE.md).
    const KernelArgs a = args;
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        rotateRow<Step>(a, t, a.cos + t * a.pairs, a.sin + t * a.pairs);
    }
    Step::finish();
}

// ---- Vectorised cos/sin of p·θ_i ----------------------------------------------------------
//
// Written once with GCC/Clang generic vectors of N doubles; compiled in each ISA file, they
// become that ISA's registers (N = 4 SSE2 as two registers, 4 AVX2, 8 AVX-512F). Only operations
// SSE2 has for 64-bit lanes are used (add, mul, and/or/xor, shift, subtract), so no lane falls back
// to scalar code.
//
// Algorithm and error bound (x = fl(p·θ), |x| ≤ 2^25 is checked by the caller):
// 1. k = nearest integer to x·2/π, by adding and subtracting 1.5·2^52; its low mantissa bits
//    are k mod 4 (the quadrant).
// 2. Cody–Waite reduction r = x − k·π/2 with π/2 = C1 + C2 + C3: C1 and C2 have ≤ 28
//    significant bits, so k·C1 and k·C2 are exact for |k| < 2^25; x − k·C1 is exact
//    (Sterbenz); two more roundings and the neglected tail (|π/2 − ΣC| < 10^-34) leave
//    |r − (x − kπ/2)| ≤ 3·2^-53·|r| + 2^-53·|k·C3| < 4·10^-16, |r| ≤ π/4 + 10^-8.
// 3. Taylor polynomials on |r| ≤ 0.7855: sin to r^13, cos to r^14. Lagrange remainders
//    ≤ 0.7855^15/15! < 2.1·10^-14 and 0.7855^16/16! < 1.1·10^-15; the evaluation in double
//    adds < 10^-15. So |ŝ − sin x| and |ĉ − cos x| ≤ 3·10^-14 (float's half ulp near 1 is
//    3·10^-8: more terms would buy nothing once rounded to float).
// 4. Quadrant: swap sin/cos for odd k and flip signs (exact bit operations; a C-style cast
//    between equally sized generic vectors reinterprets the bits).
// 5. Multiply by the attention factor a, round once to float.
// Hence |c_f − a·cos(pθ)| ≤ ½ ulp_f32(a·cos) + a·(3·10^-14 + |pθ|·2^-53 + 2^-53): the same
// half-ulp as the table (rope_cache.cpp, glibc's cos in double), plus 1.2·10^-10·a at
// |pθ| = 2^20. tests/core/tst_rope_kernel_computed.cpp checks it against long double.

template <int N> struct AngleVec {
    typedef double D __attribute__((vector_size(8 * N)));
    typedef long long I __attribute__((vector_size(8 * N)));
    typedef float F __attribute__((vector_size(4 * N)));
};

template <int N>
[[gnu::always_inline]] inline void sinCosBlock(const typename AngleVec<N>::D& x, double attention,
                                               typename AngleVec<N>::D& cosOut,
                                               typename AngleVec<N>::D& sinOut) {
    using D = typename AngleVec<N>::D;
    using I = typename AngleVec<N>::I;
    const D zero = x - x;
    const D twoOverPi = zero + 0x1.45f306dc9c883p-1;
    const D magic = zero + 0x1.8p52; // 1.5·2^52: x + magic rounds x to an integer
    const D c1 = zero + 0x1.921fb54p+0;
    const D c2 = zero + 0x1.10b4612p-30;
    const D c3 = zero + -0x1.676733ae8fe48p-60;
    const D shifted = x * twoOverPi + magic;
    const I quadrant = (I)shifted & 3; // = k mod 4
    const D k = shifted - magic;
    const D r = ((x - k * c1) - k * c2) - k * c3;
    // Taylor polynomials in z = r², each split into even and odd powers of z (w = z²) so two
    // short Horner chains run in parallel instead of one long one:
    //   sin r = r + r·z·[(s0 + s2 w + s4 w²) + z (s1 + s3 w + s5 w²)],  s_j = (−1)^(j+1)/(2j+3)!
    //   cos r = 1 + z·[(c0 + c2 w + c4 w² + c6 w³) + z (c1 + c3 w + c5 w²)],
    //           c_j = (−1)^(j+1)/(2j+2)!
    const D z = r * r;
    const D w = z * z;
    const D sinEven = -1.0 / 6 + w * (-1.0 / 5040 + w * (-1.0 / 39916800));
    const D sinOdd = 1.0 / 120 + w * (1.0 / 362880 + w * (1.0 / 6227020800));
    const D sp = r + r * z * (sinEven + z * sinOdd);
    const D cosEven = -0.5 + w * (-1.0 / 720 + w * (-1.0 / 3628800 + w * (-1.0 / 87178291200)));
    const D cosOdd = 1.0 / 24 + w * (1.0 / 40320 + w * (1.0 / 479001600));
    const D cp = 1.0 + z * (cosEven + z * cosOdd);
    // k mod 4:  0: (sin r, cos r)  1: (cos r, −sin r)  2: (−sin r, −cos r)  3: (−cos r, sin r)
    const I swap = -(quadrant & 1); // all ones for odd k
    const I spBits = (I)sp;
    const I cpBits = (I)cp;
    const I sinSign = (quadrant & 2) << 62;       // sign bit when k mod 4 ∈ {2, 3}
    const I cosSign = ((quadrant + 1) & 2) << 62; // sign bit when k mod 4 ∈ {1, 2}
    const I sinBits = ((cpBits & swap) | (spBits & ~swap)) ^ sinSign;
    const I cosBits = ((spBits & swap) | (cpBits & ~swap)) ^ cosSign;
    sinOut = (D)sinBits * attention;
    cosOut = (D)cosBits * attention;
}

/// cos/sin of position·θ_i for i < pairs, times a, rounded once to float.
template <int N>
[[gnu::always_inline]] inline void sinCosRow(double position, const double* invFreq,
                                             double attention, float* c, float* s,
                                             std::int64_t pairs) {
    using D = typename AngleVec<N>::D;
    using F = typename AngleVec<N>::F;
    std::int64_t i = 0;
    D theta;
    D cv;
    D sv;
    for (; i + N <= pairs; i += N) {
        __builtin_memcpy(&theta, invFreq + i, sizeof theta);
        sinCosBlock<N>(theta * position, attention, cv, sv);
        // One rounding to float per lane (round to nearest), stored as a vector.
        const F cf = __builtin_convertvector(cv, F);
        const F sf = __builtin_convertvector(sv, F);
        __builtin_memcpy(c + i, &cf, sizeof cf);
        __builtin_memcpy(s + i, &sf, sizeof sf);
    }
    if (i < pairs) {
        // The tail runs through the same vector code (unused lanes are zero), so every pair
        // has the same rounding whatever its index.
        const std::int64_t rest = pairs - i;
        theta = theta - theta;
        __builtin_memcpy(&theta, invFreq + i, static_cast<unsigned long>(rest) * sizeof(double));
        sinCosBlock<N>(theta * position, attention, cv, sv);
        for (std::int64_t j = 0; j < rest; ++j) {
            c[i + j] = static_cast<float>(cv[j]);
            s[i + j] = static_cast<float>(sv[j]);
        }
    }
}

/// Computed mode: rows [rowBegin, rowEnd); each row's cos/sin are formed from its position
/// and θ_i into a buffer that stays in L1, then used by every head of the row.
template <class Step>
void rotateRowsComputed(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd) {
    const KernelArgs a = args; // see rotateRowsTable()
    alignas(64) float c[kMaxKernelPairs];
    alignas(64) float s[kMaxKernelPairs];
    for (std::int64_t t = rowBegin; t < rowEnd; ++t) {
        // |p| ≤ 2^24 is exact in double; p·θ_i is one rounding.
        sinCosRow<Step::kAngleLanes>(static_cast<double>(a.positions[t]), a.invFreq,
                                     a.attentionFactor, c, s, a.pairs);
        rotateRow<Step>(a, t, c, s);
    }
    Step::finish();
}

} // namespace
} // namespace rope::detail
