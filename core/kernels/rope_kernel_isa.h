// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal interface between the dispatcher and the per-ISA kernel files. Deliberately plain:
// the ISA files are compiled with -mavx2/-mavx512f, and any inline function they share with
// the rest of the program (std::vector, std::string, Eigen, <cmath> wrappers) would be emitted
// with those instructions as a COMDAT the linker may keep for every caller, which would fault
// on an older CPU. So this header holds only a POD struct and function declarations, and the
// ISA files include nothing but it, rope_kernel_driver.h (whose contents all have internal
// linkage) and <immintrin.h>.

#include <cstdint>

namespace rope::detail {

/// Everything one kernel call needs, already validated: rows [rowBegin, rowEnd) of Q and K.
struct KernelArgs {
    // Table mode: the prebuilt float cos/sin table.
    const float* cos = nullptr; // [seq][pairs]
    const float* sin = nullptr; // [seq][pairs]
    // Computed mode: cos/sin of positions[t]·invFreq[i] formed inside the pass.
    const std::int64_t* positions = nullptr; // [seq]
    const double* invFreq = nullptr;         // [pairs], 0 ≤ θ_i ≤ limits::kMaxComputedInvFreq
    double attentionFactor = 1.0;
    float* q = nullptr; // [seq][headsQ][headDim]
    float* k = nullptr; // [seq][headsKv][headDim]
    std::int64_t headsQ = 0;
    std::int64_t headsKv = 0;
    std::int64_t headDim = 0;
    std::int64_t pairs = 0; // rotary dim / 2
    bool halfLayout = false;
};

/// Most pairs one row can have (limits::kMaxDim / 2): the computed mode's per-row cos/sin
/// buffers are this long.
inline constexpr std::int64_t kMaxKernelPairs = 4096;

/// One kernel: rotates rows [rowBegin, rowEnd). Every ISA file defines one with this type per
/// angle mode.
using KernelFunction = void (*)(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);

void rotateRowsReference(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsComputedReference(const KernelArgs& args, std::int64_t rowBegin,
                                 std::int64_t rowEnd);
#if defined(ROPE_KERNEL_X86)
void rotateRowsSse2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsAvx2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsAvx512(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsComputedSse2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsComputedAvx2(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
void rotateRowsComputedAvx512(const KernelArgs& args, std::int64_t rowBegin, std::int64_t rowEnd);
#endif

/// Kernel for \p backend / \p isa ("" = widest) and angle mode; nullptr if \p isa is not
/// usable here.
KernelFunction selectKernel(bool simd, const char* isa, bool computedAngles = false);

} // namespace rope::detail
