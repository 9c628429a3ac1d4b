// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run-time dispatch of Backend::Simd. This file is compiled for the x86-64 baseline (no ISA
// flags) so it may run anywhere; it only calls an ISA file's kernel after the CPU reports
// that ISA. __builtin_cpu_supports (libgcc) also checks XGETBV, i.e. that the OS saves the
// YMM/ZMM state, before it reports AVX2 or AVX-512F. Without ROPE_KERNEL_X86
// (ROPE_ENABLE_SIMD=OFF or a non-x86 target) Simd aliases the reference loop.
#include "core/kernels/rope_kernel.h"
#include "core/kernels/rope_kernel_isa.h"

#include <cstring>

namespace rope::detail {

namespace {

struct IsaEntry {
    const char* name;
    KernelFunction table;    // cos/sin read from a prebuilt table
    KernelFunction computed; // cos/sin formed in the pass
    bool (*supported)();
};

// Widest first: the first supported row is what Backend::Simd selects.
#if defined(ROPE_KERNEL_X86)
constexpr IsaEntry kIsas[] = {
    {"avx512f", &rotateRowsAvx512, &rotateRowsComputedAvx512,
     [] { return __builtin_cpu_supports("avx512f") != 0; }},
    {"avx2+fma", &rotateRowsAvx2, &rotateRowsComputedAvx2,
     [] { return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("fma") != 0; }},
    {"sse2", &rotateRowsSse2, &rotateRowsComputedSse2,
     [] { return __builtin_cpu_supports("sse2") != 0; }},
};
#else
constexpr IsaEntry kIsas[] = {
    {"scalar", &rotateRowsReference, &rotateRowsComputedReference, [] { return true; }},
};
#endif

} // namespace

KernelFunction selectKernel(bool simd, const char* isa, bool computedAngles) {
    if (!simd) {
        return computedAngles ? &rotateRowsComputedReference : &rotateRowsReference;
    }
    for (const IsaEntry& e : kIsas) {
        if (!e.supported()) {
            continue;
        }
        if (isa == nullptr || *isa == '\0' || std::strcmp(isa, e.name) == 0) {
            return computedAngles ? e.computed : e.table;
        }
    }
    return nullptr;
}

} // namespace rope::detail

namespace rope {

std::string simdIsaName() {
    const std::vector<std::string> names = simdIsaNames();
    return names.front();
}

std::vector<std::string> simdIsaNames() {
    std::vector<std::string> names;
    for (const detail::IsaEntry& e : detail::kIsas) {
        if (e.supported()) {
            names.emplace_back(e.name);
        }
    }
    if (names.empty()) {
        // Unreachable on x86-64 (SSE2 is architectural), kept so the list is never empty.
        names.emplace_back("scalar");
    }
    return names;
}

} // namespace rope
