// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// \file vector_state.h
/// The AVX upper-register state a library leaves behind, and why core clears it.
///
/// rope_core is compiled for baseline x86-64, so its scalar loops (and Eigen's, and the calls
/// around glibc's cos/pow) are legacy-SSE instructions. When 256-bit AVX code has written the
/// upper halves of ymm0–15 and returned without `vzeroupper`, the core marks that state dirty,
/// and every later SSE instruction pays for it (a merge with, or a save of, the upper halves).
/// Qt 6.4's raster fill (`qt_memfill32`/`qt_memfill64` tail-call an AVX2 helper that takes its
/// value as a __m256i, so GCC puts `vzeroupper` neither before the jump nor at the helper's
/// return) and its AES `qHash` (vaesenc on ymm) leave the GUI thread in that state after every
/// paint. Measured on this Xeon (family 6, model 207): the kv-cache panel's 400 sampled lengths
/// took 35 ms after a single `vpcmpeqd ymm8` instead of 1.5 ms — the two slider frames over
/// the 16 ms budget in issue #34 were this penalty, not their arithmetic.
///
/// `vzeroupper` zeroes bits 128 and up of ymm0–15 and changes nothing else. At a call into code
/// compiled for SSE those bits hold nothing live (every vector register is caller-saved in the
/// System V ABI, and a caller compiled with AVX executes `vzeroupper` itself before calling a
/// function that takes no 256-bit argument), so clearing them cannot change a single result bit.

namespace rope {

/// \brief Executes `vzeroupper` when the CPU has AVX (x86-64 with GCC or Clang); otherwise does
/// nothing. Call it at the entry of a long scalar computation that may run on a thread where
/// AVX code ran before (the GUI thread after a paint); it costs a few cycles.
void clearUpperVectorState() noexcept;

} // namespace rope
