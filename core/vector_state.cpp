// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/vector_state.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace rope {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
namespace {
// Only this function is compiled for AVX (the attribute), and it is called only after the CPU
// said it has AVX: `vzeroupper` is an invalid opcode without it.
__attribute__((target("avx"))) void zeroUpper() noexcept {
    _mm256_zeroupper();
}
} // namespace

void clearUpperVectorState() noexcept {
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx) {
        zeroUpper();
    }
}
#else
void clearUpperVectorState() noexcept {}
#endif

} // namespace rope
